import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, startTestApp, type TestApp } from './harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

describe('the round-trip count of the test harness', () => {
  it('counts the statements one request sends through the pool', async () => {
    const client = new Client(app.server)
    await registerUser(client, 'trips@example.com')
    const { result, trips } = await app.roundTrips(() => client.call('/v1/userinfo'))
    expect(result.body.code).toBe(true)
    expect(trips).toBeGreaterThan(0)
    const none = await app.roundTrips(async () => 1 + 1)
    expect(none).toEqual({ result: 2, trips: 0 })
  })
})
