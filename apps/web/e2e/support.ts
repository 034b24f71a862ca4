import { readFileSync } from 'node:fs'
import type { Locale } from '@kinetic/protocol'
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import { testZone } from './run-clock.ts'
import type { E2EServer } from './server.ts'

let current: E2EServer | undefined

/** The worker's server (fixtures.ts), which the helpers below and `inject` speak to. */
export function useServer(server: E2EServer): void {
  current = server
}

/** What the worker's server is (its address, the mailbox, the chain, the console operator). */
export function inject<K extends 'baseUrl' | 'mailbox' | 'chainRpcUrl' | 'databaseUrl' | 'operator'>(
  key: K,
): E2EServer[K] {
  if (!current) throw new Error('no e2e server: import test from ./fixtures.ts')
  return current[key]
}

/**
 * Phones opened so far and not closed by `closePhones`: those a test opens are closed when it
 * ends (fixtures.ts), as a page left open goes on polling the worker's server through every
 * later test of that worker; those a `beforeAll` opened live on for the file's serial tests.
 */
const phones = new Set<BrowserContext>()

/**
 * A phone-sized context (iPhone 12-like viewport) on the app, in the test zone (`TEST_ZONE`,
 * default Asia/Shanghai) and on the run's clock (run-clock.ts): an account takes its device's
 * zone at registration, so the accounts these phones register are in that zone.
 */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: testZone(),
  })
  phones.add(context)
  return context
}

/** The phones open now (a test's fixture notes them before the test runs). */
export const openPhones = (): ReadonlySet<BrowserContext> => new Set(phones)

/** Closes the phones opened since `before` (after the test's trace and failure screenshots were taken). */
export async function closePhones(before: ReadonlySet<BrowserContext>): Promise<void> {
  const opened = [...phones].filter((context) => !before.has(context))
  for (const context of opened) phones.delete(context)
  await Promise.all(opened.map((context) => context.close()))
}

/** Opens a hash route; routed content appears after the 2 s launch screen (locators wait for it). */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`)
  await routeShown(page)
}

/**
 * Waits until the page on screen is the one the address names (after any redirect): a route's
 * page loads lazily, and until it is in, the previous page stays on screen (RootLayout marks it
 * busy) — a click then would land on the previous page.
 */
export async function routeShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const shown = document.querySelector('[data-route]')
      if (!shown || shown.getAttribute('aria-busy') === 'true') return false
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text)
        } catch {
          return text
        }
      }
      return decode(`#${shown.getAttribute('data-route')}`) === decode(location.hash)
    },
    undefined,
    { timeout: 30_000 },
  )
}

/** The newest 6-digit code mailed to `email`, as received by the SMTP sink. */
export async function mailedCode(email: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mails = readFileSync(inject('mailbox'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    const code = mails.length > after ? /\b(\d{6})\b/.exec(mails[mails.length - 1]?.text ?? '')?.[1] : undefined
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** Every mail the SMTP sink received for `email`, oldest first. */
export function mailsTo(email: string): { subject: string; text: string }[] {
  return readFileSync(inject('mailbox'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
}

export function mailCount(email: string): number {
  return readFileSync(inject('mailbox'), 'utf8')
    .split('\n')
    .filter((line) => line && (JSON.parse(line) as { to: string }).to.toLowerCase() === email.toLowerCase()).length
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

/** A new phone-sized page, in `locale` when given (else the app's default, zh-CN). */
export async function newPhonePage(browser: Browser, locale?: Locale): Promise<Page> {
  const context = await phoneContext(browser)
  if (locale) await context.addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
  return context.newPage()
}

/** Fills and submits the register form as a person does, reading the code from the mailbox. */
export async function registerThroughForm(page: Page, email: string, password: string, t = cnAccount) {
  await open(page, '/register')
  await page.getByPlaceholder(t.form.email).fill(email)
  const before = mailCount(email)
  await page.getByRole('button', { name: t.form.sendCode }).click()
  const code = await mailedCode(email, before)
  await page.getByPlaceholder(t.form.code).fill(code)
  await page.getByPlaceholder(t.form.password, { exact: true }).fill(password)
  await page.getByPlaceholder(t.form.repeatPassword).fill(password)
  await page.locator('input[type=checkbox]').check({ force: true })
  await page.getByRole('button', { name: t.register.submit, exact: true }).click()
  await page.waitForURL(/#\/homePage$/)
}

export async function logIn(page: Page, email: string, password: string, t = cnAccount) {
  await page.getByPlaceholder(t.form.loginAccount).fill(email)
  await page.getByPlaceholder(t.form.password, { exact: true }).fill(password)
  await page.getByRole('button', { name: t.login.submit, exact: true }).click()
}

/** The console in a desktop-sized context, signed in as the operator the server was started with. */
export async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 860 } })
  await context.addInitScript(() => localStorage.setItem('currentLanguage', 'en-US'))
  const page = await context.newPage()
  await page.goto('/admin')
  const { email, password } = inject('operator')
  await page.getByLabel(enAdmin.login.email).fill(email)
  await page.getByLabel(enAdmin.login.password).fill(password)
  await page.getByRole('button', { name: enAdmin.login.submit }).click()
  await expect.poll(() => page.getByText(enAdmin.brand).count()).toBe(1)
  return page
}
