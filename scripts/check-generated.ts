// Fails when a generated file is stale: docs/API.md, the drizzle migrations (regenerating
// them from the *.tables.ts files must produce nothing new), the read-version triggers (the
// latest `_read_models` migration is what the *.feeds.ts declarations give) or the hot reads'
// SQL under apps/server/sql.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { API_DOC, renderApiDoc } from './api-doc.ts'
import { staleHotSql } from './hot-sql.ts'
import { latestReadModels, renderReadModels } from './readmodels.ts'

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

if (latestReadModels()?.text !== (await renderReadModels())) {
  problems.push('the read-version triggers are stale: run `npm run readmodels:generate` and commit apps/server/drizzle')
}

const staleSql = await staleHotSql()
if (staleSql.length > 0) {
  problems.push(`apps/server/sql is stale (${staleSql.join(', ')}): run \`npm run sql:generate\` and commit it`)
}

if (problems.length > 0) {
  for (const p of problems) console.error(p)
  process.exit(1)
}
console.log("docs/API.md, the migrations, the read-version triggers and the hot reads' SQL are current")
