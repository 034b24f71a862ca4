import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { errorMessage, formatNumber, type Locale } from '@kinetic/protocol'
import { deviceToken, upload } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { createPublicClient, erc20Abi, formatUnits, http, parseUnits } from 'viem'
import { expect, test } from './fixtures.ts'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import common from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import enDiscover from '../src/i18n/locales/en-US/discover.json' with { type: 'json' }
import enEarn from '../src/i18n/locales/en-US/earn.json' with { type: 'json' }
import health from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import shop from '../src/i18n/locales/en-US/shop.json' with { type: 'json' }
import cnDiscover from '../src/i18n/locales/zh-CN/discover.json' with { type: 'json' }
import twDiscover from '../src/i18n/locales/zh-TW/discover.json' with { type: 'json' }
import { demoWatch, registerWithInvite, startBuying } from './earn.support.ts'
import { creditedEnergy, noonZone, setTimeZone, walking } from './home.support.ts'
import { consolePage, inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import { createWalletThroughScreens, expectToast, toastsGone, walletAddress } from './wallet.support.ts'

// Earning end to end in one flow: a user walks (watch-sim), earns energy, contributes it, an
// operator settles the day in the console, the user receives the rewards on /find, completes
// a daily task, invites a friend, buys a virtual and a physical good, stakes and unstakes KNT,
// and collects KNT to their wallet — the token arrives on the dev chain.

const { device: DEVICE, active: ACTIVE } = demoWatch(6)
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'find')
const TEXTS = { 'en-US': enDiscover, 'zh-CN': cnDiscover, 'zh-TW': twDiscover } satisfies Record<Locale, unknown>
const d = enDiscover

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const byTestId = (page: Page, id: string) => page.getByTestId(id).textContent()
const stream = (page: Page, kind: 'computing' | 'token') =>
  page.getByRole('group', { name: d.unclaimed[kind], exact: true })
const kntOfText = (shown: string) => parseUnits(shown.replaceAll(',', ''), 18)
/** `5,298.01…` minus `n` KNT, formatted as the page formats it. */
const kntMinus = (shown: string, n: number) =>
  formatNumber(formatUnits(kntOfText(shown) - parseUnits(String(n), 18), 18))
/** The sum of two amounts as shown, formatted as the page formats it. */
const kntPlus = (a: string, b: string) => formatNumber(formatUnits(kntOfText(a) + kntOfText(b), 18))

/** Binds the demo watch, uploads 90 minutes of brisk walking and consents to exercise data. */
async function walkAndConsent(page: Page) {
  await open(page, '/deviceList')
  await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(DEVICE)
  await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(ACTIVE)
  await button(page, device.bind.submit).click()
  await expectToast(page, device.toast.bound)
  const token = await deviceToken(inject('baseUrl'), DEVICE, ACTIVE)
  expect((await upload(inject('baseUrl'), token, walking(90, 110))).accepted.steps).toBe(90)
  await open(page, '/userAuthorize')
  await page.getByRole('switch', { name: health.authorize.kinds.exercise }).click()
  await expectToast(page, common.toast.modified)
  await toastsGone(page)
}

/** A UTC day `offset` days from today, `YYYY-MM-DD`. */
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The operator settles `day` in the console's Settlement section; the run is listed as done. */
async function settle(ops: Page, day: string) {
  await ops.getByLabel(enAdmin.settlement.day).fill(day)
  await button(ops, enAdmin.settlement.settle).click()
  await expectToast(ops, enAdmin.toast.submitted)
  await expect
    .poll(() => ops.getByTestId(`settlement-${day}`).textContent())
    .toContain(enAdmin.settlement.statuses.done)
  await toastsGone(ops)
}

/** The console's Settlement section: today (UTC) by default, a future day refused beside the field. */
async function settlementConsole(): Promise<Page> {
  const ops = await consolePage(browser)
  await button(ops, enAdmin.nav.settlement).click()
  const day = ops.getByLabel(enAdmin.settlement.day)
  await expect.poll(() => day.inputValue()).toBe(utcDay())
  await day.fill(utcDay(1))
  await button(ops, enAdmin.settlement.settle).click()
  await expect.poll(() => ops.locator('.error').textContent()).toBe(errorMessage('SETTLEMENT_DAY_FUTURE', 'us-en'))
  return ops
}

