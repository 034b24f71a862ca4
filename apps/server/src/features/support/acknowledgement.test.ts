import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'
import { startPushReceiver } from '../../../test/push-receiver.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { expectedReplyBy, momentTexts } from './hours.ts'
import { testZone } from '../../platform/test-clock.ts'

let app: TestApp
let ops: Client
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
beforeAll(async () => {
  app = await startTestApp({ PUSH_ALLOW_LOCAL: '1' })
  ops = (await operatorClient(app)).client
  receiver = await startPushReceiver()
})
afterAll(async () => {
  await receiver.close()
  await app.close()
})

let seq = 0
async function aUserIn(lang: string) {
  const client = new Client(app.server)
  const { id } = await registerUser(client, `ack-${++seq}@example.com`)
  // a signed-in request in `lang` makes it the account's language
  await client.call('/v1/userinfo', {}, { lang })
  return { client, id }
}

/** Every day, all day in UTC, one working hour: the expected time is an hour after sending. */
const ALWAYS = { time_zone: 'UTC', days: '0,1,2,3,4,5,6', open: '00:00', close: '23:59', reply_hours: 1 }
/** The expected time as the acknowledgement writes it, for a message sent between `from` and `to`. */
const expectedTimes = (from: Date, to: Date, lang: 'us-en' | 'zh-hk') => {
  const hours = { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '23:59', replyHours: 1 }
  // the account's time zone (the one the test accounts register in) is where the reader is
  return [from, to].map((at) => momentTexts(expectedReplyBy(at, hours), testZone())[lang])
}

describe('working hours in the console', () => {
  it('shows the defaults, takes the operator’s hours (audited) and refuses nonsense', async () => {
    expect((await adminCall(ops, '/admin/supporthours')).body.data).toEqual({
      time_zone: 'Asia/Shanghai',
      days: [1, 2, 3, 4, 5],
      open: '09:00',
      close: '18:00',
      reply_hours: 4,
    })
    for (const bad of [
      { ...ALWAYS, time_zone: 'Mars/Olympus' },
      { ...ALWAYS, days: '1,8' },
      { ...ALWAYS, open: '18:00', close: '09:00' },
      { ...ALWAYS, reply_hours: 0 },
    ]) {
      const { body } = await adminCall(ops, '/admin/supporthoursset', bad)
      expect(body, JSON.stringify(bad)).toMatchObject({ code: false, error: 'FIELD_INVALID' })
    }
    const set = await adminCall(ops, '/admin/supporthoursset', ALWAYS)
    expect(set.body.data).toMatchObject({ time_zone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], reply_hours: 1 })
    expect((await adminCall(ops, '/admin/supporthours')).body.data).toEqual(set.body.data)
    const { rows } = await app.database.pool.query("SELECT action FROM audit_log WHERE action = 'support_hours.set'")
    expect(rows).toHaveLength(1)
  })
})

describe('the acknowledgement', () => {
  it('answers a new ticket at once with the working hours and the expected time, in the user’s language', async () => {
    await adminCall(ops, '/admin/supporthoursset', ALWAYS)
    const { client } = await aUserIn('zh-hk')
    const before = new Date()
    const opened = await client.call(
      '/v1/wrokadd',
      { cat_id: 1, title: 'Login', content: 'Locked out.' },
      { lang: 'zh-hk' },
    )
    const after = new Date()
    const { replies } = (await client.call('/v1/wrokchat', { id: opened.body.data.id }, { lang: 'zh-hk' })).body.data
    expect(replies).toHaveLength(1)
    expect(replies[0].from).toBe('system')
    expect(
      expectedTimes(before, after, 'zh-hk').map(
        (time) => `已收到你的工單。客服服務時間為 週一至週日 00:00–23:59（UTC），預計在 ${time} 前回覆。`,
      ),
    ).toContain(replies[0].content)
  })

  it('answers the first chat message of a wait once, and again after an operator’s answer, which is pushed', async () => {
    await adminCall(ops, '/admin/supporthoursset', ALWAYS)
    const { client, id } = await aUserIn('us-en')
    const device = receiver.device(`chat-${id}`)
    expect((await client.call('/v1/pushsubscribe', { endpoint: device.endpoint, keys: device.keys })).body.code).toBe(
      true,
    )
    const send = (content: string) => client.call('/v1/chatsend', { client_id: randomUUID(), content })
    const froms = async () =>
      ((await client.call('/v1/chat', { limit: 100 })).body.data.list as { from: string }[]).map((m) => m.from)

    const before = new Date()
    await send('Hello?')
    const after = new Date()
    await send('Anyone there?')
    expect(await froms()).toEqual(['user', 'system', 'user'])
    const [, ack] = (await client.call('/v1/chat', { limit: 100 })).body.data.list as { content: string }[]
    expect(
      expectedTimes(before, after, 'us-en').map(
        (time) =>
          `Thanks, we have your message. Customer service works Mon–Sun 00:00–23:59 (UTC); expect an answer by ${time}.`,
      ),
    ).toContain(ack?.content)

    const answer = await adminCall(ops, '/admin/chatsend', { user_id: id, client_id: randomUUID(), content: 'Here!' })
    expect(answer.body.code).toBe(true)
    await vi.waitFor(() => expect(device.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    expect(device.received[0]?.payload).toEqual({
      kind: 'chat',
      title: 'Customer service replied',
      body: 'Here!',
      url: '/serverChat',
    })
    await send('Thanks, one more thing')
    expect(await froms()).toEqual(['user', 'system', 'user', 'operator', 'user', 'system'])
  })

  it('leaves the acknowledgement out of the console’s conversation list', async () => {
    const { client, id } = await aUserIn('us-en')
    await client.call('/v1/chatsend', { client_id: randomUUID(), content: 'Only me' })
    const { list } = (await adminCall(ops, '/admin/chats', { limit: 100 })).body.data
    expect(list.find((c: { user: { id: number } }) => c.user.id === id)?.last).toMatchObject({
      from: 'user',
      content: 'Only me',
    })
  })
})
