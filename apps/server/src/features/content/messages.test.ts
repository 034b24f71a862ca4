import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, usersAndOperator } from '../admin/admin.testkit.ts'
import { postSystemMessage } from './system-messages.ts'

let app: TestApp
let alice: Client
let bob: Client
let aliceId: number
let bobId: number
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  ;({ alice, bob, aliceId, bobId, ops } = await usersAndOperator(app, 'msg'))
})
afterAll(() => app.close())

const texts = (en: string, cn: string, hk: string) => ({ 'us-en': en, 'zh-cn': cn, 'zh-hk': hk })

describe('messages', () => {
  it('start empty', async () => {
    const carol = new Client(app.server)
    await registerUser(carol, 'carol-msg@example.com')
    expect((await carol.call('/v1/msg')).body.data).toEqual({ list: [], total: 0, page: 1, limit: 20, unread: 0 })
  })

  it('show a published notice to every user, in their language, unread until opened', async () => {
    const published = await adminCall(ops, '/admin/noticeadd', {
      title: texts('Maintenance tonight', '今晚维护', '今晚維護'),
      content: texts(
        'The service pauses 02:00-03:00 UTC.',
        '服务将于 UTC 02:00-03:00 暂停。',
        '服務將於 UTC 02:00-03:00 暫停。',
      ),
    })
    expect(published.body.code).toBe(true)
    const id = published.body.data.id as number

    for (const client of [alice, bob]) {
      const list = (await client.call('/v1/msg', {}, { lang: 'zh-cn' })).body.data
      expect(list.list[0]).toMatchObject({ id, kind: 'notice', title: '今晚维护', read: false })
      expect(list.unread).toBeGreaterThanOrEqual(1)
    }
    const before = (await alice.call('/v1/msg')).body.data.unread
    const opened = await alice.call('/v1/msginfo', { id }, { lang: 'zh-hk' })
    expect(opened.body.data).toMatchObject({ id, kind: 'notice', title: '今晚維護', read: true })
    expect(opened.body.data.content).toBe('服務將於 UTC 02:00-03:00 暫停。')
    const after = (await alice.call('/v1/msg')).body.data
    expect(after.unread).toBe(before - 1)
    expect(after.list[0].read).toBe(true)
    // reading is per user: bob's copy stays unread
    expect((await bob.call('/v1/msg')).body.data.list[0]).toMatchObject({ id, read: false })
    // reading twice changes nothing
    await alice.call('/v1/msginfo', { id })
    expect((await alice.call('/v1/msg')).body.data.unread).toBe(after.unread)
  })

  it('show a system message only to its user; another id answers like a missing one', async () => {
    const id = await postSystemMessage(app.database.db, aliceId, {
      title: texts('Reward arrived', '奖励已到账', '獎勵已到賬'),
      content: texts('You received 10 points.', '您获得了 10 积分。', '您獲得了 10 積分。'),
    })
    expect((await alice.call('/v1/msg')).body.data.list[0]).toMatchObject({
      id,
      kind: 'system',
      title: 'Reward arrived',
    })
    expect((await bob.call('/v1/msg')).body.data.list.map((m: { id: number }) => m.id)).not.toContain(id)

    const missing = await bob.call('/v1/msginfo', { id: 987_654 })
    expect(missing.body).toMatchObject({ code: false, error: 'MESSAGE_NOT_FOUND', msg: 'This message does not exist' })
    const theirs = await bob.call('/v1/msginfo', { id })
    expect(theirs.body).toEqual(missing.body)
    expect(await rowCount(app, 'message_reads', 'user_id = $1 AND message_id = $2', [bobId, id])).toBe(0)
  })

  it('page newest first', async () => {
    for (let i = 1; i <= 3; i++)
      await postSystemMessage(app.database.db, bobId, {
        title: texts(`n${i}`, `n${i}`, `n${i}`),
        content: texts('x', 'x', 'x'),
      })
    const page = (await bob.call('/v1/msg', { page: 1, limit: 2 })).body.data
    expect(page.list.map((m: { title: string }) => m.title)).toEqual(['n3', 'n2'])
    expect(page).toMatchObject({ page: 1, limit: 2 })
    const next = (await bob.call('/v1/msg', { page: 2, limit: 2 })).body.data
    expect(next.list[0].title).toBe('n1')
  })

  it('refuse bad params and a missing session', async () => {
    expect((await alice.call('/v1/msginfo', {})).body).toMatchObject({ code: false, error: 'FIELD_REQUIRED' })
    expect((await alice.call('/v1/msg', { limit: 101 })).body).toMatchObject({ code: false, error: 'FIELD_TOO_LONG' })
    expect((await new Client(app.server).call('/v1/msg')).body.code).toBe(401)
  })
})