/** Opens a pledge sheet, refuses `bad` with `problem`, then confirms `amount` and checks the summary. */
async function pledge(page: Page, action: 'stake' | 'unstake', bad: string, problem: string, amount: string) {
  await button(page, d[action]).click()
  const sheet = page.locator('.adm-popup-body')
  const input = sheet.getByRole('textbox', { name: d.sheet.amount })
  await input.fill(bad)
  await button(page, d.sheet.next).click()
  await expect.poll(() => sheet.getByRole('alert').textContent()).toBe(problem)
  await input.fill(amount)
  await button(page, d.sheet.next).click()
  await expect.poll(() => sheet.getByText(d.sheet.confirmTitle, { exact: true }).count()).toBe(1)
  return sheet
}

/** /find in each language: the spec's words (Node, Stake, Profits…) in its texts, and a picture at 390 px. */
async function inThreeLanguages(page: Page) {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.setViewportSize({ width: 390, height: 844 })
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    const t = TEXTS[locale]
    // runs after the page's own language script: the last one added wins
    await page.context().addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
    await open(page, '/find')
    await page.reload()
    await expect.poll(() => page.getByTestId('node-status').textContent()).toBe(t.node.active)
    for (const text of [t.node.title, t.power.title, t.records.title, t.settlement.title])
      expect(await page.getByRole('heading', { name: text, exact: true }).count(), text).toBe(1)
    for (const text of [t.kntCard, `${t.unclaimed.title} (KNT)`])
      expect(await page.getByRole('heading', { name: text, exact: true }).count(), text).toBe(1)
    expect(await page.getByRole('heading', { name: t.stage.number.replace('{{number}}', '1') }).count()).toBe(1)
    for (const text of [t.stake, t.unstake])
      expect(await page.getByRole('button', { name: text, exact: true }).count(), text).toBe(1)
    for (const text of [t.unclaimed.receive, t.unclaimed.details, t.unclaimed.record])
      expect(await page.getByRole('button', { name: text, exact: true }).count(), text).toBe(2)
    expect(await page.getByRole('group', { name: `${t.balance.title} (KNT)` }).count()).toBe(1)
    expect(await page.getByRole('group', { name: t.node.activate, exact: true }).count()).toBe(1)
    await page.screenshot({ path: path.join(ARTIFACTS, `find-${locale}.png`), fullPage: true })
  }
}

