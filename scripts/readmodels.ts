// The read versions' triggers, generated from the owners' declarations (*.feeds.ts) as a drizzle
// migration (docs/adr/2026-11-29-read-models-declare.md). `npm run readmodels:generate` writes a
// new migration `<n>_read_models.sql` when the declarations give other triggers than the latest
// one; `--check` only says whether they do (scripts/check-generated.ts). Each such migration
// drops every read-version trigger and makes the declared ones, so the latest is the whole truth.
import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadDeclarations, renderTriggers, undeclared } from '../apps/server/src/platform/db/read-models.ts'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const drizzleDir = path.join(root, 'apps/server/drizzle')
const journalFile = path.join(drizzleDir, 'meta/_journal.json')
const TAG = /^\d{4}_read_models$/

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[]
}

/** The migration SQL the declarations give. */
export async function renderReadModels(): Promise<string> {
  const { feeds, models } = await loadDeclarations()
  const problems = undeclared(feeds, models)
  if (problems.length > 0) throw new Error(`the read models' declarations do not hold:\n${problems.join('\n')}`)
  return renderTriggers(feeds)
}

/** The latest generated read-models migration's file and text, if any. */
export function latestReadModels(): { file: string; text: string } | undefined {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
  const last = journal.entries.filter((e) => TAG.test(e.tag)).at(-1)
  if (!last) return undefined
  const file = path.join(drizzleDir, `${last.tag}.sql`)
  return { file, text: readFileSync(file, 'utf8') }
}

/** Appends a migration holding `text` (with a copy of the latest schema snapshot, as drizzle-kit's custom migrations). */
function addMigration(text: string): string {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
  const previous = journal.entries.at(-1)
  if (!previous) throw new Error('no migration to follow')
  const idx = previous.idx + 1
  const prefix = String(idx).padStart(4, '0')
  const tag = `${prefix}_read_models`
  const snapshot = JSON.parse(
    readFileSync(path.join(drizzleDir, `meta/${previous.tag.slice(0, 4)}_snapshot.json`), 'utf8'),
  ) as { id: string; prevId: string }
  const next = { ...snapshot, prevId: snapshot.id, id: randomUUID() }
  writeFileSync(path.join(drizzleDir, `meta/${prefix}_snapshot.json`), JSON.stringify(next, null, 2))
  journal.entries.push({ idx, version: previous.version, when: Date.now(), tag, breakpoints: true })
  writeFileSync(journalFile, JSON.stringify(journal, null, 2))
  writeFileSync(path.join(drizzleDir, `${tag}.sql`), text)
  return tag
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await renderReadModels()
  const latest = latestReadModels()
  if (latest?.text === text) {
    console.log(`the read-version triggers are current (${path.relative(root, latest.file)})`)
  } else if (process.argv.includes('--check')) {
    console.error(
      'the read-version triggers are stale: run `npm run readmodels:generate` and commit apps/server/drizzle',
    )
    process.exit(1)
  } else {
    console.log(`wrote apps/server/drizzle/${addMigration(text)}.sql`)
  }
}
