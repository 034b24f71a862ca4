import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postSystemMessage } from '../src/features/content/index.ts'
import { aUser, give } from '../src/features/earn/earn.testkit.ts'
import { SESSION_TRIPS, startTestApp, type TestApp } from './harness.ts'

/** Hot reads (each screen's first answer) this file holds to two round trips besides the session. */
const HOT = ['/v1/userinfo', '/v1/wellinfo', '/v1/getstore', '/v1/msg'] as const

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

const texts = (en: string) => ({ 'us-en': en, 'zh-cn': en, 'zh-hk': en })

async function tripsOf(client: Awaited<ReturnType<typeof aUser>>, method: string, params = {}) {
  const { result, trips } = await app.roundTrips(() => client.call(method, params))
  expect(result.body, method).toMatchObject({ code: true })
  return { data: result.body.data, trips }
}

describe('the hot reads: at most two database round trips besides the session', () => {
  it('for a new user', async () => {
    const client = await aUser(app)
    // the first signed-in request remembers the language the client speaks (a write, once)
    await client.call('/v1/userinfo')
    for (const method of HOT) {
      const { trips } = await tripsOf(client, method)
      expect(trips, method).toBeLessThanOrEqual(2 + SESSION_TRIPS)
    }
  })

  it('for a user with answers, orders, and messages read and unread, with the same answers', async () => {
    const client = await aUser(app)
    await client.call('/v1/userinfo')
    const answered = await client.call('/v1/wellinfoup', { answers: ['no', 'no', 'yes', 'no', 'no', 'no', 'no'] })
    expect(answered.body.code).toBe(true)
    await give(app, client.user.id, 5_000n)
    const { data: store } = await tripsOf(client, '/v1/getstore', { type: 'virtual' })
    const cheapest = [...store.list].sort((a: { price: number }, b: { price: number }) => a.price - b.price)[0]
    const bought = await client.call('/v1/poststore', { id: cheapest.id, request_id: 'hot-reads-1' })
    expect(bought.body.code).toBe(true)
    const read = await postSystemMessage(app.database.db, client.user.id, { title: texts('Read'), content: texts('a') })
    await postSystemMessage(app.database.db, client.user.id, { title: texts('Unread'), content: texts('b') })
    expect((await client.call('/v1/msginfo', { id: read })).body.code).toBe(true)

    const user = await tripsOf(client, '/v1/userinfo')
    expect(user.data).toMatchObject({ id: client.user.id, email: client.user.email })
    const well = await tripsOf(client, '/v1/wellinfo')
    expect(well.data.latest).toMatchObject({ answers: ['no', 'no', 'yes', 'no', 'no', 'no', 'no'], result: 'consult' })
    const shop = await tripsOf(client, '/v1/getstore')
    expect(shop.data.points).toBe(5_000 - cheapest.price)
    expect(shop.data.total).toBeGreaterThanOrEqual(store.list.length)
    expect(shop.data.list.length).toBe(Math.min(shop.data.total, shop.data.limit))
    const messages = await tripsOf(client, '/v1/msg')
    expect(messages.data.unread).toBe(messages.data.total - 1)
    expect(messages.data.list.slice(0, 2)).toMatchObject([
      { title: 'Unread', read: false },
      { id: read, title: 'Read', read: true },
    ])
    for (const [method, { trips }] of Object.entries({ user, well, shop, messages }))
      expect(trips, method).toBeLessThanOrEqual(2 + SESSION_TRIPS)
  })

  it('answers a page past the last good with the total and no goods, in the same trips', async () => {
    const client = await aUser(app)
    await client.call('/v1/userinfo')
    const first = await tripsOf(client, '/v1/getstore', { limit: 2 })
    expect(first.data.list).toHaveLength(2)
    const past = await tripsOf(client, '/v1/getstore', { page: 1_000, limit: 2 })
    expect(past.data).toMatchObject({ list: [], total: first.data.total, page: 1_000, points: 0 })
    expect(past.trips).toBeLessThanOrEqual(2 + SESSION_TRIPS)
  })
})
