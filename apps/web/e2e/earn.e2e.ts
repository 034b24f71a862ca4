import { errorMessage } from '@kinetic/protocol'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import enAccount from '../src/i18n/locales/en-US/account.json'
import enEarn from '../src/i18n/locales/en-US/earn.json'
import enShop from '../src/i18n/locales/en-US/shop.json'
import {
  launchBrowser,
  mailCount,
  mailedCode,
  newPhonePage,
  open,
  registerThroughForm,
  uniqueEmail,
} from './support.ts'
import { createWalletThroughScreens, walletAddress } from './wallet.support.ts'

const PASSWORD = 'secret123'
const DEV_KNT = DEV_CONTRACTS.knt
const earn = enEarn
const shop = enShop

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).count()

/** Registers through the share link (`#/register?invite=CODE`): the code is filled in already. */
async function registerWithInvite(page: Page, email: string, code: string) {
  await open(page, `/register?invite=${code}`)
  await expect.poll(() => page.getByPlaceholder(enAccount.form.invite).inputValue()).toBe(code)
  await page.getByPlaceholder(enAccount.form.email).fill(email)
  const before = mailCount(email)
  await page.getByRole('button', { name: enAccount.form.sendCode }).click()
  await page.getByPlaceholder(enAccount.form.code).fill(await mailedCode(email, before))
  await page.getByPlaceholder(enAccount.form.password, { exact: true }).fill(PASSWORD)
  await page.getByPlaceholder(enAccount.form.repeatPassword).fill(PASSWORD)
  await page.locator('input[type=checkbox]').check({ force: true })
  await page.getByRole('button', { name: enAccount.register.submit, exact: true }).click()
  await page.waitForURL(/#\/homePage$/)
}

/** Opens the goods tab and the buy sheet of one good. */
async function startBuying(page: Page, route: string, good: string, action: string) {
  await open(page, route)
  const row = page.locator('li', { hasText: good })
  await row.getByRole('button', { name: action, exact: true }).click()
}

describe('earning and the shop in the browser', () => {
  it('earns points by inviting a friend, buys a virtual and a physical good, and sees orders and history', async () => {
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

  it('exchanges points for KNT and collects them to the wallet: the token arrives on the dev chain', async () => {
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
