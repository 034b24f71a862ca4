import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, upload } from '../health/health.testkit.ts'
import { crediting } from './crediting.ts'
import { balanceOf, expectReconciled, SYSTEM } from './earn.testkit.ts'
import { ledgerRepo } from './ledger.repo.ts'
import { earnSettings } from './settings.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const ZONE = noonZone()
/** HRmax without a birthday or setting: 220 − 30; the aerobic zone starts at 70 % of it. */
const AEROBIC_FLOOR = 0.7 * 190

/** A rider's heart rate: 130–150 bpm, minute by minute, never flat and never repeating (a fixed LCG). */
function rideHr(minutes: number, seed: number): number[] {
  let x = seed
  return Array.from({ length: minutes }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return 130 + (x % 21)
  })
}

/** What a ride earns on a day with nothing else: the workout (5 energy) and its zone minutes (0.2 each), in base units. */
const rideEnergy = (hr: number[]) => BigInt(500 + hr.filter((b) => b >= AEROBIC_FLOOR).length * 20)

type User = Awaited<ReturnType<typeof aUser>>

/** A consenting user in the noon zone. */
async function aRider(): Promise<User> {
  const user = await aUser(app, ZONE)
  await ok(user, '/v1/authorize', { exercise: '1', heart_rate: '1' })
  return user
}

/** The ride as a file's summary: 20 km, its heart rate per minute, starting `start`. */
const ride = (hr: number[], start: Date) => ({
  source: 'tcx',
  type: 'cycle',
  name: 'Evening ride',
  start: start.toISOString(),
  duration_s: hr.length * 60,
  distance_m: 20_000,
  heart_rate: hr.join(','),
})
const hoursAgo = (h: number) => new Date((nowS() - h * 3600 - (nowS() % 60)) * 1000)

const credit = () => crediting({ db: app.database.db, settings: earnSettings(app.database.db) })
/** Runs the day's credit as its job does (the jobs run too; both are idempotent) and answers the user's energy. */
async function creditedOn(user: User, day: string): Promise<bigint> {
  await credit().creditDay(user.id, day)
  return balanceOf(app, user.id, 'energy')
}

async function operator() {
  const { client } = await operatorClient(app)
  return (method: string, params: Record<string, unknown> = {}) => adminCall(client, method, params)
}

/** The console's open review whose later import is this workout. */
async function disputeOf(console: Awaited<ReturnType<typeof operator>>, heldWorkoutId: number) {
  const { body } = await console('/admin/workout_disputes', { limit: 100 })
  expect(body.code).toBe(true)
  return (body.data.list as { id: number; held: { workout_id: number }; frozen: { workout_id: number } }[]).find(
    (d) => d.held.workout_id === heldWorkoutId,
  )
}

