import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import {
  aHolder,
  anOperator,
  knt,
  requestId,
  settleKilledHalfWay,
  type Operator,
} from '../discover/discover.testkit.ts'
import { aUser, expectReconciled, ok, refused } from './earn.testkit.ts'
import { ledger, reconcile, SYSTEM } from './ledger.ts'
import { ledgerRepo } from './ledger.repo.ts'

let app: TestApp
let ops: Operator
beforeAll(async () => {
  app = await startTestApp()
  ops = await anOperator(app)
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const unclaimedAccount = () => ledgerRepo(app.database.db).balance(SYSTEM.unclaimed, 'knt')
/** KNT posted into `system:unclaimed` by one day's settlement batches, and how many batches. */
async function postedFor(day: string) {
  const { rows } = await app.database.pool.query<{ n: string; total: string }>(
    `SELECT count(DISTINCT p.id) AS n, coalesce(sum(e.amount), 0)::text AS total
     FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE p.idempotency_key LIKE $1 AND a.owner = $2`,
    [`settlement:${day}:%`, SYSTEM.unclaimed],
  )
  return { batches: Number(rows[0]?.n), total: BigInt(rows[0]?.total ?? '0') }
}

describe('the daily settlement', () => {
  it('settles a day nobody holds anything for without issuing, and that day does not advance the stage', async () => {
    const { run, created } = await ops.settle('2025-12-30')
    expect(created).toBe(true)
    expect(run).toMatchObject({
      day: '2025-12-30',
      status: 'done',
      stage: 1,
      emission: '10000',
      computing_pool: '8000',
      token_pool: '2000',
      issued: '0',
      shares: 0,
    })
    const user = await aUser(app)
    expect((await ok(user, '/v1/find')).stage).toEqual({
      number: 1,
      day: 1,
      days: 90,
      settlement_day: new Date().toISOString().slice(0, 10),
      emission: '10000',
      next_emission: '5000',
      token_share_pct: 20,
      token_min: '100',
    })
  })

  let a: Awaited<ReturnType<typeof aUser>>
  let b: Awaited<ReturnType<typeof aUser>>
  let c: Awaited<ReturnType<typeof aUser>>
  // a day's settlement of many holders: 32 s on a loaded 2-core machine
  it(
    'splits the emission by effective power and active nodes’ pledges, floored to 18 decimals (worked example)',
    { timeout: 90_000 },
    async () => {
      await ops.set('stage_days', '2')
      await ops.set('stage_emission_knt', '100, 50, 25')
      // A: 10 power and an active node (100 KNT): 12 effective; B: 30 power; C: 300 KNT pledged;
      // D: 50 KNT, below the 100 that activate a node: no share
      a = await aHolder(app, await aUser(app), { power: '10', staked: '100' })
      b = await aHolder(app, await aUser(app), { power: '30' })
      c = await aHolder(app, await aUser(app), { staked: '300' })
      const d = await aHolder(app, await aUser(app), { staked: '50' })
      const before = await unclaimedAccount()

      const { run } = await ops.settle('2025-12-31')
      // computing 80 KNT split 12 : 30, token 20 KNT split 100 : 300; 1e-18 KNT of dust is not issued
      expect(run).toMatchObject({
        stage: 1,
        emission: '100',
        computing_pool: '80',
        token_pool: '20',
        total_power: '42',
        total_staked: '400',
        issued: '99.999999999999999999',
        shares: 4,
        credited: 4,
        status: 'done',
      })
      expect((await ok(a, '/v1/find')).unclaimed).toEqual({ computing: '22.857142857142857142', token: '5' })
      expect((await ok(b, '/v1/find')).unclaimed).toEqual({ computing: '57.142857142857142857', token: '0' })
      expect((await ok(c, '/v1/find')).unclaimed).toEqual({ computing: '0', token: '15' })
      expect((await ok(d, '/v1/find')).unclaimed).toEqual({ computing: '0', token: '0' })
      expect(await unclaimedAccount()).toBe(before + knt('99.999999999999999999'))

      const seen = await ok(a, '/v1/find')
      expect(seen.profits).toEqual({ last: '27.857142857142857142', total: '27.857142857142857142' })
      expect(seen.last_settlement).toEqual({ day: '2025-12-31', emission: '100', total_power: '42' })
      expect(seen.stage).toMatchObject({ number: 1, day: 2, days: 2, emission: '100', next_emission: '50' })
      expect((await ok(a, '/v1/computing')).list).toEqual([
        { day: '2025-12-31', basis: '12', total_basis: '42', reward: '22.857142857142857142', received: false },
      ])
      expect((await ok(c, '/v1/tokendata')).list).toEqual([
        { day: '2025-12-31', basis: '300', total_basis: '400', reward: '15', received: false },
      ])

      // settling it again answers the same run and pays nothing
      const again = await ops.settle('2025-12-31')
      expect(again).toEqual({ run: { ...run, finished_at: again.run.finished_at }, created: false })
      expect(await postedFor('2025-12-31')).toEqual({ batches: 2, total: knt('99.999999999999999999') })
    },
  )

  it('halves the emission each stage of settled days, repeating the last', async () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06']
    const runs = []
    for (const day of days) runs.push((await ops.settle(day)).run)
    expect(runs.map((r) => [r.stage, r.emission])).toEqual([
      [1, '100'],
      [2, '50'],
      [2, '50'],
      [3, '25'],
      [3, '25'],
      [4, '25'],
    ])
    expect((await ok(a, '/v1/find')).stage).toMatchObject({ number: 4, day: 2, emission: '25', next_emission: null })
    const list = await ops.ok('/admin/settlements', { limit: 3 })
    expect(list.total).toBe(8)
    expect(list.list.map((r: { day: string }) => r.day)).toEqual(['2026-01-06', '2026-01-05', '2026-01-04'])
  })

  it('does not issue a pool nobody holds a basis for', async () => {
    for (const [user, amount] of [
      [a, '100'],
      [c, '300'],
    ] as const)
      await ok(user, '/v1/pledge', { action: 'unstake', amount, request_id: requestId('all') })
    // 25 KNT: the token pool (5) has no active node; computing (20) is split 10 : 30
    const { run } = await ops.settle('2026-01-07')
    expect(run).toMatchObject({ computing_pool: '20', token_pool: '5', total_staked: '0', issued: '20', shares: 2 })
    expect(await rowCount(app, 'settlement_shares', `day = '2026-01-07' AND kind = 'token'`)).toBe(0)
    expect((await ok(b, '/v1/computing')).list[0]).toMatchObject({ day: '2026-01-07', reward: '15' })
  })

  it('refuses a day in the future or not on the calendar, and audits every settlement', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const future = await ops.refused('/admin/settle', { day: tomorrow })
    expect(future).toMatchObject({ error: 'SETTLEMENT_DAY_FUTURE', msg: 'Only a day up to today (UTC) can be settled' })
    expect(future.fields).toHaveProperty('day')
    expect((await ops.refused('/admin/settle', { day: '2026-02-30' })).error).toBe('FIELD_INVALID')
    expect((await ops.refused('/admin/settle', { day: '7 Jan' })).msg).toBe('Day is invalid')
    expect(await rowCount(app, 'settlement_runs', 'day > current_date')).toBe(0)
    expect(await rowCount(app, 'audit_log', `action = 'settlement.settle'`)).toBe(10)
  })
})

