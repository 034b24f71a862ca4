import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { notify } from './content.testkit.ts'
import { startPushReceiver } from '../../../test/push-receiver.ts'

/**
 * Push endpoints as production checks them (no PUSH_ALLOW_LOCAL): only public unicast
 * addresses over https on 443, checked when subscribed and again before each send, with this
 * test's DNS in place of the machine's so an answer can change after subscribing.
 */
let app: TestApp
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
const dns = new Map<string, string[]>()
const asked: string[] = []
beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      resolver: async (host) => {
        asked.push(host)
        const answer = dns.get(host)
        if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
        return answer
      },
    },
  )
  receiver = await startPushReceiver()
})
afterAll(async () => {
  await app.close()
  await receiver.close()
})

/** A public address (no host here answers on it: nothing is sent to it in these tests). */
const PUBLIC = '93.184.215.14'

let seq = 0
async function signedIn() {
  const client = new Client(app.server)
  const id = (await registerUser(client, `push-egress-${++seq}@example.com`)).id
  return { client, id }
}

const REFUSED = [
  'https://169.254.169.254/latest/meta-data/iam',
  'https://10.0.0.7/push/a',
  'https://172.16.4.2/push/a',
  'https://192.168.1.1/push/a',
  'https://100.64.0.1/push/a',
  'https://127.0.0.1/push/a',
  'https://0.0.0.0/push/a',
  'https://198.18.0.1/push/a',
  'https://240.0.0.1/push/a',
  'https://[::1]/push/a',
  'https://[fd00::1]/push/a',
  'https://[fe80::1]/push/a',
  'https://[::ffff:127.0.0.1]/push/a',
  'https://[::ffff:a9fe:a9fe]/push/a',
  'https://[64:ff9b::a9fe:a9fe]/push/a',
  'https://[2002:a9fe:a9fe::1]/push/a',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push/a',
  'https://localhost:5432/push/a',
  'https://push.example.net:8443/push/a',
  'https://user:secret@push.example.net/push/a',
  'https://rebound.example.net/push/a',
  'https://mixed.example.net/push/a',
  'https://nowhere.example.net/push/a',
]

describe('push endpoints reach push services only', () => {
  beforeAll(() => {
    dns.set('push.example.net', [PUBLIC])
    dns.set('localhost', ['127.0.0.1', '::1'])
    dns.set('rebound.example.net', ['127.0.0.1'])
    dns.set('mixed.example.net', [PUBLIC, '10.1.2.3'])
  })

  it('refuses private, special, mapped and tunnelled addresses, other ports and credentials at subscribe', async () => {
    const { client, id } = await signedIn()
    const keys = receiver.device('egress-keys').keys
    for (const endpoint of REFUSED) {
      const { body } = await client.call('/v1/pushsubscribe', { endpoint, keys })
      expect({ endpoint, error: body.error }).toEqual({ endpoint, error: 'PUSH_ENDPOINT_REFUSED' })
    }
    const zh = await client.call('/v1/pushsubscribe', { endpoint: REFUSED[0], keys }, { lang: 'zh-cn' })
    expect(zh.body).toMatchObject({ code: false, msg: '不允许使用该推送服务地址：请在浏览器中重新开启通知' })
    // the stand-in push service on this machine, plain http: refused without PUSH_ALLOW_LOCAL
    const local = await client.call('/v1/pushsubscribe', { endpoint: receiver.device('egress-local').endpoint, keys })
    expect(local.body).toMatchObject({ code: false })
    expect(await rowCount(app, 'push_subscriptions', 'user_id = $1', [id])).toBe(0)

    const accepted = await client.call('/v1/pushsubscribe', { endpoint: 'https://push.example.net/push/a', keys })
    expect(accepted.body.code).toBe(true)
  })

  it('contacts no stored endpoint that fails the check at send: each is dropped', async () => {
    const keys = receiver.device('egress-stored').keys
    // subscriptions stored before the check existed, spread over accounts of at most ten devices
    const accounts: { client: Client; id: number }[] = []
    for (let from = 0; from < REFUSED.length; from += 8) {
      const account = await signedIn()
      accounts.push(account)
      for (const endpoint of REFUSED.slice(from, from + 8))
        await app.database.pool.query(
          'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)',
          [account.id, `${endpoint}/stored`, keys.p256dh, keys.auth],
        )
      await notify(app, account.id, {
        kind: 'chat',
        title: { 'us-en': 'x', 'zh-cn': 'x', 'zh-hk': 'x' },
        body: { 'us-en': 'x', 'zh-cn': 'x', 'zh-hk': 'x' },
        url: '/',
      })
    }
    // dropped, except the one whose host no DNS answers for (it may resolve later)
    const left = async () => {
      const { rows } = await app.database.pool.query<{ endpoint: string }>(
        'SELECT endpoint FROM push_subscriptions WHERE user_id = ANY($1)',
        [accounts.map((a) => a.id)],
      )
      return rows.map((r) => r.endpoint)
    }
    await vi.waitFor(async () => expect(await left()).toEqual(['https://nowhere.example.net/push/a/stored']), {
      timeout: 20_000,
      interval: 200,
    })
  })

  it('does not contact an endpoint whose host resolves to 127.0.0.1 after it was subscribed', async () => {
    const { client, id } = await signedIn()
    dns.set('moving.example.net', [PUBLIC])
    const endpoint = 'https://moving.example.net/push/device'
    const keys = receiver.device('egress-moving').keys
    expect((await client.call('/v1/pushsubscribe', { endpoint, keys })).body.code).toBe(true)
    expect((await client.call('/v1/pushsettings')).body.data.devices).toBe(1)

    dns.set('moving.example.net', ['127.0.0.1'])
    asked.length = 0
    await notify(app, id, {
      kind: 'chat',
      title: { 'us-en': 'x', 'zh-cn': 'x', 'zh-hk': 'x' },
      body: { 'us-en': 'x', 'zh-cn': 'x', 'zh-hk': 'x' },
      url: '/',
    })
    await vi.waitFor(async () => expect((await client.call('/v1/pushsettings')).body.data.devices).toBe(0), {
      timeout: 20_000,
      interval: 200,
    })
    // the send asked the DNS again, and refused the answer instead of connecting
    expect(asked).toContain('moving.example.net')
  })
})
