import { createRequire } from 'node:module'
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js'
import { AppError } from '../../platform/rpc/app-error.ts'
import { emptyBundle, stepsPerMinute, validHr, type Bundle } from './import-files.ts'

let engine: Promise<SqlJsStatic> | undefined
/** sql.js: SQLite compiled to WebAssembly (no native build), loaded once. */
function sqlite(): Promise<SqlJsStatic> {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')
  engine ??= initSqlJs({ locateFile: () => wasm })
  return engine
}

/** Gadgetbridge's per-minute activity tables (MI_BAND_ACTIVITY_SAMPLE, HUAMI_EXTENDED_…, XIAOMI_…): their shared columns. */
const REQUIRED = ['TIMESTAMP', 'STEPS'] as const

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * A Gadgetbridge database (its "Export database" file): every `*ACTIVITY_SAMPLE` table with
 * TIMESTAMP (Unix seconds) and STEPS gives steps per minute and, where it has HEART_RATE, heart
 * rate (Gadgetbridge writes 0, 255 or -1 for "not measured": dropped with any other reading the
 * watch's contract refuses). Sleep kinds are device-specific codes and are not read.
 */
export async function readGadgetbridge(bytes: Uint8Array): Promise<Bundle> {
  const SQL = await sqlite()
  let db: Database
  try {
    db = new SQL.Database(bytes)
  } catch {
    throw new AppError('IMPORT_DATABASE_BROKEN', { field: 'file' })
  }
  try {
    const bundle = emptyBundle('gadgetbridge')
    const steps: { t: number; count: number }[] = []
    let tables: string[]
    try {
      tables = (
        db.exec(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%ACTIVITY_SAMPLE'`)[0]?.values ?? []
      ).map((r) => String(r[0]))
    } catch {
      throw new AppError('IMPORT_DATABASE_BROKEN', { field: 'file' })
    }
    let read = 0
    for (const table of tables) {
      const columns = (db.exec(`PRAGMA table_info(${quote(table)})`)[0]?.values ?? []).map((r) =>
        String(r[1]).toUpperCase(),
      )
      if (!REQUIRED.every((c) => columns.includes(c))) continue
      const hr = columns.includes('HEART_RATE')
      const statement = db.prepare(
        `SELECT TIMESTAMP, STEPS${hr ? ', HEART_RATE' : ''} FROM ${quote(table)} ORDER BY TIMESTAMP`,
      )
      while (statement.step()) {
        const [rawT, rawSteps, rawHr] = statement.get() as number[]
        read++
        // a few tables keep milliseconds
        const t = rawT! > 100_000_000_000 ? Math.floor(rawT! / 1000) : rawT!
        if (!Number.isInteger(t) || t <= 0) continue
        if (rawSteps! > 0) steps.push({ t, count: rawSteps! })
        if (hr && rawHr !== undefined && validHr(rawHr)) bundle.heartRate.push({ t, bpm: rawHr })
      }
      statement.free()
    }
    if (read === 0) throw new AppError('IMPORT_DATABASE_BROKEN', { field: 'file' })
    bundle.steps = stepsPerMinute(steps)
    return bundle
  } catch (error) {
    // a page sql.js cannot read (a damaged or truncated file) fails only when it is reached
    if (error instanceof AppError) throw error
    throw new AppError('IMPORT_DATABASE_BROKEN', { field: 'file' })
  } finally {
    db.close()
  }
}
