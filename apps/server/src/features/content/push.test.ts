import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { startPushReceiver, type PushDevice } from '../../../test/push-receiver.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'

let app: TestApp
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
let ops: Client
beforeAll(async () => {
  app = await startTestApp()
  receiver = await startPushReceiver()
  ops = (await operatorClient(app)).client
})
afterAll(async () => {
  await receiver.close()
  await app.close()
})

let seq = 0
async function signedIn(lang: string) {
  const client = new Client(app.server)
  const id = (await registerUser(client, `push-${++seq}@example.com`)).id
  // a signed-in request in `lang` makes it the account's language
  expect((await client.call('/v1/userinfo', {}, { lang })).body.code).toBe(true)
  return { client, id }
}

/** The subscription as a browser posts it (`PushSubscription.toJSON()`). */
const sub = (device: PushDevice) => ({ endpoint: device.endpoint, keys: device.keys })
const texts = (en: string, cn: string, hk: string) => ({ 'us-en': en, 'zh-cn': cn, 'zh-hk': hk })
const pushJobsDone = async () => {
  const { rows } = await app.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pgboss.job WHERE name = 'push.send' AND state NOT IN ('completed', 'failed', 'cancelled')`,
  )
  return Number(rows[0]?.n) === 0
}

describe('web push', () => {
  it('hands out one VAPID public key, kept in the database', async () => {
    const { client } = await signedIn('us-en')
    const { body } = await client.call('/v1/pushkey')
    expect(body.code).toBe(true)
    expect(Buffer.from(body.data.public_key as string, 'base64url')).toHaveLength(65)
    const { rows } = await app.database.pool.query<{ public_key: string }>('SELECT public_key FROM push_keys')
    expect(rows).toEqual([{ public_key: body.data.public_key }])
  })

  it('refuses a subscription without P-256 keys or with a non-push endpoint, in the request language', async () => {
    const { client, id } = await signedIn('us-en')
    const device = receiver.device('refused')
    const badKey = await client.call('/v1/pushsubscribe', { ...sub(device), keys: { ...device.keys, p256dh: 'AAAA' } })
    expect(badKey.body).toMatchObject({ code: false, error: 'PUSH_SUBSCRIPTION_INVALID' })
    const plainHttp = await client.call(
      '/v1/pushsubscribe',
      { endpoint: 'http://push.example.com/x', keys: device.keys },
      { lang: 'zh-cn' },
    )
    expect(plainHttp.body).toMatchObject({
      code: false,
      error: 'PUSH_SUBSCRIPTION_INVALID',
      msg: '推送订阅无效：请在浏览器中重新开启通知',
    })
    expect(await rowCount(app, 'push_subscriptions', 'user_id = $1', [id])).toBe(0)
  })

  it('pushes a notice to each subscribed device, encrypted per RFC 8291, titled in its account language', async () => {
    const hk = await signedIn('zh-hk')
    const en = await signedIn('us-en')
    const hkPhone = receiver.device('hk-phone')
    const enLaptop = receiver.device('en-laptop')
    expect((await hk.client.call('/v1/pushsubscribe', sub(hkPhone), { lang: 'zh-hk' })).body.code).toBe(true)
    expect((await en.client.call('/v1/pushsubscribe', sub(enLaptop))).body.code).toBe(true)
    expect((await en.client.call('/v1/pushsettings')).body.data.devices).toBe(1)
    const { public_key } = (await en.client.call('/v1/pushkey')).body.data

    const published = await adminCall(ops, '/admin/noticeadd', {
      title: texts('Maintenance tonight', '今晚维护', '今晚維護'),
      content: texts('The app pauses at 02:00 UTC.', '应用将于 UTC 02:00 暂停。', '應用將於 UTC 02:00 暫停。'),
    })
    expect(published.body.code).toBe(true)
    const id = published.body.data.id as number

    await vi.waitFor(() => expect(hkPhone.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(() => expect(enLaptop.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    expect(hkPhone.received[0]?.payload).toEqual({
      kind: 'notice',
      title: '今晚維護',
      body: '應用將於 UTC 02:00 暫停。',
      url: `/messageDetail?id=${id}`,
    })
    expect(enLaptop.received[0]?.payload).toMatchObject({ title: 'Maintenance tonight' })
    // signed with the server's VAPID key (RFC 8292), encrypted as aes128gcm
    const headers = enLaptop.received[0]?.headers
    expect(headers?.['content-encoding']).toBe('aes128gcm')
    expect(headers?.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${public_key}$`))
  })

  it('removes a subscription whose endpoint answers 410, and keeps the others', async () => {
    const user = await signedIn('us-en')
    const gone = receiver.device('gone-tablet', 410)
    const live = receiver.device('live-phone')
    for (const device of [gone, live])
      expect((await user.client.call('/v1/pushsubscribe', sub(device))).body.code).toBe(true)
    expect(await rowCount(app, 'push_subscriptions', 'user_id = $1', [user.id])).toBe(2)

    await app.services.push.notify(user.id, {
      kind: 'ticket',
      title: texts('Your ticket was answered', '工单已回复', '工單已回覆'),
      body: texts('See the answer.', '查看回复。', '查看回覆。'),
      url: '/ticketList',
    })
    await vi.waitFor(() => expect(live.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(
      async () => expect(await rowCount(app, 'push_subscriptions', 'endpoint = $1', [gone.endpoint])).toBe(0),
      { timeout: 15_000, interval: 100 },
    )
    expect(await rowCount(app, 'push_subscriptions', 'endpoint = $1', [live.endpoint])).toBe(1)
  })

  it('sends no kind the account switched off; the switch shows in settings', async () => {
    const user = await signedIn('us-en')
    const device = receiver.device('muted-phone')
    await user.client.call('/v1/pushsubscribe', sub(device))
    expect((await user.client.call('/v1/pushsetting', { kind: 'shipped', enabled: '0' })).body.code).toBe(true)
    const settings = (await user.client.call('/v1/pushsettings')).body.data
    expect(settings.kinds).toContainEqual({ kind: 'shipped', enabled: false })
    expect(settings.kinds).toContainEqual({ kind: 'chat', enabled: true })

    const note = (kind: 'shipped' | 'chat', title: string) => ({
      kind,
      title: texts(title, title, title),
      body: texts('-', '-', '-'),
      url: '/',
    })
    await app.services.push.notify(user.id, note('shipped', 'Order shipped'))
    await app.services.push.notify(user.id, note('chat', 'Support replied'))
    await vi.waitFor(() => expect(device.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(async () => expect(await pushJobsDone()).toBe(true), { timeout: 15_000, interval: 100 })
    expect(device.received.map((r) => (r.payload as { title: string }).title)).toEqual(['Support replied'])
  })

  it('moves a device to the account that subscribes it last; another account cannot unsubscribe it', async () => {
    const first = await signedIn('us-en')
    const second = await signedIn('us-en')
    const device = receiver.device('shared-browser')
    await first.client.call('/v1/pushsubscribe', sub(device))
    await second.client.call('/v1/pushsubscribe', sub(device))
    expect(
      await rowCount(app, 'push_subscriptions', 'endpoint = $1 AND user_id = $2', [device.endpoint, second.id]),
    ).toBe(1)
    await first.client.call('/v1/pushunsubscribe', { endpoint: device.endpoint })
    expect(await rowCount(app, 'push_subscriptions', 'endpoint = $1', [device.endpoint])).toBe(1)
    await second.client.call('/v1/pushunsubscribe', { endpoint: device.endpoint })
    expect(await rowCount(app, 'push_subscriptions', 'endpoint = $1', [device.endpoint])).toBe(0)
  })
})
