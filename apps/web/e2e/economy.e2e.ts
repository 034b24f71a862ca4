import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { formatNumber, type Locale } from '@kinetic/protocol'
import { deviceToken, upload } from '@kinetic/watch-sim'
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, formatUnits, getAddress, http, parseAbiItem, parseUnits } from 'viem'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import enDiscover from '../src/i18n/locales/en-US/discover.json' with { type: 'json' }
import health from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import cnDiscover from '../src/i18n/locales/zh-CN/discover.json' with { type: 'json' }
import twDiscover from '../src/i18n/locales/zh-TW/discover.json' with { type: 'json' }
import { demoWatch } from './earn.support.ts'
import { expect, test } from './fixtures.ts'
import { noonZone, setTimeZone, walking } from './home.support.ts'
import { E2E_EXPLORER } from './server.ts'
import { consolePage, inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import { createWalletThroughScreens, expectToast, toastsGone, walletAddress } from './wallet.support.ts'

// The economy in the open: a user earns KNT (walk → energy → power → a settled day → receive)
// and collects 10 of it on-chain; Discover links to the economy page, which shows the pools,
// the treasury as the dev chain holds it and the payout linked to its transaction, in each language.

const { device: DEVICE, active: ACTIVE } = demoWatch(9)
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'economy')
const TEXTS = { 'en-US': enDiscover, 'zh-CN': cnDiscover, 'zh-TW': twDiscover } satisfies Record<Locale, unknown>
const transfer = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** Calls the API as the signed-in page does (its cookies), for the set-up steps other tests cover on screen. */
async function api(page: Page, method: string, params: Record<string, string> = {}) {
  const body = await page.evaluate(
    async ({ method, params }) => {
      const response = await fetch('/v1/index', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
        body: new URLSearchParams({ method, lang: 'us-en', ...params }),
      })
      return (await response.json()) as { code: unknown; data?: Record<string, unknown> }
    },
    { method, params },
  )
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(true)
  return body.data ?? {}
}

const requestId = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** Binds the demo watch, uploads 90 minutes of walking and consents to exercise data: 100 energy today. */
async function earnEnergy(page: Page) {
  await open(page, '/deviceList')
  await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(DEVICE)
  await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(ACTIVE)
  await page.getByRole('button', { name: device.bind.submit, exact: true }).click()
  await expectToast(page, device.toast.bound)
  const token = await deviceToken(inject('baseUrl'), DEVICE, ACTIVE)
  expect((await upload(inject('baseUrl'), token, walking(90, 110))).accepted.steps).toBe(90)
  await open(page, '/userAuthorize')
  await page.getByRole('switch', { name: health.authorize.kinds.exercise }).click()
  await toastsGone(page)
  await expect.poll(async () => (await api(page, '/v1/gethome')).energy).toBe('100')
}

