import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, SESSION_TRIPS, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, upload } from '../health/health.testkit.ts'
import { effortReads, today } from '../health/index.ts'
import { knt, requestId } from '../discover/discover.testkit.ts'
import { expectReconciled, give } from '../earn/earn.testkit.ts'

/**
 * Home and Discover, the hottest reads, each in at most two round trips besides the session,
 * for a new user and for one with data everywhere — and their answers are the ones the
 * per-table reads give (docs/adr/2026-11-25-home-in-one-read.md).
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const MAX_TRIPS = 2 + SESSION_TRIPS

/** An answer and the round trips it cost (the app is quiet: credit jobs have run). */
async function measured<T = any>(user: Awaited<ReturnType<typeof aUser>>, method: string) {
  const { result, trips } = await app.roundTrips(() => ok<T>(user, method))
  return { answer: result, trips }
}

/** A rider's heart rate: 130–150 bpm, never flat and never repeating (a fixed LCG, as effort.test.ts's). */
function rideHr(minutes: number, seed: number): number[] {
  let x = seed
  return Array.from({ length: minutes }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return 130 + (x % 21)
  })
}

/** A user in the noon zone with a bound watch, consents, a week of steps, heart rate, rides, a task received, a node and a cool-down. */
async function aRichUser() {
  const user = await aUser(app, noonZone())
  const { token } = await aBoundWatch(app, user, 0)
  await ok(user, '/v1/authorize', { exercise: '1', heart_rate: '1', sleep: '1' })
  const now = nowS()
  // steps today (an hour) and on each of the six days before (half an hour)
  const steps = [
    ...Array.from({ length: 60 }, (_, i) => ({ t: now - (61 - i) * 60, count: 100 })),
    ...Array.from({ length: 6 * 30 }, (_, i) => ({
      t: now - (Math.floor(i / 30) + 1) * 86_400 - (31 - (i % 30)) * 60,
      count: 90,
    })),
  ]
  expect((await upload(app, token, { steps })).status).toBe(200)
  // heart rate in the aerobic zone, without steps, three hours ago
  const heartRate = Array.from({ length: 30 }, (_, i) => ({ t: now - 3 * 3600 + i * 60, bpm: 140 + (i % 7) }))
  expect((await upload(app, token, { heart_rate: heartRate })).status).toBe(200)
  const sleep = [{ start: now - 9 * 3600, end: now - 7 * 3600, stage: 'deep' }]
  expect((await upload(app, token, { sleep })).status).toBe(200)
  // an earlier ride (the baseline) and one today
  for (const [start, minutes] of [
    [now - 10 * 86_400, 50],
    [now - 5 * 3600, 40],
  ] as const)
    await ok(user, '/v1/motion_import', {
      source: 'tcx',
      type: 'cycle',
      name: 'Ride',
      start: new Date(start * 1000).toISOString(),
      duration_s: minutes * 60,
      distance_m: minutes * 400,
      heart_rate: rideHr(minutes, minutes).join(','),
    })
  await ok(user, '/v1/targetpost', { step: 5000, calorie: 50, distance: 500 })
  await ok(user, '/v1/taskreceive', { id: 'set_goal', period: 'once' })
  // a node: 150 KNT pledged, 20 of it unpledged and cooling down, 30 KNT free; some power
  await give(app, user.id, knt('180'), 'knt')
  await give(app, user.id, 25_0000n, 'power')
  await ok(user, '/v1/pledge', { action: 'stake', amount: '150', request_id: requestId() })
  await ok(user, '/v1/pledge', { action: 'unstake', amount: '20', request_id: requestId() })
  // every credit job the data sent has run: the app is quiet before anything is measured
  await expect
    .poll(() => rowCount(app, 'pgboss.job', "name = 'earn.credit' AND state IN ('created', 'retry', 'active')"), {
      timeout: 30_000,
    })
    .toBe(0)
  return user
}

describe('Home and Discover in at most two round trips', () => {
  it('reads a new user’s Home and Discover in at most two', async () => {
    const user = await aUser(app)
    // the session's first request stores its language (the session's cost, not Home's)
    await ok(user, '/v1/userinfo')
    const home = await measured(user, '/v1/gethome')
    expect(home.answer).toMatchObject({ points: 0, energy: '0', power: '0', records: [] })
    expect(home.answer.tasks.find((t: { id: string }) => t.id === 'bind_watch')).toMatchObject({ state: 'go' })
    expect(home.trips).toBeLessThanOrEqual(MAX_TRIPS)
    const find = await measured(user, '/v1/find')
    expect(find.answer).toMatchObject({ balance: '0', node: { active: false, staked: '0', cooling: [] }, records: [] })
    expect(find.trips).toBeLessThanOrEqual(MAX_TRIPS)
  })

  it('reads a user with data everywhere in at most two, with the answers of the per-table reads', async () => {
    const user = await aRichUser()
    const { answer: home, trips } = await measured(user, '/v1/gethome')
    expect(trips).toBeLessThanOrEqual(MAX_TRIPS)

    // the figures of each owner, as its own reads (separate queries) give them
    const day = today(noonZone())
    expect(home.date).toBe(day)
    const effort = await effortReads(app.database.db).day(user.id, day)
    expect(effort.workouts).toBe(1)
    expect(effort.zoneMinutes).toBeGreaterThan(0)
    expect(home.today_energy.workouts).toBe(String(effort.workouts * 5))
    expect(Number(home.today_energy.zone)).toBeCloseTo(effort.zoneMinutes * 0.2, 5)
    expect(home.sports.steps).toBe(6000)
    expect(home.consent).toEqual({ exercise: true, sleep: true, heart_rate: true })
    expect(home.goal).toEqual({ step: 5000, step_pct: 100, met: true })
    expect(home.sleep).toEqual({ minutes: 120 })
    expect(home.power).toBe('25')
    expect(home.today_energy.credited).not.toBe('0')
    const ledger = await ok(user, '/v1/ledger', { limit: 10 })
    expect(home.records).toEqual(
      ledger.list.map((r: Record<string, unknown>) => ({
        id: r.id,
        asset: r.asset,
        amount: r.amount,
        kind: r.kind,
        time: r.time,
      })),
    )
    const balances = await ok(user, '/v1/balances')
    expect({ points: home.points, energy: home.energy, power: home.power }).toEqual({
      points: balances.points,
      energy: balances.energy,
      power: balances.power,
    })
    const state = Object.fromEntries(home.tasks.map((t: { id: string; state: string }) => [t.id, t.state]))
    expect(state).toMatchObject({ bind_watch: 'receive', set_goal: 'done', step_goal: 'receive', workout: 'receive' })

    const { answer: find, trips: findTrips } = await measured(user, '/v1/find')
    expect(findTrips).toBeLessThanOrEqual(MAX_TRIPS)
    expect(find).toMatchObject({
      node: { active: true, staked: '130', cooling: [{ amount: '20' }] },
      balance: '30',
      power: '25',
      effective_power: '30',
      unclaimed: { computing: '0', token: '0' },
      profits: { last: '0', total: '0' },
      last_settlement: null,
    })
    expect(find.records.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['unstake', '20'],
      ['stake', '150'],
    ])
  })
})
