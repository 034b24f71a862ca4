import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, usersAndOperator } from '../admin/admin.testkit.ts'
import { seedTicketCategories } from './support.testkit.ts'
import { SEED_TICKET_CATEGORIES } from './ticket-categories.seed.ts'

let app: TestApp
let alice: Client
let bob: Client
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ;({ alice, bob, ops } = await usersAndOperator(app, 'tickets'))
})
afterAll(() => app.close())

const TABLES = ['tickets', 'ticket_replies', 'messages'] as const

async function openTicket(client: Client, title = 'Watch does not sync') {
  const { body } = await client.call('/v1/wrokadd', { cat_id: 2, title, content: 'Steps stay at zero since Monday.' })
  expect(body.code, JSON.stringify(body)).toBe(true)
  return body.data.id as number
}

describe('ticket categories', () => {
  it('are seeded in the three languages', async () => {
    const en = await alice.call('/v1/wrokcat', {}, { lang: 'us-en' })
    const cn = await alice.call('/v1/wrokcat', {}, { lang: 'zh-cn' })
    const hk = await alice.call('/v1/wrokcat', {}, { lang: 'zh-hk' })
    expect(en.body.data.list.length).toBeGreaterThanOrEqual(5)
    expect(en.body.data.list[0]).toEqual({ id: 1, name: 'Account and security' })
    expect(cn.body.data.list[0].name).toBe('账号与安全')
    expect(hk.body.data.list[0].name).toBe('帳號與安全')
  })

  it('need a session', async () => {
    const { body } = await new Client(app.server).call('/v1/wrokcat')
    expect(body.code).toBe(401)
  })

  it('take a name the catalog changed, and come back with it', async () => {
    const names = async () =>
      ((await alice.call('/v1/wrokcat', {}, { lang: 'us-en' })).body.data.list as { name: string }[]).map((c) => c.name)
    const before = await names()
    const renamed = SEED_TICKET_CATEGORIES.map((c) =>
      c.id === 5 ? { ...c, name: { ...c.name, 'us-en': 'Ideas and suggestions' } } : c,
    )
    await seedTicketCategories(app, renamed)
    expect(await names()).toEqual(before.map((name) => (name === 'Suggestions' ? 'Ideas and suggestions' : name)))
    await seedTicketCategories(app)
    expect(await names()).toEqual(before)
  })
})

describe('opening a ticket', () => {
  it('stores it waiting for a reply', async () => {
    const id = await openTicket(alice)
    const { body } = await alice.call('/v1/wrokchat', { id })
    expect(body.data.ticket).toMatchObject({
      id,
      cat_id: 2,
      category: 'Device and data',
      title: 'Watch does not sync',
      content: 'Steps stay at zero since Monday.',
      status: 'wait',
    })
    // acknowledged at once with the working hours and the expected answer time, in the user's language
    expect(body.data.replies).toHaveLength(1)
    expect(body.data.replies[0]).toMatchObject({ from: 'system' })
    expect(body.data.replies[0].content).toMatch(/^Thanks, we have your work order\. .* expect an answer by .+\.$/)
  })

  it.each([
    [{ cat_id: 2, content: 'x' }, 'FIELD_REQUIRED', 'title'],
    [{ cat_id: 2, title: '   ', content: 'x' }, 'FIELD_REQUIRED', 'title'],
    [{ cat_id: 2, title: 'x'.repeat(101), content: 'x' }, 'FIELD_TOO_LONG', 'title'],
    [{ cat_id: 2, title: 'x' }, 'FIELD_REQUIRED', 'content'],
    [{ title: 'x', content: 'x' }, 'FIELD_REQUIRED', 'cat_id'],
    [{ cat_id: 999, title: 'x', content: 'x' }, 'TICKET_CATEGORY_NOT_FOUND', 'cat_id'],
  ])('refuses %j with %s naming %s, writing nothing', async (params, error, field) => {
    const before = await rowCounts(app, TABLES)
    const { body } = await alice.call('/v1/wrokadd', params)
    expect(body).toMatchObject({ code: false, error })
    expect(Object.keys(body.fields ?? {})).toContain(field)
    expect(await rowCounts(app, TABLES)).toEqual(before)
  })

  it('names the field in the request language', async () => {
    const { body } = await alice.call('/v1/wrokadd', { cat_id: 2, content: 'x' }, { lang: 'zh-cn' })
    expect(body.msg).toBe('请填写标题')
  })
})

