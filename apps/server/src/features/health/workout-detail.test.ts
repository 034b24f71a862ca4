import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser, ok, refused } from './health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

/** 15 minutes due north at 3 m/s: a point every 10 s with its distance, heart rate and cadence. */
const POINTS = Array.from({ length: 91 }, (_, i) => {
  const t = i * 10
  const d = 3 * t
  return { t, lat: 30 + d / 111_195, lon: 120, d, hr: 120 + Math.floor(t / 300) * 10, cad: 170 }
})
const TRACK = POINTS.map((p) => `${p.t},${p.lat.toFixed(6)},${p.lon},${p.d},${p.hr},${p.cad}`).join(';')
const params = () => ({
  source: 'gpx',
  type: 'run',
  name: 'run',
  start: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  duration_s: 900,
  distance_m: 2700,
  heart_rate: Array.from({ length: 15 }, (_, m) => 120 + Math.floor(m / 5) * 10).join(','),
  track: TRACK,
})

describe('a workout’s detail', () => {
  it('draws the route, splits it per kilometre and gives pace, cadence and heart-rate zones', async () => {
    const user = await aUser(app)
    await app.database.pool.query('UPDATE users SET hr_zone = 200 WHERE id = $1', [user.id])
    const imported = await ok(user, '/v1/motion_import', params())
    const detail = await ok(user, '/v1/motioninfo', { id: imported.id })

    // splits, worked out here from the points: 1 km every 333.3 s, then 700 m
    const boundary = (m: number) => m / 3
    const inside = (from: number, to: number) => POINTS.filter((p) => p.d > from && p.d <= to)
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length)
    const split = (k: number, from: number, to: number) => ({
      km: k,
      distance_m: to - from,
      duration_s: Math.round(boundary(to) - boundary(from)),
      pace_s_per_km: Math.round((boundary(to) - boundary(from)) / ((to - from) / 1000)),
      avg_hr: mean(inside(from, to).map((p) => p.hr)),
      cadence_spm: 170,
    })
    expect(detail.splits).toEqual([split(1, 0, 1000), split(2, 1000, 2000), split(3, 2000, 2700)])
    expect(detail).toMatchObject({ type: 'run', pace_s_per_km: 333, cadence_spm: 170 })
    expect(detail.route).toHaveLength(POINTS.length)
    expect(detail.route[0]).toEqual([30, 120])
    expect(detail.route.at(-1)[0]).toBeCloseTo(POINTS.at(-1)!.lat, 5)
    // HRmax 200: 120 and 130 are fat burn (120–139), 140 aerobic (140–159)
    expect(
      Object.fromEntries(
        detail.zones
          .map((z: { zone: string; minutes: number }) => [z.zone, z.minutes])
          .filter(([, m]: [string, number]) => m > 0),
      ),
    ).toEqual({ fatburn: 10, aerobic: 5 })
    // another user's id answers like a missing one
    const other = await aUser(app)
    expect((await refused(other, '/v1/motioninfo', { id: imported.id })).error).toBe('WORKOUT_NOT_FOUND')
  })

  it('refuses a malformed track and stores nothing', async () => {
    const user = await aUser(app)
    const backwards = `0,30,120,,,;20,30.001,120,,,;10,30.002,120,,,`
    expect((await refused(user, '/v1/motion_import', { ...params(), track: backwards })).fields).toHaveProperty('track')
    expect((await refused(user, '/v1/motion_import', { ...params(), track: '0,30,120' })).fields).toHaveProperty(
      'track',
    )
    expect((await refused(user, '/v1/motion_import', { ...params(), track: '0,95,120,,,' })).fields).toHaveProperty(
      'track',
    )
    expect(await rowCount(app, 'workouts', 'user_id = $1', [user.id])).toBe(0)
  })

  it('thins a long route to 500 points, first and last kept', async () => {
    const user = await aUser(app)
    const long = Array.from({ length: 1200 }, (_, i) => `${i * 2},${(30 + i / 100_000).toFixed(5)},120,,,`).join(';')
    const { id } = await ok(user, '/v1/motion_import', { ...params(), duration_s: 3000, heart_rate: '', track: long })
    const detail = await ok(user, '/v1/motioninfo', { id })
    expect(detail.route).toHaveLength(500)
    expect(detail.route[0]).toEqual([30, 120])
    expect(detail.route.at(-1)).toEqual([30.01199, 120])
    // positions only: distance by haversine, 1.112 m a point, 1,333 m in all
    expect(detail.splits.map((s: { km: number; distance_m: number }) => [s.km, s.distance_m])).toEqual([
      [1, 1000],
      [2, 333],
    ])
    expect(detail.cadence_spm).toBeNull()
  })
})
