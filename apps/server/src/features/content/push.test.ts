import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { notify } from './content.testkit.ts'
import { startPushReceiver, startTarpit, type PushDevice } from '../../../test/push-receiver.ts'
import { systemResolver } from '../../platform/egress/egress.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'

let app: TestApp
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
let tarpit: Awaited<ReturnType<typeof startTarpit>>
let ops: Client
/** Host names this test's DNS answers itself (the rest: the machine's resolver). */
const dns = new Map<string, string[]>()
beforeAll(async () => {
  app = await startTestApp(
    { PUSH_ALLOW_LOCAL: '1' },
    { resolver: async (host) => dns.get(host) ?? systemResolver(host) },
  )
  receiver = await startPushReceiver()
  tarpit = await startTarpit()
  ops = (await operatorClient(app)).client
})
afterAll(async () => {
  await app.close()
  await tarpit.close()
  await receiver.close()
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
const sub = (device: Pick<PushDevice, 'endpoint' | 'keys'>) => ({ endpoint: device.endpoint, keys: device.keys })
const texts = (en: string, cn: string, hk: string) => ({ 'us-en': en, 'zh-cn': cn, 'zh-hk': hk })
/** Every `push.send` job of this account has ended (completed or failed for good). */
const pushJobsDone = async (userId: number) => {
  const { rows } = await app.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pgboss.job
      WHERE name = 'push.send' AND (data->>'userId')::bigint = $1 AND state NOT IN ('completed', 'failed', 'cancelled')`,
    [userId],
  )
  return Number(rows[0]?.n) === 0
}
const note = (title: string) => ({
  kind: 'chat' as const,
  title: texts(title, title, title),
  body: texts('-', '-', '-'),
  url: '/',
})
const devices = async (client: Client) => (await client.call('/v1/pushsettings')).body.data.devices as number

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

    await notify(app, user.id, {
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
    await notify(app, user.id, note('shipped', 'Order shipped'))
    await notify(app, user.id, note('chat', 'Support replied'))
    await vi.waitFor(() => expect(device.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(async () => expect(await pushJobsDone(user.id)).toBe(true), { timeout: 15_000, interval: 100 })
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

  it('connects to the address its check resolved, not to a second answer of the DNS', async () => {
    const user = await signedIn('us-en')
    const device = receiver.device('pinned-phone')
    const port = new URL(device.endpoint).port
    // no DNS but this test's knows the name: the push arrives only over the checked address
    dns.set('push.pinned.test', ['127.0.0.1'])
    const endpoint = `http://push.pinned.test:${port}/push/pinned-phone`
    expect((await user.client.call('/v1/pushsubscribe', { endpoint, keys: device.keys })).body.code).toBe(true)
    await notify(app, user.id, note('Pinned'))
    await vi.waitFor(() => expect(device.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
  })

  it('delivers another account’s push while an endpoint that never answers still holds its connection', async () => {
    const slow = await signedIn('us-en')
    const other = await signedIn('us-en')
    const stuck = tarpit.device('held')
    const phone = receiver.device('not-held-phone')
    expect((await slow.client.call('/v1/pushsubscribe', sub(stuck))).body.code).toBe(true)
    expect((await other.client.call('/v1/pushsubscribe', sub(phone))).body.code).toBe(true)

    await notify(app, slow.id, note('Into the tarpit'))
    await vi.waitFor(() => expect(tarpit.requests('held')).toBe(1), { timeout: 15_000, interval: 50 })
    await notify(app, other.id, note('Not held up'))
    await vi.waitFor(() => expect(phone.received).toHaveLength(1), { timeout: 15_000, interval: 50 })
    // the tarpit's request is still waiting for its answer
    expect(tarpit.open()).toBeGreaterThan(0)
  })

  it('parks an endpoint that ran out of time twice in a row; the account’s other devices still get pushes', async () => {
    const user = await signedIn('us-en')
    const stuck = tarpit.device('parked')
    const phone = receiver.device('parked-owner-phone')
    for (const device of [stuck, phone])
      expect((await user.client.call('/v1/pushsubscribe', sub(device))).body.code).toBe(true)

    for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
      await notify(app, user.id, note(title))
      await vi.waitFor(() => expect(phone.received).toHaveLength(i + 1), { timeout: 15_000, interval: 100 })
      await vi.waitFor(async () => expect(await pushJobsDone(user.id)).toBe(true), { timeout: 15_000, interval: 100 })
    }
    // two pushes waited for it and ran out of time; the third did not try it
    expect(tarpit.requests('parked')).toBe(2)
    expect(await devices(user.client)).toBe(2)
  })

  it('keeps an account’s ten newest subscriptions: an eleventh replaces the oldest', async () => {
    const user = await signedIn('us-en')
    const phones = Array.from({ length: 11 }, (_, i) => receiver.device(`capped-${i}`))
    for (const phone of phones) expect((await user.client.call('/v1/pushsubscribe', sub(phone))).body.code).toBe(true)
    expect(await devices(user.client)).toBe(10)

    await notify(app, user.id, note('Ten devices'))
    for (const phone of phones.slice(1))
      await vi.waitFor(() => expect(phone.received).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(async () => expect(await pushJobsDone(user.id)).toBe(true), { timeout: 15_000, interval: 100 })
    expect(phones[0]?.received).toHaveLength(0)
  })
})
