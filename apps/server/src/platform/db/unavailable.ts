import pg from 'pg'

/**
 * SQLSTATEs meaning "the server cannot serve right now", not "this query is wrong": class 08
 * (connection exception), 57P01–57P03 (shut down by an administrator or a crash, not yet
 * accepting connections: a restart) and 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/

/** Node's socket errors when the database host does not answer. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** node-postgres' own words for a connection it lost or could not make (it sets no code). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
]

/**
 * Whether `error` (or what caused it: drizzle wraps driver errors in `cause`) says the
 * database could not be reached or is restarting, rather than that a query failed. Such a
 * request is answered 503 SERVICE_UNAVAILABLE; the pool connects again on its own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const visit = (e: unknown): boolean => {
    if (!(e instanceof Error) || seen.has(e)) return false
    seen.add(e)
    if (e instanceof pg.DatabaseError) return UNAVAILABLE_STATES.test(e.code ?? '')
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true
    if (PG_CONNECTION_MESSAGES.some((m) => e.message.includes(m))) return true
    if (e instanceof AggregateError && e.errors.some(visit)) return true
    return visit(e.cause)
  }
  return visit(error)
}
