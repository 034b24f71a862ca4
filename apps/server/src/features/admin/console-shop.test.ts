import type { admin } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { earnSettings } from '../earn/index.ts'
import { rowCount, rowCounts, startTestApp, type Client, type TestApp } from '../../../test/harness.ts'
import { aUser, expectReconciled, give, ok } from '../earn/earn.testkit.ts'
import { adminCall, operatorClient } from './admin.testkit.ts'

let app: TestApp
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ops = (await operatorClient(app, 'ops-shop@example.com')).client
})
afterAll(async () => {
  await expectReconciled(app)
  await app.close()
})

const texts = (text: string) => ({ 'us-en': `${text} en`, 'zh-cn': `${text} 简`, 'zh-hk': `${text} 繁` })
const aGood = (extra: Record<string, unknown> = {}) => ({
  kind: 'physical',
  name: texts('Band'),
  description: texts('A strap'),
  price: 100,
  stock: 5,
  ...extra,
})

async function consoleOk(method: string, params: Record<string, unknown> = {}) {
  const { body } = await adminCall(ops, method, params)
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(true)
  return body.data
}
async function consoleRefused(method: string, params: Record<string, unknown> = {}) {
  const { body } = await adminCall(ops, method, params)
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(false)
  return body as { error: string; msg: string; fields?: Record<string, string> }
}
async function lastAudit() {
  const { rows } = await app.database.pool.query(
    'SELECT action, target, details FROM audit_log ORDER BY id DESC LIMIT 1',
  )
  return rows[0] as { action: string; target: string; details: Record<string, unknown> }
}
const stockOf = async (id: number) =>
  (await app.database.pool.query('SELECT stock FROM shop_goods WHERE id = $1', [id])).rows[0]?.stock as number | null

