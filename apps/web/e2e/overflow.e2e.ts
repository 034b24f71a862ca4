import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { LOCALES, type Locale } from '@kinetic/protocol'
import { addDays, localDay, simulateDays } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import earn from '../src/i18n/locales/en-US/earn.json' with { type: 'json' }
import shop from '../src/i18n/locales/en-US/shop.json' with { type: 'json' }
import health from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import { demoWatch, registerWithInvite, startBuying } from './earn.support.ts'
import { TZ } from './health.support.ts'
import { inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import {
  button,
  createWalletThroughScreens,
  expectToast,
  fund,
  swapThroughScreens,
  walletAddress,
} from './wallet.support.ts'
import axeExceptions from './axe-exceptions.json' with { type: 'json' }

/**
 * No text overflows its box (docs/adr/2026-11-24-text-overflow.md): the main pages of a user with
 * data (a watch's two weeks, points spent on the fitness analysis, a wallet), 320 and 375 px wide,
 * in the three languages. One browser context per language; the pages are visited in a loop and
 * every failure is listed at the end. The same visit runs axe-core on the page
 * (docs/adr/2026-12-07-axe-pass.md): no serious or critical violation but the reviewed ones in
 * axe-exceptions.json, each with its reason.
 */
/** Yesterday on the wearer's clock: the last full day of the watch's data (its night, its workouts). */
const YESTERDAY = addDays(localDay(Math.floor(Date.now() / 1000), TZ), -1)
const PAGES = [
  '/homePage',
  '/find',
  '/findRecord',
  '/findEconomy',
  '/product',
  '/orders',
  '/tradingHistory',
  '/welfare',
  '/invite',
  '/rules',
  '/spot',
  '/walletList',
  '/walletAddressList',
  '/walletExchange',
  '/my',
  '/userInfo',
  '/userSettings',
  '/languageList',
  '/aboutUs',
  '/messageList',
  '/serverWorkList',
  '/deviceList',
  '/walletTransferRecord',
  '/walletTransferRecordHistory',
  `/heartRate?date=${YESTERDAY}`,
  '/heartRateRecord',
  `/sleepReport?date=${YESTERDAY}`,
  `/sportsRecord?date=${YESTERDAY}`,
  `/sportsRecord?date=${addDays(YESTERDAY, -1)}`,
  '/weeklyReport',
  '/physicalReport',
  '/dailyGoal',
  '/userAuthorize',
  '/questionnaire',
]
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 375, height: 812 },
]
const WATCH = demoWatch(14)

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/**
 * A user with two weeks of watch data, 1,000 points (a friend's registration) less the fitness
 * analysis and a 10-KNT voucher, and a wallet: the 10 KNT collected to it (a collect row in the
 * trading history, naming the wallet's address) and a BNB → USDT swap (a swap row in its record).
 */
