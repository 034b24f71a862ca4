import pg from 'pg'
import { inject } from 'vitest'
import { describe, expect, it } from 'vitest'
import { freePort } from './embedded.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

/** The error a query really gets, from a client on `url`. */
async function errorOf(url: string, sql: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    await client.query(sql)
  } catch (error) {
    return error
  } finally {
    await client.end().catch(() => undefined)
  }
  throw new Error(`${sql} did not fail`)
}

describe('telling a database that is down from a query that is wrong', () => {
  it('is down: nothing listens, or the server says it is shutting down or starting', async () => {
    const nowhere = `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`
    expect(isDatabaseUnavailable(await errorOf(nowhere, 'SELECT 1'))).toBe(true)
    const shutdown = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error')
    shutdown.code = '57P01'
    const starting = new pg.DatabaseError('the database system is starting up', 0, 'error')
    starting.code = '57P03'
    for (const error of [shutdown, starting, new Error('Connection terminated unexpectedly')])
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
    // as drizzle reports it: the driver's error is the cause
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: shutdown }))).toBe(true)
  })

  it('is not down: a bad query, a constraint, a plain bug', async () => {
    const url = inject('pgAdminUrl')
    expect(isDatabaseUnavailable(await errorOf(url, 'SELEC 1'))).toBe(false)
    expect(isDatabaseUnavailable(await errorOf(url, 'SELECT 1/0'))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
  })
})
