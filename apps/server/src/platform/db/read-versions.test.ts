import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser } from '../../features/health/health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

const versions = async (userId: number) =>
  (
    await app.database.pool.query<{ home: string; wallet: string; discover: string }>(
      'SELECT home, wallet, discover FROM read_versions WHERE user_id = $1',
      [userId],
    )
  ).rows[0]

/** A user with a daily goal (a row Home shows), and their versions then. */
async function aUserWithAGoal() {
  const user = await aUser(app)
  await app.database.pool.query(
    'INSERT INTO health_goals (user_id, step, calorie, distance) VALUES ($1, 8000, 300, 5000)',
    [user.id],
  )
  return { user, before: await versions(user.id) }
}

/** Polls until the backend of `client` waits for a lock (what the test waits for, not a clock). */
async function waitingForALock(client: pg.PoolClient) {
  const pid = (client as unknown as { processID: number }).processID
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await app.database.pool.query<{ wait: string | null }>(
      'SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1',
      [pid],
    )
    if (rows[0]?.wait === 'Lock') return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the transaction never waited for a lock')
}

describe('read versions', () => {
  it('move on at commit, so a wallet created while a credit runs does not deadlock with it', async () => {
    const { user, before } = await aUserWithAGoal()
    const credit = await app.database.pool.connect()
    const wallet = await app.database.pool.connect()
    try {
      // the credit changes a row Home shows, then writes a row that references the user (key share)
      await credit.query('BEGIN')
      await credit.query('UPDATE health_goals SET step = 9000 WHERE user_id = $1', [user.id])
      // the wallet's creation locks the user's row first (wallets.repo lockUser)
      await wallet.query('BEGIN')
      await wallet.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id])
      const credited = credit.query(`INSERT INTO energy_days (user_id, day, credited) VALUES ($1, '2026-01-01', 5)`, [
        user.id,
      ])
      await waitingForALock(credit)
      // …then writes a wallet, a row Home and the wallet show: had the credit's version been
      // locked at its update, this would wait for the credit while the credit waits for it
      await wallet.query(
        `INSERT INTO wallets (user_id, name, address, kind, vault) VALUES ($1, 'w', '0x00000000000000000000000000000000000000a1', 'mnemonic', '{}')`,
        [user.id],
      )
      await wallet.query('COMMIT')
      await credited
      await credit.query('COMMIT')
    } finally {
      credit.release()
      wallet.release()
    }
    const after = await versions(user.id)
    // the wallet moved Home's and the wallet's version; the goal and energy moved Home's twice more
    expect(Number(after?.home)).toBe(Number(before?.home) + 3)
    expect(Number(after?.wallet)).toBe(Number(before?.wallet) + 1)
    expect(after?.discover).toBe(before?.discover)
  })

  it('a rolled-back change moves nothing', async () => {
    const { user, before } = await aUserWithAGoal()
    const client = await app.database.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('UPDATE health_goals SET step = 9000 WHERE user_id = $1', [user.id])
      await client.query('ROLLBACK')
    } finally {
      client.release()
    }
    expect(await versions(user.id)).toEqual(before)
  })
})