describe('goods in the console', () => {
  it('adds a good users can buy, lists goods of both kinds, active or not, with units sold', async () => {
    const { id } = await consoleOk('/admin/goodadd', aGood())
    expect(await lastAudit()).toMatchObject({ action: 'good.add', target: `good:${id}`, details: { price: 100 } })
    const buyer = await aUser(app)
    await give(app, buyer.user.id, 500n)
    for (const request_id of ['req-1', 'req-2'])
      await ok(buyer, '/v1/poststore', { id, request_id, name: 'Li Lei', phone: '13800000000', address: '1 Long Road' })
    await consoleOk('/admin/goodadd', aGood({ kind: 'virtual', fulfilment: 'energy:5', active: false, stock: '' }))
    const list = (await consoleOk('/admin/goods', { limit: 100 })).list as { id: number; [k: string]: unknown }[]
    expect(list.find((g) => g.id === id)).toMatchObject({ stock: 3, sold: 2, active: true, name: texts('Band') })
    expect(list.filter((g) => g.id !== id).map((g) => g.sold)).toEqual(list.filter((g) => g.id !== id).map(() => 0))
    expect(list.filter((g) => g.kind === 'virtual' && g.active === false && g.stock === null)).toHaveLength(1)
    expect(list.some((g) => g.fulfilment === 'physical_fitness')).toBe(true)
  })

  it('lists the fitness analysis as users read it, its template kept for editing', async () => {
    const list = (await consoleOk('/admin/goods', { limit: 100 })).list as admin.ConsoleGood[]
    const fitness = list.find((g) => g.fulfilment === 'physical_fitness')
    const { physical_fitness_days: days } = await earnSettings(app.database.db).get()
    // the template, for the edit form ({days}: the operator's length setting)
    expect(fitness?.name['us-en']).toBe('Physical-fitness analysis ({days} days)')
    // what the list shows: the length filled in, every language
    expect(fitness?.shown_name).toEqual({
      'us-en': `Physical-fitness analysis (${days} days)`,
      'zh-cn': `体能分析（${days}天）`,
      'zh-hk': `體能分析（${days}天）`,
    })
    for (const good of list) expect(Object.values(good.shown_name).join(' ')).not.toMatch(/[{}]/)
  })

  it('refuses bad goods naming the field, writing nothing', async () => {
    const before = await rowCounts(app, ['shop_goods', 'audit_log'])
    const cases: [Record<string, unknown>, string, string][] = [
      [aGood({ price: 0 }), 'FIELD_INVALID', 'price'],
      [aGood({ price: 'ten' }), 'FIELD_INVALID', 'price'],
      [aGood({ stock: -1 }), 'FIELD_INVALID', 'stock'],
      [aGood({ kind: 'service' }), 'FIELD_INVALID', 'kind'],
      [aGood({ name: { 'us-en': 'Only English' } }), 'FIELD_REQUIRED', 'name.zh-cn'],
      [aGood({ fulfilment: 'energy:5' }), 'FIELD_INVALID', 'fulfilment'],
      [aGood({ kind: 'virtual' }), 'FIELD_INVALID', 'fulfilment'],
      [aGood({ kind: 'virtual', fulfilment: 'points:5' }), 'FIELD_INVALID', 'fulfilment'],
    ]
    for (const [params, error, field] of cases) {
      const body = await consoleRefused('/admin/goodadd', params)
      expect(body.error, JSON.stringify(params)).toBe(error)
      if (body.fields) expect(Object.keys(body.fields)).toContain(field)
    }
    expect((await consoleRefused('/admin/goodadd', aGood({ price: 0 }))).msg).toBe('Price is invalid')
    expect((await consoleRefused('/admin/goodadd', aGood({ price: '' }))).msg).toBe('Price is required')
    expect((await consoleRefused('/admin/goodadd', aGood({ kind: 'virtual' }))).msg).toBe('Fulfilment is invalid')
    expect(await rowCounts(app, ['shop_goods', 'audit_log'])).toEqual(before)
  })

  it('edits a good (never its stock); users see the new name and price; a missing id is refused', async () => {
    const { id } = await consoleOk('/admin/goodadd', aGood())
    await consoleOk('/admin/goodedit', { id, ...aGood({ name: texts('Strap'), price: 120, stock: 99 }) })
    expect(await lastAudit()).toMatchObject({ action: 'good.edit', target: `good:${id}` })
    const shopper = await aUser(app)
    const shown = (await ok(shopper, '/v1/getstore', { limit: 100 })).list.find((g: { id: number }) => g.id === id)
    expect(shown).toMatchObject({ name: 'Strap en', price: 120, stock: 5 })
    await consoleOk('/admin/goodedit', { id, ...aGood({ active: false }) })
    const after = (await ok(shopper, '/v1/getstore', { limit: 100 })).list.map((g: { id: number }) => g.id)
    expect(after).not.toContain(id)
    expect((await consoleRefused('/admin/goodedit', { id: 999_999, ...aGood() })).error).toBe('GOOD_NOT_FOUND')
    // a refused edit changes nothing
    const before = (await app.database.pool.query('SELECT * FROM shop_goods WHERE id = $1', [id])).rows
    expect((await consoleRefused('/admin/goodedit', { id, ...aGood({ kind: 'virtual' }) })).error).toBe('FIELD_INVALID')
    expect((await consoleRefused('/admin/goodedit', { id, ...aGood({ price: -3 }) })).error).toBe('FIELD_INVALID')
    expect((await app.database.pool.query('SELECT * FROM shop_goods WHERE id = $1', [id])).rows).toEqual(before)
  })
})

