import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, rowCounts, SESSION_TRIPS, startTestApp, type TestApp } from '../../../test/harness.ts'
import { discoverRepo } from './discover.repo.ts'
import { discoverService } from './discover.service.ts'
import { aHolder, anOperator, knt, requestId, type Operator } from './discover.testkit.ts'
import { aUser, balanceOf, expectReconciled, give, ok, refused } from '../earn/earn.testkit.ts'
import { earnSettings, fmtPower, ledger, ledgerRepo, reconcile, SYSTEM } from '../earn/index.ts'

let app: TestApp
let ops: Operator
beforeAll(async () => {
  app = await startTestApp()
  ops = await anOperator(app)
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const WRITTEN = ['ledger_postings', 'ledger_entries', 'pledges', 'discover_records', 'settlement_shares'] as const
const pledge = (action: string, amount: string, request_id = requestId('pledge')) => ({ action, amount, request_id })
/** Moves every cool-down of a user to be due now (as if the cool-down had passed). */
const coolDownPassed = (userId: number) =>
  app.database.pool.query(
    `UPDATE discover_records SET release_at = now() - interval '1 second' WHERE user_id = $1 AND kind = 'unstake'`,
    [userId],
  )

describe('pledging KNT', () => {
  it('stakes once per request, activates the node at the threshold and boosts computing power', async () => {
    const user = await aUser(app)
    await give(app, user.user.id, knt('150'), 'knt')
    await give(app, user.user.id, 100_000n, 'power') // 10 power
    const before = await ok(user, '/v1/find')
    expect(before).toMatchObject({
      node: { active: false, staked: '0', activate_min: '100', boost_pct: 20, cooldown_days: 7, cooling: [] },
      power: '10',
      effective_power: '10',
      balance: '150',
      unclaimed: { computing: '0', token: '0' },
      profits: { last: '0', total: '0' },
    })
    // everyone's power, summed outside the page's statement (the instance's first read of it)
    const everyone = (await discoverRepo(app.database.db).networkTotals(knt('100'), 20)).power
    expect(everyone).toBeGreaterThanOrEqual(100_000n)
    expect(before.total_power).toBe(fmtPower(everyone))

    const id = requestId('stake')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => user.call('/v1/pledge', pledge('stake', '40', id))),
    )
    expect(answers.every((a) => a.body.code === true)).toBe(true)
    expect(answers[0]!.body.data).toEqual({ staked: '40', balance: '110', active: false })
    expect(await rowCount(app, 'discover_records', 'user_id = $1', [user.user.id])).toBe(1)

    expect(await ok(user, '/v1/pledge', pledge('stake', '60.5'))).toEqual({
      staked: '100.5',
      balance: '49.5',
      active: true,
    })
    const after = await ok(user, '/v1/find')
    expect(after).toMatchObject({ node: { active: true, staked: '100.5' }, power: '10', effective_power: '12' })
    expect(after.records.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['stake', '60.5'],
      ['stake', '40'],
    ])
    expect(await balanceOf(app, user.user.id, 'knt')).toBe(knt('49.5'))
    expect(await ledger(app.database.db).balance(user.user.id, 'knt')).toBe(knt('49.5'))
  })

  it('refuses bad amounts, a reused request id and more than the balance or the pledge, writing nothing', async () => {
    const user = await aUser(app)
    await give(app, user.user.id, knt('10'), 'knt')
    const used = requestId('used')
    await ok(user, '/v1/pledge', pledge('stake', '5', used))
    const written = await rowCounts(app, WRITTEN)
    for (const [params, error] of [
      [pledge('stake', '0'), 'AMOUNT_INVALID'],
      [pledge('stake', '0.000'), 'AMOUNT_INVALID'],
      [pledge('stake', '-1'), 'FIELD_INVALID'],
      [pledge('stake', 'ten'), 'FIELD_INVALID'],
      [pledge('stake', '1.0000000000000000001'), 'FIELD_INVALID'],
      [pledge('stake', ''), 'FIELD_REQUIRED'],
      [pledge('stake', '5.000000000000000001'), 'INSUFFICIENT_BALANCE'],
      [pledge('unstake', '5.000000000000000001'), 'PLEDGE_EXCEEDED'],
      [pledge('stake', '4', used), 'IDEMPOTENCY_KEY_REUSED'],
      [pledge('unstake', '5', used), 'IDEMPOTENCY_KEY_REUSED'],
    ] as const) {
      const answer = await refused(user, '/v1/pledge', params)
      expect(answer.error, JSON.stringify(params)).toBe(error)
      expect(answer.fields, JSON.stringify(params)).toHaveProperty(
        error === 'IDEMPOTENCY_KEY_REUSED' ? 'request_id' : 'amount',
      )
    }
    expect((await refused(user, '/v1/pledge', pledge('grow', '1'))).fields).toHaveProperty('action')
    const exceeded = await user.call('/v1/pledge', pledge('unstake', '6'), { lang: 'zh-cn' })
    expect(exceeded.body).toMatchObject({ error: 'PLEDGE_EXCEEDED', msg: '数量超过已质押的数量' })
    expect(await rowCounts(app, WRITTEN)).toEqual(written)
    expect(await balanceOf(app, user.user.id, 'knt')).toBe(knt('5'))
  })

  it('cools an unpledge down and returns it to the balance once when due', async () => {
    const user = await aHolder(app, await aUser(app), { staked: '100', knt: '1' })
    const unstake = pledge('unstake', '30')
    const [first, again] = await Promise.all([user.call('/v1/pledge', unstake), user.call('/v1/pledge', unstake)])
    expect(first.body.data).toEqual({ staked: '70', balance: '1', active: false })
    expect(again.body.data).toEqual(first.body.data)
    const cooling = (await ok(user, '/v1/find')).node.cooling
    expect(cooling).toHaveLength(1)
    expect(cooling[0].amount).toBe('30')
    const days = (new Date(cooling[0].release_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    await coolDownPassed(user.user.id)
    // reading Discover releases nothing; ten releases at once (the job on several instances) pay once
    expect((await ok(user, '/v1/find')).node.cooling).toHaveLength(1)
    const released = discoverService({ db: app.database.db, settings: earnSettings(app.database.db) })
    await Promise.all(Array.from({ length: 10 }, () => released.releaseDue()))
    const after = await ok(user, '/v1/find')
    expect(after).toMatchObject({ balance: '31', node: { staked: '70', cooling: [] } })
    expect(after.records.map((r: { kind: string }) => r.kind)).toEqual(['release', 'unstake', 'stake'])
    expect(await rowCount(app, 'ledger_postings', 'idempotency_key LIKE $1', [`release:%`])).toBeGreaterThanOrEqual(1)
    expect(await balanceOf(app, user.user.id, 'knt')).toBe(knt('31'))
  })
})

describe('receiving settled rewards', () => {
  it('pays 200 concurrent receives of one user’s rewards exactly once', async () => {
    const user = await aHolder(app, await aUser(app), { power: '5', staked: '200' })
    const { run } = await ops.settle('2026-02-01')
    expect(run).toMatchObject({ status: 'done' })
    const find = await ok(user, '/v1/find')
    const unclaimed = knt(find.unclaimed.computing)
    expect(unclaimed).toBeGreaterThan(0n)
    const written = await balanceOf(app, user.user.id, 'knt')

    const ids = Array.from({ length: 200 }, (_, i) => `receive-${i % 20}`)
    const answers = await Promise.all(ids.map((request_id) => user.call('/v1/computing_receive', { request_id })))
    const paid = answers.filter((a) => a.body.code === true && a.body.data.received !== '0')
    const refusedOnes = answers.filter((a) => a.body.code === false)
    expect(new Set(paid.map((a) => a.body.data.received))).toEqual(new Set([find.unclaimed.computing]))
    expect(refusedOnes.every((a) => a.body.error === 'NOTHING_TO_RECEIVE')).toBe(true)
    expect(paid.length + refusedOnes.length).toBe(200)
    expect(await balanceOf(app, user.user.id, 'knt')).toBe(written + unclaimed)
    expect(await rowCount(app, 'discover_records', `user_id = $1 AND kind = 'receive_computing'`, [user.user.id])).toBe(
      1,
    )

    // the same request again answers the same receipt; the token stream is received apart
    const winner = paid[0]!
    const id = ids[answers.indexOf(winner)]!
    expect((await ok(user, '/v1/computing_receive', { request_id: id })).received).toBe(find.unclaimed.computing)
    expect((await refused(user, '/v1/tokendata_receive', { request_id: id })).error).toBe('IDEMPOTENCY_KEY_REUSED')
    const token = await ok(user, '/v1/tokendata_receive', { request_id: requestId('token') })
    expect(token.received).toBe(find.unclaimed.token)
    const nothing = await user.call('/v1/tokendata_receive', { request_id: requestId('token') }, { lang: 'zh-hk' })
    expect(nothing.body).toMatchObject({ code: false, error: 'NOTHING_TO_RECEIVE', msg: '暫無可領取的獎勵' })

    const after = await ok(user, '/v1/find')
    expect(after.unclaimed).toEqual({ computing: '0', token: '0' })
    expect(after.records.slice(0, 2).map((r: { kind: string }) => r.kind)).toEqual([
      'receive_token',
      'receive_computing',
    ])
    const receipts = await ok(user, '/v1/computing_token')
    expect(receipts).toMatchObject({ total: 1, list: [{ amount: find.unclaimed.computing, days: 1 }] })
    const shares = await ok(user, '/v1/computing')
    expect(shares.list).toEqual([
      expect.objectContaining({ day: '2026-02-01', basis: '6', reward: find.unclaimed.computing, received: true }),
    ])
    expect((await ok(user, '/v1/tokendata')).list[0]).toMatchObject({ basis: '200', received: true })
    expect(await balanceOf(app, user.user.id, 'knt')).toBe(written + unclaimed + knt(token.received))
  })

  it('answers NOTHING_TO_RECEIVE before any settlement and shows empty pages', async () => {
    const user = await aUser(app)
    const written = await rowCounts(app, WRITTEN)
    expect((await refused(user, '/v1/computing_receive', { request_id: requestId() })).msg).toBe(
      'No rewards to receive',
    )
    expect(await rowCounts(app, WRITTEN)).toEqual(written)
    expect(await ok(user, '/v1/computing')).toEqual({ list: [], total: 0, page: 1, limit: 20 })
    expect(await ok(user, '/v1/tokendata_token')).toEqual({ list: [], total: 0, page: 1, limit: 20 })
  })
})

describe("Discover's kept page", () => {
  it('is answered after one short read while nothing changed, and never outlives a change of what it shows', async () => {
    const user = await aHolder(app, await aUser(app), { power: '5', staked: '100', knt: '10' })
    const bystander = await aUser(app) // no power: the settlement writes nothing of theirs
    const first = await ok(user, '/v1/find')
    expect(first).toMatchObject({ balance: '10', node: { staked: '100', active: true } })
    // unchanged: one short read (the session comes from its cache), the same answer
    const again = await app.roundTrips(() => ok(user, '/v1/find'))
    expect(again.trips).toBe(1 + SESSION_TRIPS)
    expect(again.result).toEqual(first)

    // each change through the API shows at once
    await ok(user, '/v1/pledge', pledge('unstake', '20'))
    expect((await ok(user, '/v1/find')).node).toMatchObject({ staked: '80', cooling: [{ amount: '20' }] })
    await give(app, user.user.id, knt('5'), 'knt')
    expect((await ok(user, '/v1/find')).balance).toBe('15')
    const before = await ok(bystander, '/v1/find')
    await ops.settle('2026-03-01')
    const settled = await ok(user, '/v1/find')
    expect(knt(settled.unclaimed.computing)).toBeGreaterThan(0n)
    expect(settled.last_settlement).toMatchObject({ day: '2026-03-01' })
    // the settlement's version: a user it wrote nothing for sees the new day too
    expect((await ok(bystander, '/v1/find')).last_settlement).toMatchObject({ day: '2026-03-01' })
    expect(before.last_settlement?.day).not.toBe('2026-03-01')
    // a setting shows at once
    await ops.set('pledge_cooldown_days', '5')
    expect((await ok(user, '/v1/find')).node.cooldown_days).toBe(5)
    await ops.set('pledge_cooldown_days', '7')

    // and a change made in the database by anything else (another instance, an operator's SQL)
    await app.database.pool.query(
      `UPDATE discover_records SET release_at = '2030-01-01T00:00:00Z' WHERE user_id = $1 AND kind = 'unstake'`,
      [user.user.id],
    )
    expect((await ok(user, '/v1/find')).node.cooling[0].release_at).toBe('2030-01-01T00:00:00.000Z')
  })
})

describe('reconciliation of the custody accounts', () => {
  it('reports system:pledges when it no longer holds exactly the pledges and cool-downs', async () => {
    const user = await aHolder(app, await aUser(app), { staked: '3' })
    await app.database.pool.query(`UPDATE pledges SET staked = staked + 1 WHERE user_id = $1`, [user.user.id])
    const broken = await reconcile(app.database.db)
    expect(broken.ok).toBe(false)
    const pledged = await ledgerRepo(app.database.db).balance(SYSTEM.pledges, 'knt')
    expect(broken.custody).toEqual([
      { owner: SYSTEM.pledges, balance: String(pledged), expected: String(pledged + 1n) },
    ])
    await app.database.pool.query(`UPDATE pledges SET staked = staked - 1 WHERE user_id = $1`, [user.user.id])
  })
})
