import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { errorMessage, type Locale } from '@kinetic/protocol'
import { deviceToken, upload } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { expect, test } from './fixtures.ts'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import common from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import enEarn from '../src/i18n/locales/en-US/earn.json' with { type: 'json' }
import health from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import enShop from '../src/i18n/locales/en-US/shop.json' with { type: 'json' }
import { demoWatch, PASSWORD, registerWithInvite, startBuying } from './earn.support.ts'
import { creditedEnergy, noonZone, setTimeZone, walking } from './home.support.ts'
import { consolePage, inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import { createWalletThroughScreens, expectToast, toastsGone, walletAddress } from './wallet.support.ts'

const DEV_KNT = DEV_CONTRACTS.knt
const earn = enEarn
const shop = enShop
const home = enEarn.home

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).count()

test.describe('earning and the shop in the browser', () => {
  test('earns points by inviting a friend, buys a virtual and a physical good, and sees orders and history', async () => {
    const page = await newPhonePage(browser, 'en-US')
    await registerThroughForm(page, uniqueEmail('inviter'), PASSWORD, enAccount)

    // the invitation code and its link, and the poster's QR code
    await open(page, '/invite')
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? ''
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    expect(await seen(page, `${new URL(page.url()).origin}/#/register?invite=${code}`)).toBe(1)
    await button(page, earn.invite.poster).click()
    await expect.poll(() => page.getByRole('img', { name: earn.share.qr }).count()).toBe(1)

    // a friend registers through the link: the inviter is paid once
    const friendEmail = uniqueEmail('friend')
    await registerWithInvite(await newPhonePage(browser, 'en-US'), friendEmail, code)
    await open(page, '/invite')
    await expect.poll(() => page.getByTestId('referral-points').textContent()).toBe('1,000')
    expect(await seen(page, `${friendEmail.slice(0, 2)}***@example.com`)).toBe(1)
    await open(page, '/welfare')
    await expect.poll(() => page.getByTestId('welfare-points').textContent()).toBe('1,000')

    // a virtual good: exchanged at once, the order completed
    await startBuying(page, '/shop', 'Physical-fitness analysis (30 days)', shop.action.virtual)
    await expect.poll(() => seen(page, shop.buy.confirmTitle)).toBe(1)
    await button(page, shop.buy.confirm.virtual).click()
    await page.waitForURL(/#\/orders$/)
    await expect
      .poll(() => page.locator('li', { hasText: 'Physical-fitness analysis' }).textContent())
      .toContain(shop.orders.status.completed)

    // a physical good: the address is checked, then confirmed
    await startBuying(page, '/product', 'Sports water bottle', shop.action.physical)
    await button(page, shop.buy.next).click()
    await expect.poll(() => seen(page, errorMessage('FIELD_REQUIRED', 'us-en', { field: 'name' }))).toBe(1)
    await page.getByPlaceholder(shop.buy.name).fill('Li Lei')
    await page.getByPlaceholder(shop.buy.phone).fill('2380013800')
    await button(page, shop.buy.next).click()
    await expect.poll(() => seen(page, errorMessage('PHONE_INVALID', 'us-en'))).toBe(1)
    await page.getByPlaceholder(shop.buy.phone).fill('13800138000')
    await page.getByPlaceholder(shop.buy.address).fill('1 Sports Road, Shenzhen')
    await button(page, shop.buy.next).click()
    await expect.poll(() => seen(page, shop.buy.confirmTitle)).toBe(1)
    expect(await seen(page, '200')).toBe(1) // points left: 1,000 − 300 − 500
    await button(page, shop.buy.confirm.physical).click()
    await page.waitForURL(/#\/orders$/)
    const bottle = page.locator('li', { hasText: 'Sports water bottle' })
    await expect.poll(() => bottle.textContent()).toContain(shop.orders.status.paid)
    expect(await bottle.textContent()).toContain('1 Sports Road, Shenzhen')

    // my points and every movement in the trading history, filtered
    await open(page, '/shop')
    await expect.poll(() => page.getByTestId('my-points').textContent()).toBe('200')
    await open(page, '/tradingHistory')
    const rows = page.getByRole('list', { name: earn.history.title }).locator('li')
    await expect.poll(() => rows.count()).toBe(3)
    expect(await rows.nth(2).textContent()).toContain(`${earn.history.kind.referral}`)
    expect(await rows.nth(2).textContent()).toContain('+1,000')
    await page.getByRole('tab', { name: earn.history.direction.out, exact: true }).click()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.first().textContent()).toContain('-500')

    // the rules come from the config table
    await open(page, '/rules')
    await expect.poll(() => page.locator('[data-rule=referral_reward_points]').textContent()).toBe('1,000')
  })

  test("shows the operator's physical-fitness validity on the health page and on the shop's good", async () => {
    const ops = await consolePage(browser)
    const setDays = async (days: string) => {
      await ops.getByRole('button', { name: enAdmin.nav.settings, exact: true }).click()
      const row = ops.getByTestId('setting-physical_fitness_days')
      await row.getByRole('textbox').fill(days)
      await row.getByRole('button', { name: enAdmin.save }).click()
      await expect.poll(() => row.getByRole('button', { name: enAdmin.save }).isDisabled()).toBe(true)
    }
    const page = await newPhonePage(browser, 'en-US')
    try {
      await setDays('45')
      await registerThroughForm(page, uniqueEmail('fitness'), PASSWORD, enAccount)
      await open(page, '/physicalReport')
      const validity = health.physical.validity.replace('{{days}}', '45')
      await expect.poll(() => seen(page, validity)).toBe(1)
      await open(page, '/shop')
      await expect.poll(() => seen(page, 'Physical-fitness analysis (45 days)')).toBe(1)
    } finally {
      // the e2e server is shared: the default comes back
      await setDays('30')
      await Promise.all([page.context().close(), ops.context().close()])
    }
  })

  test('exchanges points for KNT and collects them to the wallet: the token arrives on the dev chain', async () => {
    const inviter = await newPhonePage(browser, 'en-US')
    await registerThroughForm(inviter, uniqueEmail('collector'), PASSWORD, enAccount)
    await open(inviter, '/invite')
    const code = (await inviter.getByTestId('invite-code').textContent())?.trim() ?? ''
    await registerWithInvite(await newPhonePage(browser, 'en-US'), uniqueEmail('friend'), code)

    await startBuying(inviter, '/shop', 'KNT voucher (10 KNT)', shop.action.virtual)
    await button(inviter, shop.buy.confirm.virtual).click()
    await inviter.waitForURL(/#\/orders$/)

    await createWalletThroughScreens(inviter, 'Earnings', 'Zebra-Quartz-91')
    const address = await walletAddress(inviter)
    const client = createPublicClient({ transport: http(inject('chainRpcUrl')) })
    const kntOf = () =>
      client.readContract({ address: DEV_KNT, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await kntOf()

    await open(inviter, '/welfare')
    await expect.poll(() => inviter.getByTestId('welfare-knt').textContent()).toBe('10')
    await button(inviter, earn.collect.title).click()
    await inviter.getByPlaceholder(earn.collect.amount).fill('0')
    await button(inviter, earn.collect.submit).click()
    await expect.poll(() => seen(inviter, errorMessage('AMOUNT_INVALID', 'us-en'))).toBe(1)
    await inviter.getByPlaceholder(earn.collect.amount).fill('10')
    await button(inviter, earn.collect.submit).click()
    await expect.poll(() => seen(inviter, earn.collect.done)).toBeGreaterThan(0)
    await expect.poll(() => inviter.getByTestId('welfare-knt').textContent()).toBe('0')

    await expect.poll(kntOf, { timeout: 30_000 }).toBe(before + parseUnits('10', 18))
    await open(inviter, '/tradingHistory')
    const rows = inviter.getByRole('list', { name: earn.history.title }).locator('li')
    await expect.poll(() => rows.first().textContent()).toContain(`${earn.history.kind.payout}`)
    expect(await rows.first().textContent()).toContain('-10 KNT')
  })
})

const { device: DEVICE, active: ACTIVE } = demoWatch(5)
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'home')

const byTestId = (page: Page, id: string) => page.getByTestId(id).textContent()

async function screenshots(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    // runs after the page's own language script: the last one added wins
    await page.context().addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
    await open(page, '/homePage')
    await page.reload()
    await expect.poll(() => page.getByTestId('today-energy').count()).toBe(1)
    await page.waitForTimeout(700) // the ring animates in; the picture is for people, no assertion rides on it
    await page.screenshot({ path: path.join(ARTIFACTS, `home-${locale}.png`), fullPage: true })
  }
}

test.describe('Home in the browser', () => {
  test('earns energy from consented walking, contributes it into computing power and receives a daily task', async () => {
    mkdirSync(ARTIFACTS, { recursive: true })
    const page = await newPhonePage(browser, 'en-US')
    await registerThroughForm(page, uniqueEmail('home'), 'walk1234', enAccount)
    await setTimeZone(page, noonZone())

    // Home before anything: no energy, and the way to earn it is to authorize activity data
    await expect.poll(() => byTestId(page, 'today-energy')).toBe('0')
    expect(await page.getByText(home.noConsent, { exact: true }).count()).toBe(1)
    const stepTask = page.getByRole('listitem', { name: home.task.step_goal, exact: true })
    await expect.poll(() => stepTask.getAttribute('data-state')).toBe('go')

    // bind the demo watch through the screens, then it uploads 90 minutes of brisk walking
    await open(page, '/deviceList')
    await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(DEVICE)
    await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(ACTIVE)
    await button(page, device.bind.submit).click()
    await expectToast(page, device.toast.bound)
    const token = await deviceToken(inject('baseUrl'), DEVICE, ACTIVE)
    const sent = await upload(inject('baseUrl'), token, walking(90, 110))
    expect(sent.accepted.steps).toBe(90)

    // without consent the walk shows but earns nothing
    await open(page, '/homePage')
    await expect.poll(() => byTestId(page, 'home-steps')).toBe('9,900')
    expect(await byTestId(page, 'today-energy')).toBe('0')

    // consent to exercise data on /userAuthorize
    await page.getByText(home.noConsent, { exact: true }).click()
    await page.waitForURL(/#\/userAuthorize$/)
    await page.getByRole('switch', { name: health.authorize.kinds.exercise }).click()
    await expectToast(page, common.toast.modified)

    // 9,900 steps → 99 energy, 90 active minutes → 18: capped at 100 a day, credited by the server's job
    await creditedEnergy(page, '100')
    await open(page, '/homePage')
    await expect.poll(() => byTestId(page, 'today-energy')).toBe('100')
    expect(await byTestId(page, 'home-energy')).toBe('100')
    await toastsGone(page)

    // contribute: a bad amount is refused on the spot, then 25.5 energy become 2.55 computing power
    await button(page, home.contribute).click()
    const sheet = page.locator('.adm-popup-body')
    const amount = sheet.getByRole('textbox', { name: home.energyAmount })
    await amount.fill('1.234')
    await sheet.getByRole('button', { name: home.contribute }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(errorMessage('AMOUNT_DECIMALS', 'us-en'))
    await amount.fill('500')
    await sheet.getByRole('button', { name: home.contribute }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(errorMessage('INSUFFICIENT_BALANCE', 'us-en'))
    await amount.fill('25.5')
    await sheet.getByRole('button', { name: home.contribute }).click()
    await expectToast(page, home.contributed)
    await expect.poll(() => byTestId(page, 'home-energy')).toBe('74.5')
    expect(await byTestId(page, 'home-power')).toBe('2.55')
    await toastsGone(page)

    // the step goal (8,000 by default) is reached: receive the daily task's reward, once
    await expect.poll(() => stepTask.getAttribute('data-state')).toBe('receive')
    await stepTask.getByRole('button', { name: home.receive }).click()
    await expectToast(page, home.received)
    await expect.poll(() => stepTask.getAttribute('data-state')).toBe('done')
    await expect.poll(() => byTestId(page, 'home-points')).toBe('10')
    const records = page.getByRole('region', { name: home.records })
    expect(await records.textContent()).toContain(`${enEarn.history.kind.task}+10 ${enEarn.asset.points}`)
    expect(await records.textContent()).toContain(`${enEarn.history.kind.finalize}-25.5 ${enEarn.asset.energy}`)

    await screenshots(page)
  })
})
