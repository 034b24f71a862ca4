import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { routedQuery } from './replica.ts'

/** A database handle or a transaction: repos work on either. */
export type Db = PgDatabase<NodePgQueryResultHKT>

export interface Database {
  db: Db
  pool: pg.Pool
  /** The replica's pool (`readUrl`): read-only operations' statements outside transactions (platform/db/replica.ts). */
  read?: pg.Pool | undefined
  close(): Promise<void>
}

// int8 (bigint) columns hold ids and counts within 2^53; numeric stays a string (money).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

/**
 * A pool whose checked-out clients go back by themselves when their connection ends.
 * drizzle's `transaction()` releases its client only once BEGIN succeeded: when Postgres
 * restarts between the checkout and BEGIN, that client was never released and the pool
 * lost a connection for good (under load: every one, and then every request timed out).
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback)
    return super.connect().then(releasedWhenEnded)
  }
}

function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release
  let ended = false
  const onEnd = () => {
    ended = true
    release(new Error('connection ended while checked out'))
  }
  client.once('end', onEnd)
  client.release = (err) => {
    if (ended) return // released already, when it ended
    client.off('end', onEnd)
    release(err)
  }
  return client
}

/** A replica is given up on (for the primary) after this long without a connection. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000

export function connect(url: string, max = 20, readUrl?: string): Database {
  const pool = new Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 })
  quiet(pool)
  const read = readUrl
    ? quiet(
        new Pool({
          connectionString: readUrl,
          max,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
        }),
      )
    : undefined
  if (read) pool.query = routedQuery(pool.query.bind(pool), read) as typeof pool.query
  const db = drizzle(pool)
  return { db, pool, read, close: async () => void (await Promise.all([pool.end(), read?.end()])) }
}

function quiet(pool: pg.Pool): pg.Pool {
  // A dropped idle client (e.g. Postgres restarted) must not crash the process.
  pool.on('error', () => undefined)
  // Nor a dropped client in use: pg-pool listens for errors only on idle clients, and a client
  // whose connection ends while checked out emits 'error' (its query fails too, and the pool
  // discards it on release). Unheard, that error is an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}