test.describe('Discover in the browser', () => {
  test('walk → energy → contribute → settlement → receive → daily task → invite → shop → stake → collect on chain', async () => {
    // the whole economy through the screens: past 2 min on a busy machine (the 120 s default ran out at its last step)
    test.setTimeout(300_000)
    const page = await newPhonePage(browser, 'en-US')
    await registerThroughForm(page, uniqueEmail('finder'), 'walk1234', enAccount)
    await setTimeZone(page, noonZone())

    // Discover before anything: no node, nothing to receive, no records
    await open(page, '/find')
    await expect.poll(() => byTestId(page, 'node-status')).toBe(d.node.inactive)
    for (const kind of ['computing', 'token'] as const) {
      expect(await byTestId(page, `unclaimed-${kind}`)).toBe('0')
      expect(
        await stream(page, kind).getByRole('button', { name: d.unclaimed.receive, exact: true }).isDisabled(),
      ).toBe(true)
    }
    expect(await page.getByText(d.unclaimed.nothing, { exact: true }).count()).toBe(2)
    const records = page.getByRole('region', { name: d.records.title })
    expect(await records.getByText(common.empty, { exact: true }).count()).toBe(1)

    // walk with the watch, earn energy (capped at 100 a day) and contribute 50 of it: 5 computing power
    await walkAndConsent(page)
    await creditedEnergy(page, '100')
    await open(page, '/homePage')
    await expect.poll(() => byTestId(page, 'home-energy')).toBe('100')
    await button(page, enEarn.home.contribute).click()
    const contribute = page.locator('.adm-popup-body')
    await contribute.getByRole('textbox', { name: enEarn.home.energyAmount }).fill('50')
    await contribute.getByRole('button', { name: enEarn.home.contribute }).click()
    await expect.poll(() => byTestId(page, 'home-power')).toBe('5')
    await toastsGone(page)

    // the daily task: the step goal is reached, its 10 points received once
    const stepTask = page.getByRole('listitem', { name: enEarn.home.task.step_goal, exact: true })
    await stepTask.getByRole('button', { name: enEarn.home.receive }).click()
    await expect.poll(() => stepTask.getAttribute('data-state')).toBe('done')
    await expect.poll(() => byTestId(page, 'home-points')).toBe('10')

    // an operator settles today in the console (once: again, it pays nothing); the user's share
    // of the computing pool is waiting
    const today = utcDay()
    const ops = await settlementConsole()
    await settle(ops, today)
    await button(ops, enAdmin.settlement.settle).click()
    await expectToast(ops, enAdmin.settlement.already)
    await open(page, '/find')
    await expect.poll(() => byTestId(page, 'settlement-day')).toBe(today)
    expect(await byTestId(page, 'power-mine')).toBe('5')
    const reward = (await byTestId(page, 'unclaimed-computing')) ?? ''
    expect(reward).not.toBe('0')
    expect(await byTestId(page, 'profits-last')).toBe(reward)
    expect(await byTestId(page, 'profits-total')).toBe(reward)
    expect(await byTestId(page, 'balance')).toBe('0')
    // nobody's node was active at the snapshot: the token stream has nothing
    expect(await byTestId(page, 'unclaimed-token')).toBe('0')

    // receive it: the balance goes up by exactly that, and nothing is left to receive
    await stream(page, 'computing').getByRole('button', { name: d.unclaimed.receive, exact: true }).click()
    await expectToast(page, d.unclaimed.received)
    await expect.poll(() => byTestId(page, 'balance')).toBe(reward)
    expect(await byTestId(page, 'unclaimed-computing')).toBe('0')
    await toastsGone(page)

    // view details: today's share, received; then the end of the list
    await stream(page, 'computing').getByRole('button', { name: d.unclaimed.details, exact: true }).click()
    await page.waitForURL(/#\/findDetail\?kind=computing$/)
    const days = page.getByRole('list', { name: d.detail.title.computing }).locator('li')
    await expect.poll(() => days.count()).toBe(1)
    const share = (await days.first().textContent()) ?? ''
    for (const text of [today, `${reward} KNT`, d.detail.received]) expect(share).toContain(text)
    expect(await page.getByText(enEarn.noMore, { exact: true }).count()).toBe(1)

    // the receive record lists the receive; the token stream's is empty
    await open(page, '/findRecord?kind=computing')
    const receipts = page.getByRole('list', { name: d.record.title.computing }).locator('li')
    await expect.poll(() => receipts.count()).toBe(1)
    expect(await receipts.first().textContent()).toContain(`+${reward} KNT`)
    expect(await receipts.first().textContent()).toContain(d.record.days.replace('{{days}}', '1'))
    await open(page, '/findRecord?kind=token')
    await expect.poll(() => page.getByText(common.empty, { exact: true }).count()).toBe(1)

    // stake 200 KNT: the node is active and boosts computing power by 20%
    await open(page, '/find')
    await expect.poll(() => byTestId(page, 'balance')).toBe(reward)
    const stake = await pledge(page, 'stake', '9'.repeat(12), errorMessage('INSUFFICIENT_BALANCE', 'us-en'), '200')
    expect(await stake.textContent()).toContain(`${d.sheet.nodeAfter}${d.node.active}`)
    await stake.getByRole('button', { name: d.stake, exact: true }).click()
    await expectToast(page, d.sheet.done)
    await expect.poll(() => byTestId(page, 'node-status')).toBe(d.node.active)
    expect(await byTestId(page, 'node-staked')).toBe('200')
    expect(await byTestId(page, 'node-boost')).toBe('+20%')
    expect(await byTestId(page, 'power-effective')).toBe('6')
    expect(await byTestId(page, 'balance')).toBe(kntMinus(reward, 200))
    await toastsGone(page)

    // unstake 50 of it: the node stays active, the 50 cool down for 7 days
    const unstake = await pledge(page, 'unstake', '300', errorMessage('PLEDGE_EXCEEDED', 'us-en'), '50')
    expect(await unstake.textContent()).toContain(`${d.sheet.coolDown}${d.sheet.days.replace('{{days}}', '7')}`)
    await unstake.getByRole('button', { name: d.unstake, exact: true }).click()
    await expectToast(page, d.sheet.done)
    await expect.poll(() => byTestId(page, 'node-staked')).toBe('150')
    expect(await byTestId(page, 'node-status')).toBe(d.node.active)
    const cooling = page.getByRole('list', { name: d.node.cooling })
    expect(await cooling.textContent()).toContain('50 KNT · back in your balance')
    expect(await byTestId(page, 'balance')).toBe(kntMinus(reward, 200))
    for (const kind of ['stake', 'unstake', 'receive_computing'] as const)
      expect(await records.textContent()).toContain(d.records.kind[kind])
    await toastsGone(page)

    // the operator settles a missed day: now the active node's pledge has a share of the token pool
    const missed = utcDay(-2)
    await settle(ops, missed)
    await ops.context().close()
    await page.reload()
    await expect.poll(() => byTestId(page, 'unclaimed-token')).not.toBe('0')
    expect(await byTestId(page, 'settlement-day')).toBe(today) // the last settled day, not the last run
    const tokenReward = (await byTestId(page, 'unclaimed-token')) ?? ''
    expect(await byTestId(page, 'unclaimed-computing')).not.toBe('0')
    await stream(page, 'token').getByRole('button', { name: d.unclaimed.receive, exact: true }).click()
    await expectToast(page, d.unclaimed.received)
    await expect.poll(() => byTestId(page, 'unclaimed-token')).toBe('0')
    const balance = (await byTestId(page, 'balance')) ?? ''
    expect(balance).toBe(kntPlus(kntMinus(reward, 200), tokenReward))
    await open(page, '/findDetail?kind=token')
    const tokenDays = page.getByRole('list', { name: d.detail.title.token }).locator('li')
    await expect.poll(() => tokenDays.count()).toBe(1)
    for (const text of [missed, `${tokenReward} KNT`, d.detail.received])
      expect(await tokenDays.first().textContent()).toContain(text)
    await open(page, '/findRecord?kind=token')
    const tokenReceipts = page.getByRole('list', { name: d.record.title.token }).locator('li')
    await expect.poll(() => tokenReceipts.count()).toBe(1)
    expect(await tokenReceipts.first().textContent()).toContain(`+${tokenReward} KNT`)

    // invite a friend, who registers with the code: 1,000 points (10 from the task before)
    await open(page, '/invite')
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? ''
    await registerWithInvite(await newPhonePage(browser, 'en-US'), uniqueEmail('finderfriend'), code)
    await open(page, '/welfare')
    await expect.poll(() => page.getByTestId('welfare-points').textContent()).toBe('1,010')

    // buy a virtual good and a physical good with the points
    await startBuying(page, '/shop', 'Physical-fitness analysis (30 days)', shop.action.virtual)
    await button(page, shop.buy.confirm.virtual).click()
    await page.waitForURL(/#\/orders$/)
    await startBuying(page, '/product', 'Sports water bottle', shop.action.physical)
    await page.getByPlaceholder(shop.buy.name).fill('Li Lei')
    await page.getByPlaceholder(shop.buy.phone).fill('13800138000')
    await page.getByPlaceholder(shop.buy.address).fill('1 Sports Road, Shenzhen')
    await button(page, shop.buy.next).click()
    await button(page, shop.buy.confirm.physical).click()
    await page.waitForURL(/#\/orders$/)
    for (const good of ['Physical-fitness analysis', 'Sports water bottle'])
      await expect.poll(() => page.locator('li', { hasText: good }).count()).toBe(1)
    await open(page, '/shop')
    await expect.poll(() => page.getByTestId('my-points').textContent()).toBe('210') // 10 + 1,000 − 300 − 500

    // collect 10 of the received KNT to a new wallet: the token arrives on the dev chain
    await createWalletThroughScreens(page, 'Rewards', 'Zebra-Quartz-91')
    const address = await walletAddress(page)
    const client = createPublicClient({ transport: http(inject('chainRpcUrl')) })
    const kntOf = () =>
      client.readContract({ address: DEV_CONTRACTS.knt, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await kntOf()
    await open(page, '/welfare')
    await expect.poll(() => page.getByTestId('welfare-knt').textContent()).toBe(balance)
    await button(page, enEarn.collect.title).click()
    await page.getByPlaceholder(enEarn.collect.amount).fill('10')
    await button(page, enEarn.collect.submit).click()
    await expect.poll(() => page.getByTestId('welfare-knt').textContent()).toBe(kntMinus(balance, 10))
    await expect.poll(kntOf, { timeout: 30_000 }).toBe(before + parseUnits('10', 18))

    // Discover in the three languages, and its pictures at 390 px
    await inThreeLanguages(page)
  })
})
