import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { formatUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, refused, upload } from '../health/health.testkit.ts'
import { expectReconciled } from './earn.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

/** Energy for `minutes` zone minutes at 0.2 each, as the answers write it. */
const zoneEnergy = (minutes: number) => formatUnits(BigInt(minutes * 20), 2)

/** HRmax without a birthday or setting: 220 − 30; the aerobic zone starts at 70 % of it. */
const AEROBIC_FLOOR = 0.7 * 190

/** A rider's heart rate: 130–150 bpm, minute by minute, never flat and never repeating (a fixed LCG). */
function rideHr(minutes: number, seed = 7): number[] {
  let x = seed
  return Array.from({ length: minutes }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return 130 + (x % 21)
  })
}

/** A consenting user in the noon zone. */
async function aRider() {
  const user = await aUser(app, noonZone())
  await ok(user, '/v1/authorize', { exercise: '1', heart_rate: '1' })
  return user
}

const importRide = (user: Awaited<ReturnType<typeof aRider>>, start: Date, hr: number[], extra = {}) =>
  ok(user, '/v1/motion_import', {
    source: 'tcx',
    type: 'cycle',
    name: 'Evening ride',
    start: start.toISOString(),
    duration_s: hr.length * 60,
    distance_m: 20_000,
    heart_rate: hr.join(','),
    ...extra,
  })

/** Home once the day's credit (a job, sent when the data arrived) reached `amount`. */
async function homeCredited(user: Awaited<ReturnType<typeof aRider>>, amount: string) {
  await expect.poll(async () => (await ok(user, '/v1/gethome')).today_energy.credited, { timeout: 20_000 }).toBe(amount)
  return ok(user, '/v1/gethome')
}

const energyHistory = (user: Awaited<ReturnType<typeof aRider>>) =>
  ok(user, '/v1/ledger', { asset: 'energy', limit: 50 })

