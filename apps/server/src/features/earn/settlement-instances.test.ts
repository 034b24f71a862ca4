import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { buildApp, type App } from '../../app.ts'
import { connect, type Database } from '../../platform/db/client.ts'
import { aHolder, knt, requestId, settleKilledHalfWay } from '../discover/discover.testkit.ts'
import { aUser, balanceOf, expectReconciled, ok, settleDay, settlementRuns, settlementTick } from './earn.testkit.ts'
import { SYSTEM } from './ledger.ts'
import { ledgerRepo } from './ledger.repo.ts'
import { utcDay } from './settlement.ts'

let app: TestApp
let second: App
let secondDb: Database
beforeAll(async () => {
  app = await startTestApp()
  const databaseUrl = app.config.databaseUrl
  if (!databaseUrl) throw new Error('test app without a database url')
  secondDb = connect(databaseUrl, 5)
  // the second instance runs its scheduler, as a production instance does (started when ready)
  second = await buildApp({ ...app.config, settlementSchedule: true }, secondDb.db)
})
afterEach(() => expectReconciled(app))
afterAll(async () => {
  await second?.server.close()
  await secondDb?.close()
  await app?.close()
})

const today = utcDay()
const yesterday = utcDay(new Date(Date.now() - 86_400_000))
const runs = async () =>
  (await app.database.pool.query<{ day: string }>(`SELECT day::text FROM settlement_runs ORDER BY day`)).rows.map(
    (r) => r.day,
  )
const unclaimed = () => ledgerRepo(app.database.db).balance(SYSTEM.unclaimed, 'knt')

describe('the settlement across two instances on one database', () => {
  it('settles yesterday once on a fresh database while both schedulers check, and releases due cool-downs', async () => {
    await aHolder(app, await aUser(app), { power: '7' })
    const cooling = await aHolder(app, await aUser(app), { staked: '40' })
    await ok(cooling, '/v1/pledge', { action: 'unstake', amount: '15', request_id: requestId('u') })
    await app.database.pool.query(`UPDATE discover_records SET release_at = now() WHERE kind = 'unstake'`)

    await Promise.all([second.server.ready(), settlementTick(app), settlementTick(app)])
    await Promise.all([settlementTick(second), settlementTick(app)])
    expect(await runs()).toEqual([yesterday])
    const [run] = (await settlementRuns(app)).list
    expect(run).toMatchObject({ day: yesterday, status: 'done', shares: 1, credited: 1, issued: '8000' })
    expect(await unclaimed()).toBe(knt('8000'))
    expect(await balanceOf(app, cooling.user.id, 'knt')).toBe(knt('15'))
    expect(await rowCount(app, 'discover_records', `kind = 'release'`)).toBe(1)
  })

  it('settles one day asked of both instances at once in one run, paying each share once', async () => {
    for (let i = 1; i <= 4; i++) await aHolder(app, await aUser(app), { power: String(i), staked: '100' })
    const before = await unclaimed()
    const settle = [app, second, app, second, app, second].map((instance) =>
      settleDay(instance, today, { batchSize: 1 }),
    )
    const answers = await Promise.all(settle)
    expect(answers.filter((a) => a.created)).toHaveLength(1)
    const run = answers[0]!.run
    expect(run).toMatchObject({ day: today, status: 'done', shares: 9, credited: 9 })
    for (const answer of answers) expect(answer.run).toEqual(run)
    expect(await unclaimed()).toBe(before + knt(run.issued))
    const { rows } = await app.database.pool.query<{ n: number; keys: number }>(
      `SELECT count(*) AS n, count(DISTINCT idempotency_key) AS keys FROM ledger_postings WHERE idempotency_key LIKE $1`,
      [`settlement:${today}:%`],
    )
    expect(rows[0]).toEqual({ n: 9, keys: 9 })

    // a later check finds nothing left to settle
    await Promise.all([settlementTick(app), settlementTick(second)])
    expect(await runs()).toEqual([yesterday, today])
  })

  it('resumes a run a crashed instance left half-way at the next check of either scheduler', async () => {
    const day = utcDay(new Date(Date.now() - 2 * 86_400_000))
    expect(await settleKilledHalfWay(app, day, 2, 2)).toBe('SIGKILL')
    const [half] = (await settlementRuns(app)).list.filter((r) => r.day === day)
    expect(half).toMatchObject({ status: 'running', shares: 9, credited: 4 })

    const creditedSoFar = async () => {
      const { rows } = await app.database.pool.query<{ total: string }>(
        `SELECT coalesce(sum(reward), 0)::text AS total FROM settlement_shares WHERE day = $1 AND credited`,
        [day],
      )
      return BigInt(rows[0]?.total ?? '0')
    }
    const before = await unclaimed()
    const paidBefore = await creditedSoFar()
    await Promise.all([settlementTick(app), settlementTick(second)])
    const [run] = (await settlementRuns(app)).list.filter((r) => r.day === day)
    expect(run).toMatchObject({ status: 'done', shares: 9, credited: 9 })
    expect(await creditedSoFar()).toBe(knt(run!.issued))
    expect(await unclaimed()).toBe(before + knt(run!.issued) - paidBefore)
    expect(await runs()).toEqual([day, yesterday, today])
  })
})
