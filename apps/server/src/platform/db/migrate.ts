import path from 'node:path'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import { SERVER_ROOT } from '../config.ts'
import { migrateJobs } from '../jobs/jobs.ts'

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle')

/** Arbitrary constant: serializes migrations when several instances start at once. */
const MIGRATION_LOCK = 7_340_001

/** Applies the committed drizzle migrations, one instance at a time, then pg-boss's schema (the jobs). */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR })
    await migrateJobs(url)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}

/** Creates the database named in `url` when it does not exist (for a fresh embedded cluster). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!name || name === 'postgres') return
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}
