// Fails when a generated file is stale: docs/API.md, or the drizzle migrations (regenerating
// them from the *.tables.ts files must produce nothing new).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { API_DOC, renderApiDoc } from './api-doc.ts'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const problems: string[] = []

if (!existsSync(API_DOC) || readFileSync(API_DOC, 'utf8') !== renderApiDoc()) {
  problems.push('docs/API.md is stale: run `npm run docs:api` and commit it')
}

const server = path.join(root, 'apps/server')
const scratch = mkdtempSync(path.join(tmpdir(), 'kinetic-migrations-'))
const out = path.join(scratch, 'drizzle')
cpSync(path.join(server, 'drizzle'), out, { recursive: true })
const config = path.join(scratch, 'drizzle.config.mjs')
writeFileSync(
  config,
  // drizzle-kit reads `out` relative to its working directory
  `export default { dialect: 'postgresql', schema: './src/**/*.tables.ts', out: ${JSON.stringify(path.relative(server, out))} }\n`,
)
const log = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: server, encoding: 'utf8' })
if (!log.includes('No schema changes')) {
  problems.push('the drizzle migrations are stale: run `npm run db:generate` and commit apps/server/drizzle')
}

if (problems.length > 0) {
  for (const p of problems) console.error(p)
  process.exit(1)
}
console.log('docs/API.md and the migrations are current')
