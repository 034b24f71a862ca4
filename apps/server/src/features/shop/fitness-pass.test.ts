import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { anOperator } from '../discover/discover.testkit.ts'
import { aUser, expectReconciled, give, ok } from '../earn/earn.testkit.ts'
import { earnSettings } from '../earn/index.ts'
import { shopService } from './shop.service.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const DAY_MS = 86_400_000
const SLUG = 'physical-fitness-30d'
type Good = { id: number; name: string; description: string; price: number }

async function setFitnessDays(days: number) {
  const ops = await anOperator(app)
  await ops.ok('/admin/earnsettingset', { key: 'physical_fitness_days', value: String(days) })
}

async function fitnessGood(client: Awaited<ReturnType<typeof aUser>>, lang = 'us-en'): Promise<Good> {
  const { body } = await client.call('/v1/getstore', { type: 'virtual' }, { lang })
  const good = (body.data.list as Good[]).find((g) => g.name.startsWith(lang === 'us-en' ? 'Physical-fitness' : '体能'))
  if (!good) throw new Error('no fitness good')
  return good
}

const storedTexts = async () =>
  (await app.database.pool.query('SELECT name, description FROM shop_goods WHERE slug = $1', [SLUG])).rows

// first: the database as an earlier version left it (the start seeded the good: it is put back as it was)
describe('an installation seeded before the length became a setting', () => {
  /** The texts the first seed stored, with the length written in. */
  const OLD = {
    name: { 'us-en': 'Physical-fitness analysis (30 days)', 'zh-cn': '体能分析（30天）', 'zh-hk': '體能分析（30天）' },
    description: {
      'us-en': 'Unlocks the physical-fitness analysis of your health data for 30 days from redemption.',
      'zh-cn': '兑换后 30 天内可查看基于您健康数据的体能分析。',
      'zh-hk': '兌換後 30 天內可查看基於您健康數據的體能分析。',
    },
  }
  const insertOld = async (name: typeof OLD.name) => {
    await app.database.pool.query('DELETE FROM shop_goods WHERE slug = $1', [SLUG])
    await app.database.pool.query(
      `INSERT INTO shop_goods (slug, kind, name, description, price_points, fulfilment, sort)
       VALUES ($1, 'virtual', $2, $3, 300, 'physical_fitness', 10)`,
      [SLUG, name, OLD.description],
    )
  }
  const seed = () => shopService({ db: app.database.db, settings: earnSettings(app.database.db) }).seed()

  it('keeps a good an operator renamed, and gives the untouched "(30 days)" good the length of the setting', async () => {
    const edited = { ...OLD.name, 'us-en': 'Fitness check (30 days)' }
    await insertOld(edited)
    await seed()
    expect(await storedTexts()).toEqual([{ name: edited, description: OLD.description }])

    await app.database.pool.query('UPDATE shop_goods SET name = $2 WHERE slug = $1', [SLUG, OLD.name])
    await seed()
    const [stored] = await storedTexts()
    expect([stored.name['us-en'], stored.description['zh-cn']]).toEqual([
      'Physical-fitness analysis ({days} days)',
      '兑换后 {days} 天内可查看基于您健康数据的体能分析。',
    ])
    await setFitnessDays(45)
    const client = await aUser(app)
    expect(await fitnessGood(client)).toMatchObject({
      name: 'Physical-fitness analysis (45 days)',
      description: 'Unlocks the physical-fitness analysis of your health data for 45 days from redemption.',
    })
  })
})

describe("the physical-fitness pass's length", () => {
  it("is the operator's setting on the health page, the good, the order, the history and the purchase", async () => {
    await setFitnessDays(45)
    const client = await aUser(app)
    await give(app, client.user.id, 1000n)
    expect((await ok(client, '/v1/fitness')).valid_days).toBe(45)
    const good = await fitnessGood(client)
    expect(good.name).toBe('Physical-fitness analysis (45 days)')
    expect(good.description).toContain('for 45 days from redemption')
    expect((await fitnessGood(client, 'zh-cn')).name).toBe('体能分析（45天）')

    const start = Date.now()
    const bought = await ok(client, '/v1/poststore', { id: good.id, request_id: `fit-${start}` })
    expect(bought.order.good.name).toBe('Physical-fitness analysis (45 days)')
    const first = new Date((await ok(client, '/v1/fitness')).valid_until).getTime()
    expect(first).toBeGreaterThanOrEqual(start + 45 * DAY_MS)
    expect(first).toBeLessThanOrEqual(Date.now() + 45 * DAY_MS)
    const history = await ok(client, '/v1/ledger', { asset: 'points', direction: 'out' })
    expect(history.list[0]).toMatchObject({ kind: 'purchase', detail: 'Physical-fitness analysis (45 days)' })

    await setFitnessDays(7)
    expect((await ok(client, '/v1/fitness')).valid_days).toBe(7)
    expect((await fitnessGood(client)).name).toBe('Physical-fitness analysis (7 days)')
    await ok(client, '/v1/exchange_fitness', { request_id: `fit-${start}-2` })
    const second = new Date((await ok(client, '/v1/fitness')).valid_until).getTime()
    expect(second - first).toBe(7 * DAY_MS)
    // each order names the length it granted
    expect((await ok(client, '/v1/orders')).list.map((o: { good: { name: string } }) => o.good.name)).toEqual([
      'Physical-fitness analysis (7 days)',
      'Physical-fitness analysis (45 days)',
    ])
  })

  it('tells before redeeming what it costs, the points there are and that no data is there yet', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 1000n)
    const price = (await fitnessGood(client)).price
    expect(await ok(client, '/v1/fitness')).toMatchObject({ active: false, price, points: 1000, data_days: 0 })
    await ok(client, '/v1/exchange_fitness', { request_id: `offer-${Date.now()}` })
    expect(await ok(client, '/v1/fitness')).toMatchObject({ active: true, price, points: 1000 - price, data_days: 0 })
  })

  it('refuses a validity of 0 days', async () => {
    const ops = await anOperator(app)
    const answer = await ops.refused('/admin/earnsettingset', { key: 'physical_fitness_days', value: '0' })
    expect(answer.error).toBe('FIELD_INVALID')
  })
})
