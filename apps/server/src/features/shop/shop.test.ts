import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aUser, balanceOf, expectReconciled, give, ok, refused } from '../earn/earn.testkit.ts'
import { earnSettings } from '../earn/index.ts'
import { SEED_GOODS } from './goods.seed.ts'
import { shopRepo } from './shop.repo.ts'
import { seedGoods, shopService } from './shop.service.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const DAY_MS = 86_400_000
const service = () => shopService({ db: app.database.db, settings: earnSettings(app.database.db) })

type Good = { id: number; kind: string; name: string; price: number; stock: number | null }
const ship = { name: 'Li Lei', phone: '13800138000', address: '1 Sports Road, Shenzhen' }
let req = 0
const requestId = () => `req-${++req}-${Date.now()}`

async function goods(client: Awaited<ReturnType<typeof aUser>>, type?: string, lang?: string) {
  const { body } = await client.call('/v1/getstore', type ? { type } : {}, lang ? { lang } : {})
  expect(body.code).toBe(true)
  return body.data as { list: Good[]; points: number; total: number }
}
const byName = (list: Good[], name: string) => {
  const good = list.find((g) => g.name === name)
  if (!good) throw new Error(`no good ${name}`)
  return good
}

describe('the points shop', () => {
  it('lists my points and the seeded goods in my language, virtual and physical apart', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 1234n)
    const all = await goods(client)
    expect(all.points).toBe(1234)
    expect(all.list.map((g) => g.name)).toContain('Physical-fitness analysis (30 days)')
    expect((await goods(client, 'physical')).list.every((g) => g.kind === 'physical')).toBe(true)
    expect((await goods(client, 'virtual', 'zh-cn')).list.map((g) => g.name)).toContain('体能分析（30天）')
    expect((await refused(client, '/v1/getstore', { type: 'gold' })).error).toBe('FIELD_INVALID')
  })

  it('exchanges a virtual good at once: completed order, points debited, energy granted', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 500n)
    const pack = byName((await goods(client, 'virtual')).list, 'Energy pack (50)')
    const bought = await ok(client, '/v1/poststore', { id: pack.id, request_id: requestId() })
    expect(bought.points).toBe(300)
    expect(bought.order).toMatchObject({ status: 'completed', price: 200, good: { id: pack.id, kind: 'virtual' } })
    expect(await balanceOf(app, client.user.id, 'energy')).toBe(5000n)
    const history = await ok(client, '/v1/ledger', { asset: 'points', direction: 'out' })
    expect(history.list).toEqual([
      expect.objectContaining({ amount: '-200', balance: '300', kind: 'purchase', detail: 'Energy pack (50)' }),
    ])
    expect((await ok(client, '/v1/ledger', { asset: 'energy' })).list[0]).toMatchObject({
      amount: '50',
      kind: 'purchase',
    })
  })

  it('exchanges a KNT voucher: 10 KNT in my earnings', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 250n)
    const voucher = byName((await goods(client, 'virtual')).list, 'KNT voucher (10 KNT)')
    await ok(client, '/v1/poststore', { id: voucher.id, request_id: requestId() })
    expect(await ok(client, '/v1/balances')).toEqual({
      points: 50,
      energy: '0',
      power: '0',
      knt: '10',
      collect_min: '10',
    })
  })

  it('ships a physical good to a checked address, and its order stays paid', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 900n)
    const band = byName((await goods(client, 'physical')).list, 'Silicone sport band')
    const before = await rowCounts(app, ['shop_orders', 'ledger_entries'])
    for (const [params, error, field] of [
      [{}, 'FIELD_REQUIRED', 'name'],
      [{ ...ship, phone: '' }, 'PHONE_REQUIRED', 'phone'],
      [{ ...ship, phone: '23800138000' }, 'PHONE_INVALID', 'phone'],
      [{ ...ship, address: '' }, 'FIELD_REQUIRED', 'address'],
      [{ ...ship, address: 'x'.repeat(201) }, 'FIELD_TOO_LONG', 'address'],
    ] as const) {
      const answer = await refused(client, '/v1/poststore', { id: band.id, request_id: requestId(), ...params })
      expect([answer.error, Object.keys(answer.fields ?? {})]).toEqual([error, [field]])
    }
    expect(await rowCounts(app, ['shop_orders', 'ledger_entries'])).toEqual(before)

    const bought = await ok(client, '/v1/poststore', { id: band.id, request_id: requestId(), ...ship })
    expect(bought.order).toMatchObject({ status: 'paid', ship_name: 'Li Lei', ship_phone: '13800138000' })
    expect(bought.points).toBe(100)
    expect((await goods(client, 'physical')).list.find((g) => g.id === band.id)?.stock).toBe(band.stock! - 1)
    expect(await ok(client, '/v1/order', { id: bought.order.id })).toEqual({ order: bought.order })
    expect((await ok(client, '/v1/orders')).list).toEqual([bought.order])
  })

  it('lets operators move a physical order paid → shipped → completed, one step at a time', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 800n)
    const band = byName((await goods(client, 'physical')).list, 'Silicone sport band')
    const { order } = await ok(client, '/v1/poststore', { id: band.id, request_id: requestId(), ...ship })
    const shop = service()
    expect(await shop.advanceOrder(order.id, 'completed')).toBe(false)
    expect(await shop.advanceOrder(order.id, 'shipped')).toBe(true)
    expect((await ok(client, '/v1/order', { id: order.id })).order.status).toBe('shipped')
    expect(await shop.advanceOrder(order.id, 'shipped')).toBe(false)
    expect(await shop.advanceOrder(order.id, 'completed')).toBe(true)
    expect((await ok(client, '/v1/order', { id: order.id })).order.status).toBe('completed')
  })

  it('unlocks the physical-fitness analysis for 30 days per redemption, counted from the last expiry', async () => {
    const client = await aUser(app)
    expect(await ok(client, '/v1/fitness')).toMatchObject({ active: false, valid_until: null, report: null })
    await give(app, client.user.id, 600n)
    const fitness = byName((await goods(client, 'virtual')).list, 'Physical-fitness analysis (30 days)')
    const start = Date.now()
    for (let i = 0; i < 2; i++) await ok(client, '/v1/poststore', { id: fitness.id, request_id: requestId() })
    const report = await ok(client, '/v1/fitness')
    expect(report.active).toBe(true)
    const until = new Date(report.valid_until).getTime()
    expect(until).toBeGreaterThanOrEqual(start + 60 * DAY_MS)
    expect(until).toBeLessThanOrEqual(Date.now() + 60 * DAY_MS)
  })

  it('redeems the analysis from the health page with points, once per request id', async () => {
    const client = await aUser(app)
    const id = requestId()
    expect(await refused(client, '/v1/exchange_fitness', { request_id: id })).toMatchObject({
      error: 'INSUFFICIENT_POINTS',
    })
    expect((await ok(client, '/v1/fitness')).active).toBe(false)
    await give(app, client.user.id, 400n)
    const fitness = byName((await goods(client, 'virtual')).list, 'Physical-fitness analysis (30 days)')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.call('/v1/exchange_fitness', { request_id: id })),
    )
    for (const { body } of answers) expect(body).toMatchObject({ code: true, data: { active: true } })
    expect(await balanceOf(app, client.user.id)).toBe(400n - BigInt(fitness.price))
    expect((await ok(client, '/v1/orders')).total).toBe(1)
  })

  it('refuses a purchase without enough points, in the request language, and changes nothing', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 100n)
    const band = byName((await goods(client, 'physical')).list, 'Silicone sport band')
    const before = await rowCounts(app, ['shop_orders', 'ledger_entries'])
    const answer = await refused(client, '/v1/poststore', { id: band.id, request_id: requestId(), ...ship }, 'zh-cn')
    expect(answer).toMatchObject({ error: 'INSUFFICIENT_POINTS', msg: '积分不足' })
    expect(await rowCounts(app, ['shop_orders', 'ledger_entries'])).toEqual(before)
    expect((await goods(client, 'physical')).list.find((g) => g.id === band.id)?.stock).toBe(band.stock)
    expect(await balanceOf(app, client.user.id)).toBe(100n)
  })

  it('names the field of a shipping address too short to deliver to, in the request language', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 5000n)
    const band = byName((await goods(client, 'physical')).list, 'Silicone sport band')
    const short = { ...ship, address: 'Rd 1' }
    expect(await refused(client, '/v1/poststore', { id: band.id, request_id: requestId(), ...short })).toMatchObject({
      error: 'FIELD_INVALID',
      msg: 'Address is invalid',
      fields: { address: 'Address is invalid' },
    })
    const inChinese = await refused(
      client,
      '/v1/poststore',
      { id: band.id, request_id: requestId(), ...short },
      'zh-cn',
    )
    expect(inChinese.msg).toBe('地址格式不正确')
    expect(await balanceOf(app, client.user.id)).toBe(5000n)
  })

  it('refuses bad ids and answers another user’s order like a missing one', async () => {
    const [alice, bob] = await Promise.all([aUser(app), aUser(app)])
    await give(app, alice.user.id, 300n)
    const fitness = byName((await goods(alice, 'virtual')).list, 'Physical-fitness analysis (30 days)')
    const { order } = await ok(alice, '/v1/poststore', { id: fitness.id, request_id: requestId() })
    for (const id of ['-1', '1.5', 'abc']) {
      const answer = await refused(alice, '/v1/poststore', { id, request_id: requestId() })
      expect([id, answer.error]).toEqual([id, 'FIELD_INVALID'])
    }
    expect((await refused(alice, '/v1/poststore', { id: 999_999, request_id: requestId() })).error).toBe(
      'GOOD_NOT_FOUND',
    )
    expect((await refused(alice, '/v1/poststore', { id: fitness.id })).error).toBe('FIELD_REQUIRED')
    expect((await refused(bob, '/v1/order', { id: order.id })).error).toBe('ORDER_NOT_FOUND')
    expect((await refused(bob, '/v1/order', { id: 999_999 })).error).toBe('ORDER_NOT_FOUND')
    expect((await ok(bob, '/v1/orders')).total).toBe(0)
    expect(await balanceOf(app, alice.user.id)).toBe(0n)
  })

  it('buys once for a double tap: 20 concurrent requests with one request id', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 1000n)
    const fitness = byName((await goods(client, 'virtual')).list, 'Physical-fitness analysis (30 days)')
    const request_id = requestId()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.call('/v1/poststore', { id: fitness.id, request_id })),
    )
    expect(answers.every((a) => a.body.code === true)).toBe(true)
    expect(new Set(answers.map((a) => a.body.data.order.id)).size).toBe(1)
    expect(await balanceOf(app, client.user.id)).toBe(700n)
    expect(await rowCount(app, 'shop_orders', 'user_id = $1', [client.user.id])).toBe(1)
    const other = byName((await goods(client, 'virtual')).list, 'Energy pack (50)')
    expect((await refused(client, '/v1/poststore', { id: other.id, request_id })).error).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('never drives points negative: 30 concurrent buys with points for 3', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 900n)
    const fitness = byName((await goods(client, 'virtual')).list, 'Physical-fitness analysis (30 days)')
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.call('/v1/poststore', { id: fitness.id, request_id: requestId() })),
    )
    expect(answers.filter((a) => a.body.code === true)).toHaveLength(3)
    expect(new Set(answers.filter((a) => a.body.code !== true).map((a) => a.body.error))).toEqual(
      new Set(['INSUFFICIENT_POINTS']),
    )
    expect(await balanceOf(app, client.user.id)).toBe(0n)
  })

  it('sells exactly 10 of a good with stock 10 to 100 concurrent purchases', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => aUser(app)))
    const bottle = byName((await goods(buyers[0]!, 'physical')).list, 'Sports water bottle')
    await app.database.pool.query('UPDATE shop_goods SET stock = 10 WHERE id = $1', [bottle.id])
    // each buyer can pay for all five, so stock is what limits
    await Promise.all(buyers.map((b) => give(app, b.user.id, 2500n)))
    const answers = await Promise.all(
      buyers.flatMap((b) =>
        Array.from({ length: 5 }, () => b.call('/v1/poststore', { id: bottle.id, request_id: requestId(), ...ship })),
      ),
    )
    const sold = answers.filter((a) => a.body.code === true)
    expect(sold).toHaveLength(10)
    expect(new Set(answers.filter((a) => a.body.code !== true).map((a) => a.body.error))).toEqual(
      new Set(['OUT_OF_STOCK']),
    )
    expect((await goods(buyers[0]!, 'physical')).list.find((g) => g.id === bottle.id)?.stock).toBe(0)
    expect(await rowCount(app, 'shop_orders', 'good_id = $1', [bottle.id])).toBe(10)
    const balances = await Promise.all(buyers.map((b) => balanceOf(app, b.user.id)))
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(50_000n - 10n * 500n)
    expect(balances.every((b) => b >= 0n)).toBe(true)
  })
})