describe('a workout earns once, whoever imports it', () => {
  it('the same file imported into a second account is held, without naming the first; the first one’s credit is frozen', async () => {
    const alice = await aRider()
    const bob = await aRider()
    const hr = rideHr(30, 101)
    const first = await ok(alice, '/v1/motion_import', ride(hr, hoursAgo(3)))
    expect(first.verdict).toEqual({ verdict: 'ok', reasons: [] })
    expect(await creditedOn(alice, first.date)).toBe(rideEnergy(hr))

    // the same file, its times shifted by an hour, in another account
    const { body } = await bob.call('/v1/motion_import', ride(hr, hoursAgo(2)))
    expect(body.code).toBe(true)
    expect(body.data).toMatchObject({
      duplicate: false,
      verdict: { verdict: 'held', reasons: ['same_workout_elsewhere'] },
    })
    // nothing in what Bob sees names Alice's account: not her e-mail, name, id or workout
    const aliceInfo = await ok(alice, '/v1/userinfo')
    const { body: list } = await bob.call('/v1/motion', { date: body.data.date }, { lang: 'us-en' })
    for (const seen of [JSON.stringify(body), JSON.stringify(list)]) {
      for (const secret of [aliceInfo.email, aliceInfo.nickname].filter(Boolean)) expect(seen).not.toContain(secret)
      expect(seen).not.toMatch(/"(user|user_id|owner|account)"/)
    }
    expect(body.data.id).not.toBe(first.id)
    expect(list.data.list.map((w: { id: number }) => w.id)).toEqual([body.data.id])

    // the later import earns nothing; the earlier one's credit is frozen (held, not spent, not lost)
    expect(await creditedOn(bob, body.data.date)).toBe(0n)
    expect(await creditedOn(alice, first.date)).toBe(0n)
    const mine = await ok(alice, '/v1/motion', { date: first.date })
    expect(mine.list[0]).toMatchObject({
      id: first.id,
      verdict: { verdict: 'held', reasons: ['same_workout_under_review'] },
    })
  })

  it('imported into two accounts at once, it earns once: one import is held', async () => {
    const [alice, bob] = await Promise.all([aRider(), aRider()])
    const hr = rideHr(30, 202)
    const answers = await Promise.all([
      ok(alice, '/v1/motion_import', ride(hr, hoursAgo(3))),
      ok(bob, '/v1/motion_import', ride(hr, hoursAgo(2))),
    ])
    const held = answers.filter((a) => a.verdict.reasons.includes('same_workout_elsewhere'))
    expect(held).toHaveLength(1)
    const [a, b] = [await creditedOn(alice, answers[0].date), await creditedOn(bob, answers[1].date)]
    expect(a + b).toBe(0n)

    // the operator picks the one that was held: it is paid once
    const console = await operator()
    const dispute = (await disputeOf(console, held[0].id))!
    expect((await console('/admin/workout_decide', { id: dispute.id, workout_id: held[0].id })).body.code).toBe(true)
    const [c, d] = [await creditedOn(alice, answers[0].date), await creditedOn(bob, answers[1].date)]
    expect(c + d).toBe(rideEnergy(hr))
  })

  it('the operator releases the earlier import: it is paid once, even under repeated and concurrent decisions', async () => {
    const alice = await aRider()
    const bob = await aRider()
    const hr = rideHr(30, 303)
    const first = await ok(alice, '/v1/motion_import', ride(hr, hoursAgo(4)))
    expect(await creditedOn(alice, first.date)).toBe(rideEnergy(hr))
    const later = await ok(bob, '/v1/motion_import', ride(hr, hoursAgo(2)))
    expect(await creditedOn(alice, first.date)).toBe(0n)

    const console = await operator()
    const dispute = (await disputeOf(console, later.id))!
    expect(dispute.frozen.workout_id).toBe(first.id)
    const decide = (workoutId: number) => console('/admin/workout_decide', { id: dispute.id, workout_id: workoutId })
    const answers = await Promise.all([decide(first.id), decide(first.id), decide(first.id)])
    for (const { body } of answers) expect(body).toMatchObject({ code: true, data: { winner: first.id } })
    // decided: the other workout cannot win it any more
    expect((await decide(later.id)).body).toMatchObject({ code: false, error: 'DISPUTE_DECIDED' })

    expect(await creditedOn(alice, first.date)).toBe(rideEnergy(hr))
    expect(await creditedOn(alice, first.date)).toBe(rideEnergy(hr))
    expect(await creditedOn(bob, later.date)).toBe(0n)
    expect((await ok(alice, '/v1/motion', { date: first.date })).list[0].verdict).toEqual({
      verdict: 'ok',
      reasons: [],
    })
    expect((await ok(bob, '/v1/motion', { date: later.date })).list[0].verdict).toEqual({
      verdict: 'rejected',
      reasons: ['same_workout_elsewhere'],
    })
    expect(await disputeOf(console, later.id)).toBeUndefined()
  })

  it('freezing holds only what is left: contributed energy stays contributed, no balance below zero, the release gives back what was held', async () => {
    const alice = await aRider()
    const bob = await aRider()
    const hr = rideHr(30, 707)
    const first = await ok(alice, '/v1/motion_import', ride(hr, hoursAgo(4)))
    const earned = rideEnergy(hr)
    expect(await creditedOn(alice, first.date)).toBe(earned)
    // Alice turns 8 energy into computing power before anyone else imports the ride
    expect((await alice.call('/v1/finalize', { amount: '8', request_id: randomUUID() })).body.code).toBe(true)
    const left = earned - 800n
    expect(await balanceOf(app, alice.id, 'energy')).toBe(left)

    const held = () => ledgerRepo(app.database.db).balance(SYSTEM.held, 'energy')
    const before = await held()
    const later = await ok(bob, '/v1/motion_import', ride(hr, hoursAgo(2)))
    expect(await creditedOn(alice, first.date)).toBe(0n)
    expect((await held()) - before).toBe(left)

    const console = await operator()
    const dispute = (await disputeOf(console, later.id))!
    expect((await console('/admin/workout_decide', { id: dispute.id, workout_id: first.id })).body.code).toBe(true)
    expect(await creditedOn(alice, first.date)).toBe(left)
    expect(await held()).toBe(before)
    expect(await creditedOn(bob, later.date)).toBe(0n)
  })

  it('the operator picks the later import: it is paid once and the earlier one’s frozen credit is forfeited', async () => {
    const alice = await aRider()
    const bob = await aRider()
    const hr = rideHr(30, 404)
    const first = await ok(alice, '/v1/motion_import', ride(hr, hoursAgo(4)))
    expect(await creditedOn(alice, first.date)).toBe(rideEnergy(hr))
    const later = await ok(bob, '/v1/motion_import', ride(hr, hoursAgo(2)))

    const console = await operator()
    const dispute = (await disputeOf(console, later.id))!
    const decide = () => console('/admin/workout_decide', { id: dispute.id, workout_id: later.id })
    for (const { body } of await Promise.all([decide(), decide()])) expect(body.code).toBe(true)
    expect((await decide()).body.code).toBe(true)

    expect(await creditedOn(bob, later.date)).toBe(rideEnergy(hr))
    expect(await creditedOn(bob, later.date)).toBe(rideEnergy(hr))
    expect(await creditedOn(alice, first.date)).toBe(0n)
    expect((await ok(alice, '/v1/motion', { date: first.date })).list[0].verdict.verdict).toBe('rejected')
  })
})

