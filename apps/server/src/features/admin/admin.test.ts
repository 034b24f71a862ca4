import { CATALOG } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, rowCount, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { OPERATOR_LOCK_AFTER } from './admin.service.ts'
import { adminCall, operatorClient } from './admin.testkit.ts'

let app: TestApp
let ops: Client
let opsEmail: string
let user: Client
let userId: number
beforeAll(async () => {
  app = await startTestApp()
  ;({ client: ops, email: opsEmail } = await operatorClient(app, 'ops-main@example.com'))
  user = new Client(app.server)
  userId = (await registerUser(user, 'console-user@example.com')).id
})
afterAll(() => app.close())

const consoleOps = CATALOG.filter((m) => m.feature === 'admin')
const texts = (text: string) => ({ 'us-en': `${text} en`, 'zh-cn': `${text} 简`, 'zh-hk': `${text} 繁` })

/** The latest audit entry, read straight from the table. */
async function lastAudit() {
  const { rows } = await app.database.pool.query(
    'SELECT a.action, a.target, a.details, o.email FROM audit_log a JOIN operators o ON o.id = a.operator_id ORDER BY a.id DESC LIMIT 1',
  )
  return rows[0] as { action: string; target: string; details: Record<string, unknown>; email: string }
}

describe('who reaches the console', () => {
  it('refuses every console operation but login to a user session and to no session, writing nothing', async () => {
    const guarded = ['audit_log', 'messages', 'tickets', 'ticket_replies', 'chat_messages', 'app_settings', 'articles']
    guarded.push('shop_goods', 'shop_orders', 'device_codes')
    const settings = () => app.database.pool.query('SELECT key, value FROM earn_settings ORDER BY key')
    const before = await rowCounts(app, guarded)
    const settingsBefore = (await settings()).rows
    // valid params for every write, so only the missing operator session can stop it
    const params = {
      ...{ id: 1, user_id: userId, app_version: '9.9.9', status: 'shipped', delta: 5, model: 'S9', count: 2 },
      ...{ key: 'stage_days', value: '1', kind: 'physical', price: 10, name: texts('n'), description: texts('d') },
    }
    // from an address of its own: sweeping every operation must not spend the per-address
    // console budget (120 a minute) the rest of this file's operator calls come from
    for (const m of consoleOps.filter((m) => m.auth)) {
      for (const client of [user, new Client(app.server)]) {
        const { body } = await client.call(m.name, params, { path: '/v1/admin/index', ip: '198.51.100.7' })
        expect(body.code, m.name).toBe(401)
        expect(body.msg).toContain('Token')
      }
    }
    expect(await rowCounts(app, guarded)).toEqual(before)
    expect((await settings()).rows).toEqual(settingsBefore)
    expect((await adminCall(user, '/v1/userinfo')).body).toMatchObject({ code: false, error: 'UNKNOWN_METHOD' })
  })

  it('never answers a console operation on the user path, even to an operator', async () => {
    const { body } = await ops.call('/admin/audit')
    expect(body).toMatchObject({ code: false, error: 'UNKNOWN_METHOD' })
  })

  it('keeps the operator session apart from users: the console cookie signs no user in', async () => {
    expect((await ops.call('/v1/userinfo')).body.code).toBe(401)
    expect([...ops.cookies.keys()]).toEqual(['kop'])
  })

  it('refuses a wrong password or an unknown operator alike', async () => {
    const wrong = await adminCall(new Client(app.server), '/admin/login', {
      email: opsEmail,
      password: 'nope-nope-nope',
    })
    const unknown = await adminCall(new Client(app.server), '/admin/login', { email: 'x@example.com', password: 'a' })
    expect(wrong.body).toMatchObject({ code: false, error: 'LOGIN_FAILED' })
    expect(unknown.body).toEqual(wrong.body)
    // a user's password is not an operator's
    const asUser = await adminCall(new Client(app.server), '/admin/login', {
      email: 'console-user@example.com',
      password: 'secret123',
    })
    expect(asUser.body).toMatchObject({ code: false, error: 'LOGIN_FAILED' })
  })

  it('locks an operator after repeated wrong passwords, even for the right one', async () => {
    const { email } = await operatorClient(app)
    const attempt = (password: string) => adminCall(new Client(app.server), '/admin/login', { email, password })
    for (let i = 0; i < OPERATOR_LOCK_AFTER; i++)
      expect((await attempt('wrong-password')).body.error).toBe('LOGIN_FAILED')
    const locked = await attempt('operator-password-1')
    expect(locked.body).toMatchObject({ code: false, error: 'TOO_MANY_ATTEMPTS' })
    expect(locked.response.cookies).toEqual([])
  })

  it('signs out: the cookie stops working', async () => {
    const { client } = await operatorClient(app)
    expect((await adminCall(client, '/admin/me')).body.code).toBe(true)
    const cookie = client.cookies.get('kop')
    expect((await adminCall(client, '/admin/logout')).body.code).toBe(true)
    client.cookies.set('kop', cookie ?? '')
    expect((await adminCall(client, '/admin/me')).body.code).toBe(401)
  })
})

