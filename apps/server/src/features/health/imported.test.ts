import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, upload } from './health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

/**
 * A 30-minute run 3 hours ago (noon zone: the same local day), 5 km, 4,800 steps, along its own
 * `route` (a workout is earned once across accounts: each test runs its own).
 */
function aRun(startS = nowS() - 3 * 3600 - (nowS() % 60), route = 0) {
  // positions only: no recorded distance, heart rate or cadence
  const track = Array.from(
    { length: 31 },
    (_, i) => `${i * 60},31.${String(20000 + i * 150)},121.${String(4700 + route * 10)},,,`,
  ).join(';')
  return {
    source: 'gpx',
    type: 'run',
    name: 'river',
    start: new Date(startS * 1000).toISOString(),
    duration_s: 1800,
    distance_m: 5000,
    steps: 4800,
    track,
  }
}

describe('imported workouts in the day’s totals', () => {
  it('an imported run counts in that day’s steps, distance, calories and active minutes', async () => {
    const user = await aUser(app, noonZone())
    const before = (await ok(user, '/v1/well')).totals
    expect(before).toMatchObject({ steps: 0, distance_m: 0, calories: 0, active_minutes: 0 })
    const run = await ok(user, '/v1/motion_import', aRun())
    expect(run.duplicate).toBe(false)
    const after = (await ok(user, '/v1/well', { date: run.date })).totals
    // 10 km/h is 10 MET; 60 kg by default: 10 × 60 × 0.5 h = 300 kcal
    expect(after).toEqual({ date: run.date, steps: 4800, distance_m: 5000, calories: 300, active_minutes: 30 })
    expect((await ok(user, '/v1/motion', { date: run.date })).day).toEqual(after)
  })

  it('minutes the watch recorded steps in count once: the run adds only its other minutes', async () => {
    const user = await aUser(app, noonZone())
    const { token } = await aBoundWatch(app, user, 1)
    const startS = nowS() - 3 * 3600 - (nowS() % 60)
    // the watch saw the first 10 minutes of the run, 150 steps each
    const steps = Array.from({ length: 10 }, (_, i) => ({ t: startS + i * 60, count: 150 }))
    expect((await upload(app, token, { steps })).body.code).toBe(true)
    const run = await ok(user, '/v1/motion_import', aRun(startS, 1))
    const totals = (await ok(user, '/v1/well', { date: run.date })).totals
    // watch: 1,500 steps × 70 cm; the run: 20 of its 30 minutes → 3,200 steps, 3,333 m
    expect(totals).toMatchObject({ steps: 1500 + 3200, distance_m: 1050 + 3333, active_minutes: 10 + 20 })
    // a later watch upload covering the rest of the run takes those minutes back from it
    const rest = Array.from({ length: 20 }, (_, i) => ({ t: startS + (10 + i) * 60, count: 150 }))
    expect((await upload(app, token, { steps: rest })).body.code).toBe(true)
    expect((await ok(user, '/v1/well', { date: run.date })).totals).toMatchObject({ steps: 4500, active_minutes: 30 })
  })

  it('the same workout imported again, shifted by two hours, is stored once and counts once', async () => {
    const user = await aUser(app, noonZone())
    const startS = nowS() - 5 * 3600 - (nowS() % 60)
    const first = await ok(user, '/v1/motion_import', aRun(startS, 2))
    const shifted = await ok(user, '/v1/motion_import', aRun(startS + 2 * 3600, 2))
    expect(shifted).toMatchObject({ duplicate: true, id: first.id })
    const hr = Array.from({ length: 30 }, (_, i) => 120 + (i % 7)).join(',')
    const withHr = { ...aRun(startS - 24 * 3600, 2), track: '', heart_rate: hr }
    const a = await ok(user, '/v1/motion_import', withHr)
    const b = await ok(user, '/v1/motion_import', {
      ...withHr,
      start: new Date(Date.parse(withHr.start) + 2 * 3600_000).toISOString(),
    })
    expect(b).toMatchObject({ duplicate: true, id: a.id })
    expect(await rowCount(app, 'workouts', 'user_id = $1', [user.id])).toBe(2)
    // the stored copy's track, and only its
    expect(
      await rowCount(app, 'workout_tracks', 'workout_id IN (SELECT id FROM workouts WHERE user_id = $1)', [user.id]),
    ).toBe(1)
    expect((await ok(user, '/v1/well', { date: first.date })).totals).toMatchObject({ steps: 4800, distance_m: 5000 })
  })
})
