import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, startAppOn, startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'

// Two instances on one database: an operator's change on one reaches the other's cache (each
// instance keeps the earning settings in process, dropped over NOTIFY).
let a: TestApp
let b: TestApp
beforeAll(async () => {
  a = await startTestApp()
  b = await startAppOn(a.config.databaseUrl!)
})
afterAll(async () => {
  await b?.close()
  await a?.close()
})

async function rules(app: TestApp) {
  // statements on the settings only: a job of the app's own may run meanwhile
  const { result, trips } = await app.roundTrips(() => new Client(app.server).call('/v1/rules'), {
    naming: '"earn_settings"',
  })
  expect(result.body.code).toBe(true)
  return { newbie: Number(result.body.data.rules.newbie_task_points), trips }
}

function nextDrop(app: TestApp, cache: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.bus.onCacheDrop((drop) => {
      if (drop.cache !== cache) return
      stop()
      resolve()
    })
  })
}

function listening(app: TestApp, up: boolean): Promise<void> {
  if (app.bus.listening() === up) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = app.bus.onListening((now) => {
      if (now !== up) return
      stop()
      resolve()
    })
  })
}

describe("earning's settings, cached in every instance", () => {
  it('are read from memory, and an operator’s change on one instance reaches the other once notified', async () => {
    await rules(b)
    expect(await rules(b)).toEqual({ newbie: 50, trips: 0 })

    const { client: operator } = await operatorClient(a)
    const heard = nextDrop(b, 'earn-settings')
    const set = await adminCall(operator, '/admin/earnsettingset', { key: 'newbie_task_points', value: '77' })
    expect(set.body).toMatchObject({ code: true, data: { key: 'newbie_task_points', value: '77' } })
    await heard
    expect((await rules(b)).newbie).toBe(77)
    expect(await rules(b)).toEqual({ newbie: 77, trips: 0 })
  })

  it('are read from the database while the listening connection is down', async () => {
    expect((await rules(b)).trips).toBe(0)
    const down = listening(b, false)
    await a.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'kinetic-events' AND datname = current_database()`,
    )
    await down
    // changed with no notification at all: B, not trusting its copy, reads it
    await a.database.pool.query(`UPDATE earn_settings SET value = '61'::jsonb WHERE key = 'newbie_task_points'`)
    expect((await rules(b)).newbie).toBe(61)
    await listening(b, true)
    await rules(b)
    expect(await rules(b)).toEqual({ newbie: 61, trips: 0 })
  })
})
