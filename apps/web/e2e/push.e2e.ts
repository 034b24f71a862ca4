import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import twContent from '../src/i18n/locales/zh-TW/content.json' with { type: 'json' }
import { startPushReceiver } from '../../server/test/push-receiver.ts'
import { expect, test } from './fixtures.ts'
import { consolePage, inject, open, registerThroughForm, uniqueEmail } from './support.ts'

/**
 * Web Push through the page (docs/adr/2026-11-24-web-push.md). Chromium reaches no push service
 * here, so the test stands in for it: `PushManager.subscribe` is answered by the test with a
 * subscription on the test's own P-256 keys and a local endpoint; the server stores what the
 * page posts, and a notice the operator publishes arrives there, encrypted per RFC 8291 and
 * signed with the key the page subscribed with, titled in the account's language.
 */

let receiver: Awaited<ReturnType<typeof startPushReceiver>>
test.beforeAll(async () => {
  receiver = await startPushReceiver()
})
test.afterAll(async () => {
  await receiver.close()
})

test('the settings switch subscribes this device; the operator’s notice is pushed to it in the account’s language', async ({
  browser,
}) => {
  const device = receiver.device(`e2e-${Date.now()}`)
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  })
  await context.grantPermissions(['notifications'], { origin: inject('baseUrl') })
  await context.addInitScript(() => {
    if (!localStorage.getItem('currentLanguage')) localStorage.setItem('currentLanguage', 'zh-TW')
  })
  // the push service's part: a subscription with the test's keys at the test's endpoint
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let current: PushSubscription | null = null
      const bytes = (key: BufferSource | string | null | undefined) =>
        key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer) : null
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = bytes(options?.applicationServerKey)
        ;(window as unknown as { subscribedKey?: string }).subscribedKey = key
          ? btoa(String.fromCharCode(...key))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '')
          : ''
        current = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key?.slice().buffer ?? null, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null
            return true
          },
        } as unknown as PushSubscription
        return current
      }
      PushManager.prototype.getSubscription = async function () {
        return current
      }
    },
    { endpoint: device.endpoint, keys: device.keys },
  )

  const page = await context.newPage()
  await registerThroughForm(page, uniqueEmail('push'), 'secret123', twAccount)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await open(page, '/userSettings')
  const toggle = page.getByRole('switch', { name: twContent.push.thisDevice })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  const subscribedKey = await page.evaluate(() => (window as unknown as { subscribedKey?: string }).subscribedKey)
  expect(subscribedKey).toMatch(/^[\w-]{87}$/)

  // the operator publishes a notice; the server pushes it to the stored subscription
  const ops = await consolePage(browser)
  const published = await ops.evaluate(async () => {
    const body = new URLSearchParams({
      method: '/admin/noticeadd',
      lang: 'us-en',
      'title[us-en]': 'Maintenance tonight',
      'title[zh-cn]': '今晚维护',
      'title[zh-hk]': '今晚維護',
      'content[us-en]': 'The app pauses at 02:00 UTC.',
      'content[zh-cn]': '应用将于 UTC 02:00 暂停。',
      'content[zh-hk]': '應用將於 UTC 02:00 暫停。',
    })
    const response = await fetch('/v1/admin/index', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    return (await response.json()) as { code: boolean; data: { id: number } }
  })
  expect(published.code).toBe(true)
  await expect.poll(() => device.received.length, { timeout: 15_000 }).toBe(1)
  const [push] = device.received
  expect(push?.payload).toEqual({
    kind: 'notice',
    title: '今晚維護',
    body: '應用將於 UTC 02:00 暫停。',
    url: `/messageDetail?id=${published.data.id}`,
  })
  expect(push?.headers['content-encoding']).toBe('aes128gcm')
  expect(push?.headers.authorization).toMatch(new RegExp(`, k=${subscribedKey}$`))
  await ops.context().close()
  await context.close()
})
