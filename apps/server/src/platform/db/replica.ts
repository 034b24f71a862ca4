import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { isDatabaseUnavailable } from './unavailable.ts'

/**
 * Read-only operations on a replica (`DATABASE_READ_URL`, docs/adr/2026-11-25-read-replica.md).
 * The dispatcher runs a read-only operation's handler in {@link onReplica}; while it runs, the
 * statements the handler sends through the pool outside a transaction go to the replica. A
 * transaction (a client checked out of the pool) always runs on the primary.
 */
const scope = new AsyncLocalStorage<{ open: boolean }>()

/** Runs `fn` with its pool statements on the replica; work it leaves running goes to the primary. */
export async function onReplica<T>(fn: () => Promise<T>): Promise<T> {
  const state = { open: true }
  try {
    return await scope.run(state, fn)
  } finally {
    state.open = false
  }
}

/** After the replica could not be reached, reads go to the primary this long before it is tried again. */
export const REPLICA_RETRY_MS = 5_000

/** A replica conflicting with the recovery it replays cancels the read (SQLSTATE 40001): the primary answers it. */
const isRecoveryConflict = (error: unknown) =>
  (error as { code?: unknown }).code === '40001' ||
  ((error as { cause?: unknown }).cause as { code?: unknown } | undefined)?.code === '40001'

type QueryArgs = unknown[]
type Query = (...args: QueryArgs) => Promise<unknown>

/**
 * `pool.query` for the primary pool: inside {@link onReplica}, a promise-style query goes to
 * `replica`; one the replica cannot take (unreachable, restarting, a recovery conflict) is
 * sent to the primary instead, and for {@link REPLICA_RETRY_MS} every read goes there.
 */
export function routedQuery(primary: Query, replica: pg.Pool): Query {
  let downUntil = 0
  return (...args) => {
    const routed = scope.getStore()?.open === true && typeof args.at(-1) !== 'function'
    if (!routed || Date.now() < downUntil) return primary(...args)
    return (replica.query as Query)(...args).catch((error: unknown) => {
      const unreachable = isDatabaseUnavailable(error)
      if (!unreachable && !isRecoveryConflict(error)) throw error
      if (unreachable) downUntil = Date.now() + REPLICA_RETRY_MS
      return primary(...args)
    })
  }
}
