import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'

/** A database handle or a transaction: repos work on either. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  pool: pg.Pool
  close(): Promise<void>
}

// int8 (bigint) columns hold ids and counts within 2^53; numeric stays a string (money).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export function connect(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 })
  // A dropped idle client (e.g. Postgres restarted) must not crash the process.
  pool.on('error', () => undefined)
  // Nor a dropped client in use: pg-pool listens for errors only on idle clients, and a client
  // whose connection ends while checked out emits 'error' (its query fails too, and the pool
  // discards it on release). Unheard, that error is an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = drizzle(pool, { schema })
  return { db, pool, close: () => pool.end() }
}
