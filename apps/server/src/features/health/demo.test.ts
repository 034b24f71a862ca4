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
})
