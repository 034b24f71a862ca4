import type { Locale } from '@kinetic/protocol'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './fixtures.ts'
import { DEV_FEED_ANSWERS } from '../../server/src/chain/networks.ts'
import { formatUsd } from '../src/features/wallet/lib/format.ts'
import cnWallet from '../src/i18n/locales/zh-CN/wallet.json' with { type: 'json' }
import twWallet from '../src/i18n/locales/zh-TW/wallet.json' with { type: 'json' }
import { inject, open } from './support.ts'
import {
  assetRowText,
  button,
  createWalletThroughScreens,
  field,
  fund,
  newAccountPage,
  t,
  walletAddress,
} from './wallet.support.ts'

/**
 * Prices come from the dev chain's feeds through the same multicall as on BSC, moved here by
 * `POST /dev/price`. Each worker's server prices BNB by a feed of its own (server.ts) and runs
 * one test at a time, so moving it is seen by no other test; it is put back (following the
 * chain's clock again) after each test.
 */

const WALLET_PASSWORD = 'Zebra-Quartz-91'

/**
 * A signed-in English page whose wallet holds 10 BNB, 1000 USDT and 1000 KNT, made once for the
 * worker's tests of this file: opened in `beforeAll`, so the phone outlives each test (a phone a
 * test opens is closed when that test ends, fixtures.ts).
 */
let walletPage: Page
test.beforeAll(async ({ browser }) => {
  walletPage = await newAccountPage(browser, 'prices')
  await createWalletThroughScreens(walletPage, 'Priced', WALLET_PASSWORD)
  await fund(await walletAddress(walletPage))
})
test.afterEach(async () => {
  await setPrice({ symbol: 'BNB', usd: DEV_FEED_ANSWERS.BNB })
})

async function setPrice(body: { symbol: string; usd: string; updated_at?: number }): Promise<void> {
  const response = await fetch(`${inject('baseUrl')}/dev/price`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.text()).toBe(200)
}

const shown = (p: Page, text: string) => p.getByText(text, { exact: true }).count()

test.describe('wallet prices from on-chain feeds', () => {
  test('moves the USD value with the feed, and shows "—" and names the coin left out when the feed is stale', async () => {
    const page = walletPage
    await open(page, '/spot')
    await expect.poll(() => assetRowText(page, 'BNB'), { timeout: 20_000 }).toContain(formatUsd('6000'))
    await expect.poll(() => shown(page, formatUsd('7050'))).toBe(1) // 6000 + 1000 × 1 + 1000 × 0.05

    await setPrice({ symbol: 'BNB', usd: '612.5' })
    await page.reload()
    await expect.poll(() => assetRowText(page, 'BNB'), { timeout: 20_000 }).toContain(formatUsd('6125'))
    await expect.poll(() => shown(page, formatUsd('7175'))).toBe(1)
    expect(await shown(page, t.home.leftOut.replace('{{coins}}', 'BNB'))).toBe(0)

    // last updated two hours before the chain's latest block (the server judges a feed's age by
    // the chain's clock): past BNB's limit, so BNB has no price at all
    const { timestamp } = await createPublicClient({ transport: http(inject('chainRpcUrl')) }).getBlock()
    await setPrice({ symbol: 'BNB', usd: '700', updated_at: Number(timestamp) - 7200 })
    await page.reload()
    await expect.poll(() => shown(page, t.home.leftOut.replace('{{coins}}', 'BNB')), { timeout: 20_000 }).toBe(1)
    const bnb = await assetRowText(page, 'BNB')
    expect(bnb).toContain('—')
    expect(bnb).not.toContain('$')
    expect(await shown(page, formatUsd('1050'))).toBe(1) // USDT and KNT only
  })

  test('names the network on the wallet home and on the send confirmation, in three languages', async () => {
    const page = walletPage
    await setPrice({ symbol: 'BNB', usd: DEV_FEED_ANSWERS.BNB })
    const friend = privateKeyToAccount(generatePrivateKey()).address
    const languages: [Locale, typeof t][] = [
      ['en-US', t],
      ['zh-CN', cnWallet],
      ['zh-TW', twWallet],
    ]
    for (const [locale, tl] of languages) {
      // the page's context sets English at every load: a later init script has the last word
      await page.context().addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
      await open(page, '/spot')
      await page.reload()
      await expect.poll(() => shown(page, tl.network.dev), { timeout: 20_000, message: locale }).toBe(1)

      await open(page, '/walletTransfer')
      await page.reload()
      await field(page, tl.send.to).fill(friend)
      await field(page, tl.send.amount).fill('0.01')
      await expect.poll(() => button(page, tl.send.next).count(), { timeout: 20_000 }).toBe(1)
      await button(page, tl.send.next).click()
      await expect.poll(() => shown(page, tl.send.warn.firstTitle), { timeout: 20_000 }).toBe(1)
      await button(page, tl.send.warn.continue).click()
      const sheet = page.getByRole('form', { name: tl.send.confirm.title })
      await expect.poll(() => sheet.count(), { message: locale }).toBe(1)
      const row = (label: string) =>
        sheet
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      expect(await row(tl.network.label)).toBe(tl.network.dev)
      // the fee in BNB and, BNB being priced again, in USD
      expect(await row(tl.send.confirm.fee)).toMatch(/ BNB ≈ \$\d/)
    }
  })
})