test.describe('the economy page', () => {
  test('opens from Discover in three languages: pools, the treasury on-chain and a payout linked to its transaction', async ({
    browser,
  }) => {
    const chain = createPublicClient({ transport: http(inject('chainRpcUrl')) })
    const page = await newPhonePage(browser, 'en-US')
    await registerThroughForm(page, uniqueEmail('economist'), 'walk1234', enAccount)
    await setTimeZone(page, noonZone())
    await earnEnergy(page)
    await api(page, '/v1/finalize', { amount: '50', request_id: requestId('finalize') })

    // a day no other test of this worker settles, so that this user has a share of it
    const ops = await consolePage(browser)
    await ops.getByRole('button', { name: enAdmin.nav.settlement, exact: true }).click()
    const day = utcDay(-5)
    await ops.getByLabel(enAdmin.settlement.day).fill(day)
    await ops.getByRole('button', { name: enAdmin.settlement.settle, exact: true }).click()
    await expect
      .poll(() => ops.getByTestId(`settlement-${day}`).textContent())
      .toContain(enAdmin.settlement.statuses.done)
    await ops.context().close()
    const { received } = await api(page, '/v1/computing_receive', { request_id: requestId('receive') })
    expect(parseUnits(String(received), 18)).toBeGreaterThan(parseUnits('10', 18))

    // collect 10 KNT to a new wallet; the treasury pays it on the dev chain
    await createWalletThroughScreens(page, 'Rewards', 'Zebra-Quartz-91')
    const address = getAddress(await walletAddress(page))
    await api(page, '/v1/collect', { amount: '10', request_id: requestId('collect') })
    const paid = () =>
      chain.getLogs({ address: DEV_CONTRACTS.knt, event: transfer, args: { to: address }, fromBlock: 0n })
    await expect.poll(async () => (await paid()).length, { timeout: 30_000 }).toBe(1)
    const [log] = await paid()
    const hash = log!.transactionHash
    const treasury = getAddress(log!.args.from!)

    // Discover links to the economy page
    await open(page, '/find')
    await page.getByRole('button', { name: enDiscover.economy.open, exact: true }).click()
    await page.waitForURL(/#\/findEconomy$/)

    mkdirSync(ARTIFACTS, { recursive: true })
    let economyDay = ''
    for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
      const t = TEXTS[locale]
      await page.context().addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
      await page.reload()
      await expect.poll(() => page.getByRole('banner').getByText(t.economy.title, { exact: true }).count()).toBe(1)
      // the payout, confirmed, linked to its transaction on the explorer
      const link = page.getByRole('link', { name: t.economy.payouts.explorer.replace('{{hash}}', hash) })
      await expect.poll(() => link.getAttribute('href')).toBe(`${E2E_EXPLORER}/tx/${hash}`)
      const row = page.getByRole('listitem').filter({ has: link })
      await expect.poll(() => row.textContent()).toContain(t.economy.payouts.status.confirmed)
      expect(await row.textContent()).toContain('10 KNT')
      // the treasury as the chain holds it now
      const held = await chain.readContract({
        address: DEV_CONTRACTS.knt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [treasury],
      })
      await expect.poll(() => page.getByTestId('treasury-knt').textContent()).toBe(formatNumber(formatUnits(held, 18)))
      expect(await page.getByText(t.economy.treasury.address.replace('{{address}}', treasury)).count()).toBe(1)
      // stage 1 emits 10,000 KNT a day: 8,000 to computing power, 2,000 to stakes
      expect(await page.getByTestId('economy-emission').textContent()).toBe('10,000')
      expect(await page.getByTestId('today-computing').textContent()).toBe('8,000')
      expect(await page.getByTestId('today-token').textContent()).toBe('2,000')
      expect(await page.getByRole('heading', { name: t.economy.network.title, exact: true }).count()).toBe(1)
      expect(await page.getByRole('alert').count()).toBe(0)
      // settlement days named as the UTC days they are; what a unit earns today, as an estimate
      const now = await api(page, '/v1/economy')
      const stage = now.stage as { day: number; days: number; settlement_day: string }
      const today = now.today as { day: string }
      economyDay = t.stage.day
        .replace('{{day}}', String(stage.day))
        .replace('{{days}}', String(stage.days))
        .replace('{{date}}', stage.settlement_day)
      expect(await page.getByTestId('economy-stage-day').textContent()).toBe(economyDay)
      expect(stage.settlement_day).toBe(utcDay())
      expect(
        await page.getByRole('heading', { name: t.economy.pools.today.replace('{{day}}', today.day) }).count(),
      ).toBe(1)
      expect(await page.getByTestId('estimate-power').textContent()).toMatch(/^≈ [\d,.]+$/)
      expect(await page.getByText(t.economy.pools.stakingRule.replace('{{min}}', '100')).count()).toBe(2)
      // the settled row reconciles: issued + not issued = the day's emission
      const shown = async (testId: string) =>
        parseUnits((await page.getByTestId(testId).textContent())!.replaceAll(',', ''), 18)
      expect((await shown('last-issued')) + (await shown('last-unissued'))).toBe(await shown('last-emission'))
      await page.locator('#launch').waitFor({ state: 'detached' })
      await page.screenshot({ path: path.join(ARTIFACTS, `economy-${locale}.png`), fullPage: true })
    }
    // Discover counts the same day of the stage as the economy page (zh-TW, the last language shown)
    await open(page, '/find')
    await expect.poll(() => page.getByTestId('stage-day').textContent()).toBe(economyDay)
  })
})