describe('a settlement killed half-way', () => {
  // a settlement killed half-way and resumed: 32 s on a loaded 2-core machine
  it('is resumed by the next run and pays each account exactly once', { timeout: 90_000 }, async () => {
    const day = '2026-01-10'
    const holders = []
    for (let i = 1; i <= 10; i++) holders.push(await aHolder(app, await aUser(app), { power: String(i) }))
    const exit = await settleKilledHalfWay(app, day, 3, 2)
    expect(exit).toBe('SIGKILL')

    // two batches of three shares committed, the rest not: already consistent
    const [half] = (await ops.ok('/admin/settlements', { limit: 1 })).list
    expect(half).toMatchObject({ day, status: 'running', credited: 6 })
    expect(half.shares).toBe(12) // the ten, and B and A from before
    expect((await postedFor(day)).batches).toBe(2)
    expect((await reconcile(app.database.db)).ok).toBe(true)

    const { run, created } = await ops.settle(day)
    expect(created).toBe(false)
    expect(run).toMatchObject({ status: 'done', shares: 12, credited: 12 })
    const posted = await postedFor(day)
    expect(posted.total).toBe(knt(run.issued))
    expect(await rowCount(app, 'settlement_shares', `day = $1 AND NOT credited`, [day])).toBe(0)

    // each holder receives exactly its share of the day
    for (const holder of holders) {
      const [share] = (await ok(holder, '/v1/computing')).list
      expect(share.day).toBe(day)
      const before = await ledger(app.database.db).balance(holder.user.id, 'knt')
      expect((await ok(holder, '/v1/computing_receive', { request_id: requestId('r') })).received).toBe(share.reward)
      expect(await ledger(app.database.db).balance(holder.user.id, 'knt')).toBe(before + knt(share.reward))
      expect((await refused(holder, '/v1/computing_receive', { request_id: requestId('r') })).error).toBe(
        'NOTHING_TO_RECEIVE',
      )
    }
  })
})