describe('a bound watch’s recording outranks any import of it', () => {
  /** The ride as the watch records it: its heart rate minute by minute and the workout. */
  const watchBatch = (hr: number[], start: Date) => {
    const s = start.getTime() / 1000
    return {
      heart_rate: hr.map((bpm, i) => ({ t: s + i * 60, bpm })),
      workouts: [{ start: s, end: s + hr.length * 60, type: 'cycle', distance_m: 20_000, steps: 0 }],
    }
  }

  it('an import of a workout a watch recorded in another account earns nothing', async () => {
    const alice = await aRider()
    const { token } = await aBoundWatch(app, alice, 0)
    const bob = await aRider()
    const hr = rideHr(30, 505)
    const start = hoursAgo(3)
    expect((await upload(app, token, watchBatch(hr, start))).body.code).toBe(true)
    const day = (await ok(alice, '/v1/motion')).list[0].date
    expect(await creditedOn(alice, day)).toBe(rideEnergy(hr))

    const copy = await ok(bob, '/v1/motion_import', ride(hr, hoursAgo(1)))
    expect(copy.verdict).toEqual({ verdict: 'rejected', reasons: ['same_workout_elsewhere'] })
    expect(await creditedOn(bob, copy.date)).toBe(0n)
    // the watch's owner keeps what the recording earned
    expect(await creditedOn(alice, day)).toBe(rideEnergy(hr))
  })

  it('a watch recording arriving after an import takes its credit back', async () => {
    const alice = await aRider()
    const { token } = await aBoundWatch(app, alice, 1)
    const bob = await aRider()
    const hr = rideHr(30, 606)
    const copy = await ok(bob, '/v1/motion_import', ride(hr, hoursAgo(1)))
    expect(await creditedOn(bob, copy.date)).toBe(rideEnergy(hr))

    expect((await upload(app, token, watchBatch(hr, hoursAgo(3)))).body.code).toBe(true)
    const day = (await ok(alice, '/v1/motion')).list[0].date
    expect(await creditedOn(alice, day)).toBe(rideEnergy(hr))
    expect(await creditedOn(bob, copy.date)).toBe(0n)
    expect((await ok(bob, '/v1/motion', { date: copy.date })).list[0].verdict.verdict).toBe('rejected')
  })
})
