import { ERRORS, type Locale, type WireLang } from '@kinetic/protocol'
import type { Browser, Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { cuttableProxy } from '../../server/test/faults.ts'
import cnCommon from '../src/i18n/locales/zh-CN/common.json' with { type: 'json' }
import enCommon from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import twCommon from '../src/i18n/locales/zh-TW/common.json' with { type: 'json' }
import cnWallet from '../src/i18n/locales/zh-CN/wallet.json' with { type: 'json' }
import enWallet from '../src/i18n/locales/en-US/wallet.json' with { type: 'json' }
import twWallet from '../src/i18n/locales/zh-TW/wallet.json' with { type: 'json' }
import { expect, test } from './fixtures.ts'
import { startServer, type E2EServer } from './server.ts'
import { logIn, open, registerThroughForm, uniqueEmail } from './support.ts'
import { button, field } from './wallet.support.ts'

/**
 * The wallet tab while the chain node is away. The worker's server keeps its node
 * for the other tests, so this file runs a server of its own — the real server process on its
 * own cloned database, serving the built web app — whose RPC URL is a proxy the test cuts and
 * restores.
 */

const LANGUAGES: [Locale, WireLang, string, typeof enWallet][] = [
  ['en-US', 'us-en', enCommon.retry, enWallet],
  ['zh-CN', 'zh-cn', cnCommon.retry, cnWallet],
  ['zh-TW', 'zh-hk', twCommon.retry, twWallet],
]

/** "Last updated …" in a language, whatever the time. */
const lastRead = (t: typeof enWallet) => new RegExp(`${t.home.lastRead.replace('{{time}}', '.+')}$`)

let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: E2EServer
let baseUrl: string
let browser: Browser
test.beforeAll(async ({ browser: b, server }) => {
  browser = b
  proxy = await cuttableProxy(server.chainRpcUrl)
  // the node is cut on purpose: the indexer's warnings about it are expected
  app = await startServer('chain-down', { chainRpcUrl: proxy.url, logLevel: 'error' })
  baseUrl = app.baseUrl
})
test.afterAll(async () => {
  await app?.stop()
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
const bnbRow = (page: Page) => page.locator('button', { has: page.getByText('BNB', { exact: true }) }).first()

test.describe('the wallet tab when the chain node cannot be reached', () => {
  test('says so in the person’s language with a retry, and shows the wallet again once it is back', async () => {
    const email = uniqueEmail('chain-down')
    const setUp = await phonePage()
    await registerThroughForm(setUp, email, 'walk1234')
    await open(setUp, '/walletAdd?tab=key')
    await field(setUp, cnWallet.import.key).fill(generatePrivateKey())
    await field(setUp, cnWallet.form.name).fill('Everyday')
    await field(setUp, cnWallet.form.password).fill('Zebra-Quartz-91')
    await field(setUp, cnWallet.form.repeatPassword).fill('Zebra-Quartz-91')
    await button(setUp, cnWallet.import.submit).click()
    await setUp.waitForURL(/#\/spot$/, { timeout: 20_000 })
    await setUp.context().close()

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
    expect(await bnbRow(page).innerText()).not.toMatch(/\d/)
    expect(await shown(page, 'Everyday')).toBe(1)

    // a fresh page online does not restore the offline copy (docs/adr/2026-11-24-pwa-offline-reads.md):
    // it has no balances to show, only the error with its retry and when they were last read
    for (const [locale, lang, retry, t] of LANGUAGES) {
      await page.evaluate((l) => localStorage.setItem('currentLanguage', l), locale)
      await page.reload()
      const alert = page.getByRole('alert')
      await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe(ERRORS.CHAIN_UNAVAILABLE[lang] + retry)
      expect(await shown(page, 'Everyday')).toBe(0)
      expect(await page.getByText(lastRead(t)).count()).toBe(1)
    }

    proxy.restore()
    await page.getByRole('button', { name: twCommon.retry, exact: true }).click()
    await expect.poll(() => shown(page, 'Everyday')).toBe(1)
    await expect.poll(() => bnbRow(page).innerText()).toMatch(/\d/)
    expect(await page.getByRole('status').count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
