import type net from 'node:net'
import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { connect } from './client.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

/** The socket under a pool client (node-postgres keeps it on its connection). */
const socketOf = (client: unknown) => (client as { connection: { stream: net.Socket } }).connection.stream

describe('the pool when a connection ends while checked out', () => {
  it('gets a connection back that ended before BEGIN, which drizzle never releases', async () => {
    const database = connect(inject('pgAdminUrl'), 1)
    try {
      // the connection drops right after the checkout, as when Postgres restarts under load
      database.pool.once('acquire', (client) => socketOf(client).destroy())
      const failed = await database.db.transaction(async () => 'never').catch((error: unknown) => error)
      expect(isDatabaseUnavailable(failed)).toBe(true)
      // the pool holds one connection: the next transaction needs it back (else it waits and times out)
      const { rows } = await database.db.transaction((tx) => tx.execute(sql`SELECT 1 AS one`))
      expect(rows).toEqual([{ one: 1 }])
      expect(database.pool.totalCount - database.pool.idleCount).toBe(0)
    } finally {
      await database.close()
    }
  })
})
