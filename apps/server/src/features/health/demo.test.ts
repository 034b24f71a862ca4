import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo.ts'
import { ok } from './health.testkit.ts'
import { earnSettings } from '../earn/index.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())
const fitnessDays = async () => (await earnSettings(app.database.db).get()).physical_fitness_days

describe('the demo user of npm start', () => {
  it('signs in with the README password and has a watch online with days of history, seeded once', async () => {
    await seedDemoData(app.database.db, app.server.log, fitnessDays, 3)
    const samples = await rowCount(app, 'hr_samples')
    expect(samples).toBeGreaterThan(2 * 8000)
    await seedDemoData(app.database.db, app.server.log, fitnessDays, 3)
    expect(await rowCount(app, 'users', 'email = $1', [DEMO_EMAIL])).toBe(1)

    const demo = new Client(app.server)
    const login = await demo.call('/v1/login', { account: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(login.body.code).toBe(true)
    expect(await ok(demo, '/v1/devicelist')).toMatchObject({
      total: 1,
      list: [{ device_code: 'KW-DEMO-0020', online: true }],
    })
    const week = await ok(demo, '/v1/weekly')
    expect(week.list.some((w: { totals: { steps: number } }) => w.totals.steps > 0)).toBe(true)
    expect((await ok(demo, '/v1/fitness')).active).toBe(true)
    expect(await ok(demo, '/v1/authorize')).toMatchObject({ exercise: true, sleep: true, heart_rate: true })
  })

  it('runs its easy runs mostly below the anaerobic zone, after a warm-up, in the zones the app shows', async () => {
    await seedDemoData(app.database.db, app.server.log, fitnessDays, 3)
    const demo = new Client(app.server)
    await demo.call('/v1/login', { account: DEMO_EMAIL, password: DEMO_PASSWORD })
    const runs = ((await ok(demo, '/v1/motion', {})).list as { id: number; type: string; end: string }[]).filter(
      (w) => w.type === 'run' && Date.parse(w.end) <= Date.now(),
    )
    expect(runs.length).toBeGreaterThan(0)
    for (const run of runs) {
      const detail = (await ok(demo, '/v1/motioninfo', { id: run.id })) as {
        pace_s_per_km: number
        heart_rate: { minute: number; bpm: number }[]
        zones: { zone: string; min_bpm: number; minutes: number }[]
      }
      const minutes = Object.fromEntries(detail.zones.map((z) => [z.zone, z.minutes]))
      const total = detail.zones.reduce((n, z) => n + z.minutes, 0)
      const hard = minutes.anaerobic! + minutes.limit!
      // an easy pace (slower than 5 min/km): at most a tenth of its minutes at or above the anaerobic floor
      expect(detail.pace_s_per_km).toBeGreaterThan(300)
      expect(hard, JSON.stringify(detail.zones)).toBeLessThanOrEqual(total / 10)
      // a warm-up: the first three minutes below the aerobic zone, well under the rest of the run
      const aerobicFloor = detail.zones.find((z) => z.zone === 'aerobic')!.min_bpm
      const mean = (xs: { bpm: number }[]) => xs.reduce((n, x) => n + x.bpm, 0) / xs.length
      const first = detail.heart_rate.filter((m) => m.minute < 3)
      const rest = detail.heart_rate.filter((m) => m.minute >= 10)
      expect(first.length).toBe(3)
      expect(Math.max(...first.map((m) => m.bpm))).toBeLessThan(aerobicFloor)
      expect(mean(first)).toBeLessThan(mean(rest) - 15)
    }
  })
})