describe('seeded goods follow their catalog', () => {
  const texts = async (slug: string) =>
    (await app.database.pool.query('SELECT name, description FROM shop_goods WHERE slug = $1', [slug])).rows[0]
  /** The catalog with one good's English name changed, as an edit of the catalog would. */
  const renamed = (names: Record<string, string>) =>
    SEED_GOODS.map((good) => {
      const name = names[good.slug]
      return name ? { ...good, name: { ...good.name, 'us-en': name } } : good
    })

  it("renames a good the catalog renamed, and keeps a good's name an operator edited", async () => {
    const repo = shopRepo(app.database.db)
    await seedGoods(repo)
    await app.database.pool.query(
      `UPDATE shop_goods SET name = jsonb_set(name, '{us-en}', '"Our bottle"') WHERE slug = 'water-bottle'`,
    )

    await seedGoods(
      repo,
      renamed({ 'sport-band': 'Silicone sport band (22 mm)', 'water-bottle': 'Sports water bottle (600 ml)' }),
    )

    expect((await texts('sport-band')).name).toEqual({
      'us-en': 'Silicone sport band (22 mm)',
      'zh-cn': '硅胶运动表带',
      'zh-hk': '矽膠運動錶帶',
    })
    expect((await texts('water-bottle')).name['us-en']).toBe('Our bottle')
    // the catalog's own text again: the good follows it back
    await seedGoods(repo)
    expect((await texts('sport-band')).name['us-en']).toBe('Silicone sport band')
  })
})