describe('the ticket lifecycle', () => {
  it('goes wait → replied (operator) → wait (user answers) → completed, with a system message on a reply', async () => {
    const id = await openTicket(alice, 'Lifecycle')
    expect((await adminCall(ops, '/admin/ticketreply', { id, content: 'Please re-pair the watch.' })).body.code).toBe(
      true,
    )
    let chat = (await alice.call('/v1/wrokchat', { id })).body.data
    expect(chat.ticket.status).toBe('replied')
    expect(chat.replies).toMatchObject([{ from: 'system' }, { from: 'operator', content: 'Please re-pair the watch.' }])

    const messages = (await alice.call('/v1/msg')).body.data
    expect(messages.list[0]).toMatchObject({ kind: 'system', title: 'Your work order was replied', read: false })
    expect(messages.list[0].summary).toContain('Lifecycle')

    chat = (await alice.call('/v1/wrokchat', { id, content: 'Still zero after pairing.' })).body.data
    expect(chat.ticket.status).toBe('wait')
    // asked again after an answer: acknowledged again
    expect(chat.replies.map((r: { from: string }) => r.from)).toEqual(['system', 'operator', 'user', 'system'])

    expect((await alice.call('/v1/wrokclose', { id })).body.code).toBe(true)
    expect((await alice.call('/v1/wrokchat', { id })).body.data.ticket.status).toBe('completed')
    // closing again changes nothing
    expect((await alice.call('/v1/wrokclose', { id })).body.code).toBe(true)
  })

  it('refuses replies on a completed ticket, from either side', async () => {
    const id = await openTicket(alice, 'Closed by ops')
    await adminCall(ops, '/admin/ticketclose', { id })
    const before = await rowCounts(app, TABLES)
    const user = await alice.call('/v1/wrokchat', { id, content: 'hello?' })
    expect(user.body).toMatchObject({ code: false, error: 'TICKET_COMPLETED' })
    const op = await adminCall(ops, '/admin/ticketreply', { id, content: 'late answer' })
    expect(op.body).toMatchObject({ code: false, error: 'TICKET_COMPLETED' })
    expect(await rowCounts(app, TABLES)).toEqual(before)
  })

  it('refuses a blank reply, writing nothing', async () => {
    const id = await openTicket(alice, 'Blank reply')
    const before = await rowCounts(app, TABLES)
    const { body } = await alice.call('/v1/wrokchat', { id, content: '   ' })
    expect(body).toMatchObject({ code: false, error: 'FIELD_REQUIRED', msg: 'Content is required' })
    expect(await rowCounts(app, TABLES)).toEqual(before)
  })
})

describe('the ticket list', () => {
  it('filters by status and lists only my tickets, newest activity first', async () => {
    const carol = new Client(app.server)
    await registerUser(carol, 'carol-tickets@example.com')
    const waiting = await openTicket(carol, 'first')
    const answered = await openTicket(carol, 'second')
    const done = await openTicket(carol, 'third')
    await adminCall(ops, '/admin/ticketreply', { id: answered, content: 'answer' })
    await carol.call('/v1/wrokclose', { id: done })
    await openTicket(bob, 'not carol')

    const all = (await carol.call('/v1/wrok')).body.data
    expect(all.total).toBe(3)
    expect(all.list.map((t: { id: number }) => t.id)).toEqual([done, answered, waiting])
    expect(all.list[0]).not.toHaveProperty('user')
    const ids = async (status: string) =>
      (await carol.call('/v1/wrok', { status })).body.data.list.map((t: { id: number }) => t.id)
    expect(await ids('wait')).toEqual([waiting])
    expect(await ids('replied')).toEqual([answered])
    expect(await ids('completed')).toEqual([done])

    const paged = (await carol.call('/v1/wrok', { page: 2, limit: 2 })).body.data
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2 })
    expect(paged.list.map((t: { id: number }) => t.id)).toEqual([waiting])
  })

  it('refuses an unknown status', async () => {
    const { body } = await alice.call('/v1/wrok', { status: 'lost' })
    expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID' })
  })
})

describe("another user's ticket", () => {
  it('answers exactly like a missing one and changes nothing', async () => {
    const id = await openTicket(alice, 'Private')
    const missing = await bob.call('/v1/wrokchat', { id: 99_999 })
    const before = await rowCounts(app, TABLES)
    for (const [method, params] of [
      ['/v1/wrokchat', { id }],
      ['/v1/wrokchat', { id, content: 'let me in' }],
      ['/v1/wrokclose', { id }],
    ] as const) {
      const { body } = await bob.call(method, params)
      expect(body, method).toEqual(missing.body)
    }
    expect(await rowCounts(app, TABLES)).toEqual(before)
    expect((await alice.call('/v1/wrokchat', { id })).body.data.ticket.status).toBe('wait')
    expect((await bob.call('/v1/wrok')).body.data.list.map((t: { id: number }) => t.id)).not.toContain(id)
  })
})