async function userWithData(): Promise<Page> {
  const page = await newPhonePage(browser, 'en-US')
  page.context().setDefaultTimeout(30_000)
  await registerThroughForm(page, uniqueEmail('overflow'), 'walk1234', enAccount)

  await open(page, '/invite')
  const readCode = async () => (await page.getByTestId('invite-code').textContent())?.trim() ?? ''
  await expect.poll(readCode).toMatch(/^[A-Z2-9]{8}$/)
  const code = await readCode()
  const friend = await newPhonePage(browser, 'en-US')
  await registerWithInvite(friend, uniqueEmail('overflow-friend'), code)
  await friend.context().close()

  await open(page, '/deviceList')
  await expect.poll(() => page.getByText(device.list.empty, { exact: true }).count()).toBe(1)
  await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(WATCH.device)
  await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(WATCH.active)
  await button(page, device.bind.submit).click()
  await expectToast(page, device.toast.bound)
  await simulateDays({
    baseUrl: inject('baseUrl'),
    deviceCode: WATCH.device,
    activationCode: WATCH.active,
    days: 15,
    end: YESTERDAY,
    seed: 14,
    timeZone: TZ,
  })

  await open(page, '/physicalReport')
  await button(page, health.physical.redeem).click()
  // the confirmation names the price (300 points by default) on its button
  const spend = health.physical.confirmRedeem.replace('{{price}}', '300')
  await page.getByRole('dialog').getByRole('button', { name: spend }).click()
  await expect.poll(() => page.getByRole('group', { name: health.physical.level }).count()).toBeGreaterThan(0)

  await startBuying(page, '/shop', 'KNT voucher (10 KNT)', shop.action.virtual)
  await button(page, shop.buy.confirm.virtual).click()
  await page.waitForURL(/#\/orders$/)

  await createWalletThroughScreens(page, 'Everyday wallet', 'walk12345')
  await fund(await walletAddress(page))
  await open(page, '/welfare')
  await expect.poll(() => page.getByTestId('welfare-knt').textContent()).toBe('10')
  await button(page, earn.collect.title).click()
  await page.getByPlaceholder(earn.collect.amount).fill('10')
  await button(page, earn.collect.submit).click()
  await expect.poll(() => page.getByTestId('welfare-knt').textContent()).toBe('0')
  await swapThroughScreens(page, { from: 'BNB', to: 'USDT', amount: '0.123456789', password: 'walk12345' })

  await open(page, '/tradingHistory')
  const collect = page.getByRole('listitem').filter({ hasText: earn.history.kind.payout })
  await expect.poll(() => collect.count(), { timeout: 60_000 }).toBeGreaterThan(0)
  await open(page, '/walletTransferRecord')
  await expect.poll(() => page.locator('a[data-direction="swap"]').count(), { timeout: 60_000 }).toBe(1)
  await expect.poll(() => page.locator('a[href*="transferResultHash"]').count(), { timeout: 60_000 }).toBeGreaterThan(1)
  return page
}

/** Waits for a routed page to show its content: no loading state left, fonts in, animations done. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[aria-busy="true"], .adm-skeleton, .adm-dot-loading') === null,
    undefined,
    { timeout: 20_000 },
  )
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
}

/**
 * The text boxes on the page that overflow, each as `<problem>: "<text>"`:
 * - clipped: a box that hides its overflow (hidden, clip, or an ellipsis without the full text in
 *   a title or label) is narrower than its text;
 * - outside: a text runs past the edge of a box around it, or of the screen (a box that scrolls
 *   sideways is the end of that search: its content may be wider);
 * - broken: a short text with a figure (a value, a duration, a time: at most 16 characters) breaks
 *   across lines.
 */
function overflowsInPage(): string[] {
  const problems: string[] = []
  const visible = (el: Element) => {
    const style = getComputedStyle(el)
    return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0
  }
  const clips = (style: CSSStyleDeclaration) => ['hidden', 'clip'].includes(style.overflowX)
  const scrolls = (style: CSSStyleDeclaration) => ['auto', 'scroll'].includes(style.overflowX)
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('[aria-hidden="true"], svg, canvas, .adm-toast-mask, [role="tooltip"]')) continue
    const textNodes = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
    if (textNodes.length === 0 || !visible(el)) continue
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ')
    const label = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}`
    const style = getComputedStyle(el)
    const fullTextReachable = el.getAttribute('title') === text || el.getAttribute('aria-label') === text
    if (
      (clips(style) || style.textOverflow === 'ellipsis') &&
      el.scrollWidth > el.clientWidth + 1 &&
      !fullTextReachable
    ) {
      problems.push(`clipped ${label}: "${text}"`)
      continue
    }
    const range = document.createRange()
    let left = Infinity
    let right = -Infinity
    const lines = new Set<number>()
    for (const node of textNodes) {
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue
        left = Math.min(left, rect.left)
        right = Math.max(right, rect.right)
        lines.add(Math.round(rect.top))
      }
    }
    if (right < left) continue
    const own = textNodes.map((n) => n.textContent?.trim() ?? '').join(' ')
    if (lines.size > 1 && /\d/.test(own) && own.length <= 16) problems.push(`broken ${label}: "${own}"`)
    let outside: string | undefined
    for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
      const boxStyle = getComputedStyle(box)
      if (box !== el) {
        const edge = box.getBoundingClientRect()
        if (left < edge.left - 1 || right > edge.right + 1) {
          outside = `outside ${label} (past ${box.tagName.toLowerCase()}.${String(box.className).split(' ')[0]})`
          break
        }
      }
      if (scrolls(boxStyle)) break
      if (boxStyle.position === 'fixed') break
    }
    if (!outside && (left < -1 || right > window.innerWidth + 1)) outside = `outside ${label} (past the screen)`
    if (outside) problems.push(`${outside}: "${text}"`)
  }
  return problems
}

/** axe-core (an exact devDependency), evaluated in the page: the app's CSP refuses an added script tag. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A reviewed violation: its rule, where (a route's path, a node's selector as axe gives it; any when left out), and why it stays. */
interface AxeException {
  rule: string
  route?: string
  target?: string
  reason: string
}
const EXCEPTIONS: readonly AxeException[] = axeExceptions

/**
 * The serious and critical axe-core violations on the page, each as `axe <rule> (<impact>): <node>
 * — <help>`, less the reviewed exceptions (each one that applies is noted in `used`).
 */
async function axeViolations(page: Page, route: string, used: Set<AxeException>): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[] }>
      }
    }
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }))
  })
  const path = route.split('?')[0]
  const problems: string[] = []
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    for (const target of v.targets) {
      const exception = EXCEPTIONS.find(
        (e) =>
          e.rule === v.id &&
          (e.route === undefined || e.route === path) &&
          (e.target === undefined || e.target === target),
      )
      if (exception) used.add(exception)
      else problems.push(`axe ${v.id} (${v.impact}): ${target} — ${v.help}`)
    }
  }
  return problems
}

test('no text overflows its box and no serious accessibility violation on the main pages, 320 and 375 px wide, in the three languages', async () => {
  // 6.2 min measured with the axe pass (106 s of it in axe-core for 204 pages), 8.7 min on a busy machine
  test.setTimeout(900_000)
  const setup = await userWithData()
  const state = await setup.context().storageState()
  await setup.context().close()

  const failures: string[] = []
  const usedExceptions = new Set<AxeException>()
  let checked = 0
  let axeMs = 0
  for (const locale of LOCALES as readonly Locale[]) {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      storageState: state,
      viewport: WIDTHS[0],
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      timezoneId: TZ,
    })
    await context.addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
    const page = await context.newPage()
    await open(page, '/homePage')
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      for (const route of PAGES) {
        await page.evaluate((r) => (location.hash = r), route)
        await page.waitForURL((url) => url.hash === `#${route}`)
        await settled(page)
        checked++
        for (const problem of await page.evaluate(overflowsInPage))
          failures.push(`${locale} ${size.width}px ${route} ${problem}`)
        const axeStart = performance.now()
        for (const problem of await axeViolations(page, route, usedExceptions))
          failures.push(`${locale} ${size.width}px ${route} ${problem}`)
        axeMs += performance.now() - axeStart
      }
    }
    await context.close()
  }
  // what the axe pass costs, in the run's output: the rest of the visit was there before it
  console.log(`axe-core: ${checked} pages, ${Math.round(axeMs / 1000)} s`)
  expect(checked).toBe(LOCALES.length * WIDTHS.length * PAGES.length)
  expect(failures).toEqual([])
  // an exception that no longer applies is taken out of the file
  expect(EXCEPTIONS.filter((e) => !usedExceptions.has(e))).toEqual([])
})
