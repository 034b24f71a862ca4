import { ERRORS, type Locale, type WireLang } from '@kinetic/protocol'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cuttableProxy, ownPostgres } from '../../server/test/faults.ts'
// the server harness reads the server tests' provided values (declared there)
import type {} from '../../server/test/global-setup.ts'
import { Client, registerUser, startAppOn, type TestApp } from '../../server/test/harness.ts'
import { createWallet } from '../../server/src/features/wallet/wallet.testkit.ts'
import cnCommon from '../src/i18n/locales/zh-CN/common.json'
import enCommon from '../src/i18n/locales/en-US/common.json'
import twCommon from '../src/i18n/locales/zh-TW/common.json'
import cnWallet from '../src/i18n/locales/zh-CN/wallet.json'
import enWallet from '../src/i18n/locales/en-US/wallet.json'
import twWallet from '../src/i18n/locales/zh-TW/wallet.json'
import { launchBrowser, logIn, open, uniqueEmail } from './support.ts'

/**
 * The wallet tab while the chain node is away (issue 7). The shared e2e server's node keeps
 * serving the other files, so this file runs a server of its own — the real app on its own
 * Postgres, serving the built web app — whose RPC URL is a proxy the test cuts and restores.
 */

const LANGUAGES: [Locale, WireLang, string, typeof enWallet][] = [
  ['en-US', 'us-en', enCommon.retry, enWallet],
  ['zh-CN', 'zh-cn', cnCommon.retry, cnWallet],
  ['zh-TW', 'zh-hk', twCommon.retry, twWallet],
]

/** "Last updated …" in a language, whatever the time. */
const lastRead = (t: typeof enWallet) => new RegExp(`${t.home.lastRead.replace('{{time}}', '.+')}$`)

let cluster: Awaited<ReturnType<typeof ownPostgres>>
let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: TestApp
let baseUrl: string
let browser: Browser
beforeAll(async () => {
  ;[cluster, proxy, browser] = await Promise.all([ownPostgres(), cuttableProxy(inject('chainRpcUrl')), launchBrowser()])
  // WEB_DIST empty: the default, apps/web/dist (the harness points it nowhere otherwise)
  app = await startAppOn(cluster.appUrl, { CHAIN_RPC_URL: proxy.url, WEB_DIST: '' }, cluster.remove)
  baseUrl = await app.server.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  await proxy?.close()
})

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  return context.newPage()
}

const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).count()

describe('the wallet tab when the chain node cannot be reached', () => {
  it('says so in the person’s language with a retry, and shows the wallet again once it is back', async () => {
    const email = uniqueEmail('chain-down')
    const api = new Client(app.server)
    await registerUser(api, email, 'walk1234')
    await createWallet(api, undefined, { name: 'Everyday' })

    const page = await phonePage()
    await open(page, '/login')
    await logIn(page, email, 'walk1234')
    await page.waitForURL(/#\/homePage$/)
    await open(page, '/spot')
    await expect.poll(() => shown(page, 'Everyday'), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => shown(page, 'BNB')).toBeGreaterThan(0)

    proxy.cut()
    // the open tab's next read fails: the wallet stays, its balances say unavailable since the last good read
    await expect.poll(() => shown(page, cnWallet.home.unavailable), { timeout: 30_000 }).toBeGreaterThan(1)
    expect(await page.getByRole('status').getByText(lastRead(cnWallet)).count()).toBe(1)
    expect(
      await page
        .locator('button', { has: page.getByText('BNB', { exact: true }) })
        .first()
        .innerText(),
    ).not.toMatch(/\d/)
    expect(await shown(page, 'Everyday')).toBe(1)

    for (const [locale, lang, retry, t] of LANGUAGES) {
      await page.evaluate((l) => localStorage.setItem('currentLanguage', l), locale)
      await page.reload()
      const alert = page.getByRole('alert')
      await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe(ERRORS.CHAIN_UNAVAILABLE[lang] + retry)
      expect(await shown(page, 'Everyday')).toBe(0)
      // a fresh page has no balances to show, only when they were last read
      expect(await page.getByText(lastRead(t)).count()).toBe(1)
    }

    proxy.restore()
    await page.getByRole('button', { name: twCommon.retry, exact: true }).click()
    await expect.poll(() => shown(page, 'Everyday')).toBe(1)
    await expect.poll(() => shown(page, 'BNB')).toBeGreaterThan(0)
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