describe('effort you can verify', () => {
  it('pays minutes in the aerobic zone or above without steps, at the rate /v1/rules states', async () => {
    const user = await aRider()
    const { token } = await aBoundWatch(app, user, 0)
    const hr = rideHr(40)
    const end = nowS() - 60
    const heartRate = hr.map((bpm, i) => ({ t: end - (hr.length - i) * 60, bpm }))
    expect((await upload(app, token, { heart_rate: heartRate })).status).toBe(200)

    const rules = (await ok(user, '/v1/rules')).rules
    expect(rules.energy_per_zone_minute).toBe('0.2')
    const zoneMinutes = hr.filter((b) => b >= AEROBIC_FLOOR).length
    expect(zoneMinutes).toBeGreaterThan(10)
    const home = await homeCredited(user, zoneEnergy(zoneMinutes))
    expect(home.sports.steps).toBe(0)
    expect(home.today_energy).toMatchObject({ steps: '0', active: '0', zone: zoneEnergy(zoneMinutes) })
    const [credit] = (await energyHistory(user)).list
    expect(credit.effort).toMatchObject({ verdict: 'ok', reasons: [] })

    // a minute already paid as an active (walking) minute is not paid again as a zone minute
    const walkMinute = heartRate.find((s) => s.bpm >= AEROBIC_FLOOR)!
    expect((await upload(app, token, { steps: [{ t: walkMinute.t - (walkMinute.t % 60), count: 100 }] })).status).toBe(
      200,
    )
    // the day is judged again by its credit, after the upload (Home shows the effort as last judged)
    await expect
      .poll(async () => (await ok(user, '/v1/gethome')).today_energy)
      .toMatchObject({ active: '0.2', zone: zoneEnergy(zoneMinutes - 1) })
  })

  it('pays an imported ride with heart rate and no steps: zone minutes and the workout', async () => {
    const user = await aRider()
    const hr = rideHr(45, 11)
    const stored = await importRide(user, new Date(Date.now() - 60 * 60_000), hr)
    expect(stored).toMatchObject({ duplicate: false, verdict: { verdict: 'ok', reasons: [] } })
    const zone = hr.filter((b) => b >= AEROBIC_FLOOR).length
    const home = await homeCredited(user, formatUnits(BigInt(500 + zone * 20), 2))
    expect(home.today_energy).toMatchObject({ steps: '0', workouts: '5', zone: zoneEnergy(zone) })
  })

  it('stores nothing for the same workout imported again with its start moved: it earns nothing, totals stay', async () => {
    const user = await aRider()
    const hr = rideHr(30, 23)
    const first = await importRide(user, new Date(Date.now() - 3 * 60 * 60_000), hr)
    const zone = hr.filter((b) => b >= AEROBIC_FLOOR).length
    const home = await homeCredited(user, formatUnits(BigInt(500 + zone * 20), 2))
    const day = await ok(user, '/v1/motion', { date: home.date })
    const postings = await rowCount(app, 'workouts', 'user_id = $1', [user.id])

    const again = await importRide(user, new Date(Date.now() - 60 * 60_000), hr, { name: 'Ride (copy)' })
    expect(again).toMatchObject({ duplicate: true, id: first.id, start: first.start })
    const after = await ok(user, '/v1/gethome')
    expect(after.today_energy).toEqual(home.today_energy)
    expect(after.energy).toBe(home.energy)
    expect(await ok(user, '/v1/motion', { date: home.date })).toEqual(day)
    expect(await rowCount(app, 'workouts', 'user_id = $1', [user.id])).toBe(postings)
    expect((await energyHistory(user)).total).toBe(1)
  })

  it('rejects a flat heart-rate trace and says why on the energy record', async () => {
    const user = await aRider()
    const { token } = await aBoundWatch(app, user, 1)
    // the flat ride first: the steps' credit, whenever it runs, is judged with it
    const flat = Array<number>(40).fill(142)
    const stored = await importRide(user, new Date(Date.now() - 4 * 60 * 60_000), flat)
    expect(stored.verdict).toEqual({ verdict: 'rejected', reasons: ['hr_flat'] })
    const end = nowS() - 60
    const steps = Array.from({ length: 20 }, (_, i) => ({ t: end - (20 - i) * 60, count: 100 }))
    expect((await upload(app, token, { steps })).status).toBe(200)

    // the steps earn (2,000 steps: 20; 20 active minutes: 4); the flat ride earns nothing
    const home = await homeCredited(user, '24')
    expect(home.today_energy).toMatchObject({ workouts: '0', zone: '0' })
    const [credit] = (await energyHistory(user)).list
    expect(credit).toMatchObject({
      amount: '24',
      kind: 'energy',
      effort: { day: home.date, verdict: 'rejected', reasons: ['hr_flat'] },
    })
  })

  it('opens one review ticket per day with the day’s data; another user’s entry gets nothing', async () => {
    const user = await aRider()
    const flat = Array<number>(40).fill(146)
    await importRide(user, new Date(Date.now() - 4 * 60 * 60_000), flat)
    const ride = rideHr(30, 5)
    await importRide(user, new Date(Date.now() - 2 * 60 * 60_000), ride)
    const zone = ride.filter((b) => b >= AEROBIC_FLOOR).length
    const home = await homeCredited(user, formatUnits(BigInt(500 + zone * 20), 2))
    const [credit] = (await energyHistory(user)).list
    expect(credit.effort).toMatchObject({ verdict: 'rejected', reasons: ['hr_flat'] })

    const stranger = await aRider()
    const foreign = await refused(stranger, '/v1/energy_review', { id: credit.id })
    expect(foreign.error).toBe('ENERGY_CREDIT_NOT_FOUND')
    expect(await rowCount(app, 'tickets', 'user_id = $1', [stranger.id])).toBe(0)

    const [a, b] = await Promise.all([
      ok(user, '/v1/energy_review', { id: credit.id }),
      ok(user, '/v1/energy_review', { id: credit.id }),
    ])
    expect(a.ticket_id).toBe(b.ticket_id)
    expect([a.created, b.created].sort()).toEqual([false, true])
    expect(a.day).toBe(home.date)
    expect(await rowCount(app, 'tickets', 'user_id = $1', [user.id])).toBe(1)
    const ticket = await ok(user, '/v1/wrokchat', { id: a.ticket_id })
    expect(ticket.ticket.title).toContain(home.date)
    const data = JSON.parse(ticket.ticket.content.slice(ticket.ticket.content.indexOf('{')))
    expect(data).toMatchObject({ day: home.date, hr_max: 190, verdict: { verdict: 'rejected', reasons: ['hr_flat'] } })
    expect(data.workouts).toHaveLength(2)
    expect(data.workouts[0].heart_rate).toEqual(flat)
  })

  it('a flat ride alone on its day carries its verdict on the sports record and can be sent for review from there', async () => {
    const user = await aRider()
    const flat = Array<number>(40).fill(150)
    const stored = await importRide(user, new Date(Date.now() - 4 * 60 * 60_000), flat)
    const rejected = { verdict: 'rejected', reasons: ['hr_flat'] }
    expect(stored.verdict).toEqual(rejected)

    // the day earns nothing, so no credit carries the verdict: the workout itself does
    const day = await ok(user, '/v1/motion', { date: stored.date })
    expect(day.list).toHaveLength(1)
    expect(day.list[0]).toMatchObject({ id: stored.id, verdict: rejected })
    expect((await ok(user, '/v1/motion', {})).list[0].verdict).toEqual(rejected)
    expect((await ok(user, '/v1/motioninfo', { id: stored.id })).verdict).toEqual(rejected)

    // another user's workout answers like a missing one and writes nothing
    const stranger = await aRider()
    const foreign = await refused(stranger, '/v1/workout_review', { id: stored.id })
    expect(foreign.error).toBe('WORKOUT_NOT_FOUND')
    expect(await rowCount(app, 'tickets', 'user_id = $1', [stranger.id])).toBe(0)
    expect(await rowCount(app, 'energy_reviews', 'user_id = $1', [stranger.id])).toBe(0)
    expect(await rowCount(app, 'tickets', 'user_id = $1', [user.id])).toBe(0)

    const [a, b] = await Promise.all([
      ok(user, '/v1/workout_review', { id: stored.id }),
      ok(user, '/v1/workout_review', { id: stored.id }),
    ])
    expect(a.ticket_id).toBe(b.ticket_id)
    expect([a.created, b.created].sort()).toEqual([false, true])
    expect(a.day).toBe(stored.date)
    expect(await rowCount(app, 'tickets', 'user_id = $1', [user.id])).toBe(1)
    const ticket = await ok(user, '/v1/wrokchat', { id: a.ticket_id })
    const data = JSON.parse(ticket.ticket.content.slice(ticket.ticket.content.indexOf('{')))
    expect(data).toMatchObject({ day: stored.date, verdict: rejected })
    expect(data.workouts).toMatchObject([{ id: stored.id, heart_rate: flat }])
    expect((await energyHistory(user)).total).toBe(0)
  })

  it('back-fills the same fingerprints in SQL as health computes for new imports (the migration’s data step)', async () => {
    const user = await aRider()
    const stored = await importRide(user, new Date(Date.now() - 5 * 60 * 60_000), rideHr(33, 41), {
      duration_s: 33 * 60 + 29,
      distance_m: 12_345,
    })
    const { rows } = await app.database.pool.query('SELECT fingerprint FROM workouts WHERE id = $1', [stored.id])
    const computed = rows[0].fingerprint as string
    expect(computed).toMatch(/^[0-9a-f]{32}$/)

    const dir = path.join(import.meta.dirname, '../../../drizzle')
    const migration = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .find((sql) => sql.includes('-- data: fingerprints of the imported workouts'))!
    const backfill = migration.slice(migration.indexOf('-- data: fingerprints'))
    await app.database.pool.query('UPDATE workouts SET fingerprint = NULL WHERE id = $1', [stored.id])
    await app.database.pool.query(backfill)
    const again = await app.database.pool.query('SELECT fingerprint FROM workouts WHERE id = $1', [stored.id])
    expect(again.rows[0].fingerprint).toBe(computed)
  })
})