describe('stock', () => {
  it('adds and removes units, never below the units left unsold, audited', async () => {
    const { id } = await consoleOk('/admin/goodadd', aGood({ stock: 3 }))
    expect(await consoleOk('/admin/stock', { id, delta: 7 })).toEqual({ stock: 10 })
    expect(await lastAudit()).toMatchObject({ action: 'good.stock', details: { delta: 7, stock: 10 } })
    expect(await consoleOk('/admin/stock', { id, delta: -10 })).toEqual({ stock: 0 })
    const below = await consoleRefused('/admin/stock', { id, delta: -1 })
    expect(below).toMatchObject({ error: 'STOCK_BELOW_SOLD' })
    expect(below.msg).toBe('Fewer units are left unsold than you want to remove')
    expect((await consoleRefused('/admin/stock', { id, delta: 0 })).error).toBe('FIELD_INVALID')
    expect((await consoleRefused('/admin/stock', { id: 999_999, delta: 1 })).error).toBe('GOOD_NOT_FOUND')
    expect(await stockOf(id)).toBe(0)
  })

  it('refuses to count an unlimited good', async () => {
    const { id } = await consoleOk('/admin/goodadd', aGood({ stock: '' }))
    expect((await consoleRefused('/admin/stock', { id, delta: 5 })).error).toBe('STOCK_UNLIMITED')
    expect(await stockOf(id)).toBeNull()
  })

  it('ends consistent after 20 concurrent adjustments racing purchases', async () => {
    const { id } = await consoleOk('/admin/goodadd', aGood({ stock: 10 }))
    const buyers = await Promise.all([aUser(app), aUser(app), aUser(app)])
    for (const b of buyers) await give(app, b.user.id, 1000n)
    const deltas = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 3 : -4))
    const answers = await Promise.all([
      ...deltas.map((delta) => adminCall(ops, '/admin/stock', { id, delta })),
      ...buyers.map((b, i) =>
        b.call('/v1/poststore', { id, request_id: `race-${i}`, name: 'A', phone: '13800000000', address: '1 Road' }),
      ),
    ])
    const applied = deltas.filter((_, i) => answers[i]!.body.code === true).reduce((a, b) => a + b, 0)
    const bought = answers.slice(deltas.length).filter((a) => a.body.code === true).length
    for (const a of answers.slice(0, deltas.length))
      if (a.body.code !== true) expect(a.body.error).toBe('STOCK_BELOW_SOLD')
    expect(await stockOf(id)).toBe(10 + applied - bought)
    expect(await stockOf(id)).toBeGreaterThanOrEqual(0)
    expect(await rowCount(app, 'audit_log', "action = 'good.stock' AND target = $1", [`good:${id}`])).toBe(
      answers.slice(0, deltas.length).filter((a) => a.body.code === true).length,
    )
  })
})

describe('orders', () => {
  it('ships and completes a physical order: the user sees shipped and a message; steps go one way once', async () => {
    const { id: goodId } = await consoleOk('/admin/goodadd', aGood({ name: texts('Watch strap') }))
    const buyer = await aUser(app)
    await give(app, buyer.user.id, 500n)
    const { order } = await ok(buyer, '/v1/poststore', {
      id: goodId,
      request_id: 'ship-1',
      name: 'Han Mei',
      phone: '13900000000',
      address: '2 Short Street',
    })
    const paid = (await consoleOk('/admin/orders', { status: 'paid', limit: 100 })).list
    expect(paid.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      status: 'paid',
      ship_address: '2 Short Street',
      user: { id: buyer.user.id },
    })
    expect((await consoleRefused('/admin/orderadvance', { id: order.id, status: 'completed' })).error).toBe(
      'ORDER_STEP_INVALID',
    )
    const messagesBefore = await rowCount(app, 'messages', 'user_id = $1', [buyer.user.id])
    const shipped = await Promise.all(
      [1, 2].map(() => adminCall(ops, '/admin/orderadvance', { id: order.id, status: 'shipped' })),
    )
    expect(shipped.map((s) => s.body.code).sort()).toEqual([false, true])
    expect(await lastAudit()).toMatchObject({
      action: 'order.advance',
      target: `order:${order.id}`,
      details: { from: 'paid', to: 'shipped', user_id: buyer.user.id },
    })
    expect(await rowCount(app, 'messages', 'user_id = $1', [buyer.user.id])).toBe(messagesBefore + 1)
    expect((await ok(buyer, '/v1/order', { id: order.id })).order.status).toBe('shipped')
    const inbox = await ok(buyer, '/v1/msg', {})
    expect(inbox.list[0]).toMatchObject({ title: 'Your order has shipped' })
    const done = await consoleOk('/admin/orderadvance', { id: order.id, status: 'completed' })
    expect(done.order.status).toBe('completed')
    expect(await rowCount(app, 'messages', 'user_id = $1', [buyer.user.id])).toBe(messagesBefore + 1)
    expect((await consoleRefused('/admin/orderadvance', { id: 999_999, status: 'shipped' })).error).toBe(
      'ORDER_NOT_FOUND',
    )
    expect((await consoleRefused('/admin/orderadvance', { id: order.id, status: 'lost' })).error).toBe('FIELD_INVALID')
    expect(
      (await consoleOk('/admin/orders', { status: 'completed', limit: 100 })).list.map((o: { id: number }) => o.id),
    ).toContain(order.id)
  })
})