describe('console actions', () => {
  it('set app_version: users see it at once on this instance; a bad version is refused', async () => {
    const { body } = await adminCall(ops, '/admin/setversion', { app_version: '1.2.0' })
    expect(body.data).toEqual({ app_version: '1.2.0' })
    expect((await user.call('/v1/version')).body.data).toEqual({ app_version: '1.2.0' })
    expect(await lastAudit()).toMatchObject({
      email: opsEmail,
      action: 'app_version.set',
      target: 'app_settings:app_version',
      details: { from: '1.0.0', to: '1.2.0' },
    })
    for (const bad of ['', 'v2', '1..2', '1.2.3.4.5', '1.0-beta']) {
      const refused = await adminCall(ops, '/admin/setversion', { app_version: bad })
      expect(refused.body.code, bad).toBe(false)
    }
    expect((await adminCall(ops, '/admin/version')).body.data).toEqual({ app_version: '1.2.0' })
  })

  it('publish a notice in three languages (all required), listed with its audit entry', async () => {
    const refused = await adminCall(ops, '/admin/noticeadd', {
      title: { 'us-en': 'only English' },
      content: texts('body'),
    })
    expect(refused.body).toMatchObject({ code: false, error: 'FIELD_REQUIRED' })
    const { body } = await adminCall(ops, '/admin/noticeadd', { title: texts('Hello'), content: texts('body') })
    expect(await lastAudit()).toMatchObject({ action: 'notice.publish', target: `message:${body.data.id}` })
    const list = (await adminCall(ops, '/admin/notices')).body.data
    expect(list.list[0]).toMatchObject({ id: body.data.id, kind: 'notice', title: texts('Hello') })
  })

  it('answer and close tickets, audited', async () => {
    const id = (await user.call('/v1/wrokadd', { cat_id: 1, title: 'Help', content: 'Locked out' })).body.data.id
    const listed = (await adminCall(ops, '/admin/tickets', { status: 'wait' })).body.data.list
    expect(listed[0]).toMatchObject({
      id,
      title: 'Help',
      user: { id: userId, label: expect.stringContaining('console-user@example.com') },
    })
    const seen = (await adminCall(ops, '/admin/ticket', { id })).body.data
    expect(seen.ticket.content).toBe('Locked out')
    await adminCall(ops, '/admin/ticketreply', { id, content: 'Reset it from the login page.' })
    expect(await lastAudit()).toMatchObject({ action: 'ticket.reply', target: `ticket:${id}` })
    await adminCall(ops, '/admin/ticketclose', { id })
    expect(await lastAudit()).toMatchObject({ action: 'ticket.close', target: `ticket:${id}` })
    expect((await adminCall(ops, '/admin/ticket', { id: 99_999 })).body).toMatchObject({ error: 'TICKET_NOT_FOUND' })
  })

  it('answer chats, audited; conversations list the latest message per user', async () => {
    await user.call('/v1/chatsend', { client_id: 'user-msg-0001', content: 'Anyone there?' })
    const chats = (await adminCall(ops, '/admin/chats')).body.data
    expect(chats.list[0]).toMatchObject({ user: { id: userId }, last: { content: 'Anyone there?', from: 'user' } })
    const sent = await adminCall(ops, '/admin/chatsend', {
      user_id: userId,
      client_id: 'ops-msg-0001',
      content: 'Yes!',
    })
    expect(await lastAudit()).toMatchObject({ action: 'chat.send', target: `user:${userId}` })
    const chat = (await adminCall(ops, '/admin/chat', { user_id: userId })).body.data
    expect(chat.list.at(-1)).toEqual(sent.body.data)
    const nobody = await adminCall(ops, '/admin/chatsend', { user_id: 99_999, client_id: 'ops-msg-0002', content: 'x' })
    expect(nobody.body).toMatchObject({ code: false, error: 'USER_NOT_FOUND' })
  })

  it('edit an article in one language, audited; users read the new text', async () => {
    const { body } = await adminCall(ops, '/admin/articlesave', {
      type: 'privacy',
      lang_code: 'zh-hk',
      title: '私隱政策（新）',
      content: '新的內容',
    })
    expect(body.code).toBe(true)
    expect(await lastAudit()).toMatchObject({ action: 'article.save', target: 'article:privacy:zh-hk' })
    expect((await user.call('/v1/articleinfo', { type: 'privacy' }, { lang: 'zh-hk' })).body.data).toMatchObject({
      title: '私隱政策（新）',
      content: '新的內容',
    })
    const all = (await adminCall(ops, '/admin/articles', { type: 'privacy' })).body.data.list
    expect(all.map((a: { lang: string }) => a.lang).sort()).toEqual(['us-en', 'zh-cn', 'zh-hk'])
    expect(
      (await adminCall(ops, '/admin/articlesave', { type: 'nope', lang_code: 'zh-hk', title: 't', content: 'c' })).body,
    ).toMatchObject({ code: false, error: 'FIELD_INVALID' })
  })

  it('look a user up by id or e-mail, audited, with no password hash or secret', async () => {
    for (const query of [String(userId), 'CONSOLE-USER@example.com']) {
      const { body } = await adminCall(ops, '/admin/user', { query })
      expect(body.data).toMatchObject({ id: userId, email: 'console-user@example.com' })
      expect(JSON.stringify(body.data)).not.toMatch(/argon|password|totp/i)
    }
    expect(await lastAudit()).toMatchObject({ action: 'user.lookup', target: `user:${userId}` })
    expect((await adminCall(ops, '/admin/user', { query: 'nobody@example.com' })).body).toMatchObject({
      error: 'USER_NOT_FOUND',
    })
  })

  it('show the audit log in the console, newest first, naming the operator', async () => {
    const { body } = await adminCall(ops, '/admin/audit', { limit: 100 })
    const actions = body.data.list.map((a: { action: string }) => a.action)
    for (const action of [
      'login',
      'app_version.set',
      'notice.publish',
      'ticket.reply',
      'ticket.close',
      'chat.send',
      'article.save',
      'user.lookup',
    ])
      expect(actions, action).toContain(action)
    expect(body.data.list[0]).toMatchObject({ operator: opsEmail, action: 'user.lookup' })
    expect(body.data.total).toBe(await rowCount(app, 'audit_log'))
  })
})
