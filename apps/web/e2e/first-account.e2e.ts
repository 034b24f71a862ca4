import type { Locale } from '@kinetic/protocol'
import type { Browser, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import { newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

const newPage = (locale?: Locale) => newPhonePage(browser, locale)
const logInButton = (page: Page, t: typeof enAccount) => page.getByRole('button', { name: t.login.submit, exact: true })
const stored = (page: Page) => page.evaluate(() => ({ ...localStorage }))

test.describe('a first visit, signed out', () => {
  test('chooses English from the log-in page and comes back to it in English', async () => {
    const page = await newPage()
    await open(page, '/login')
    await expect(logInButton(page, cnAccount)).toBeVisible()
    await page.getByRole('link', { name: '语言：简体中文' }).click()
    await page.waitForURL(/#\/languageList$/)
    await page.getByText('English', { exact: true }).click()
    await page.waitForURL(/#\/login$/)
    await expect(logInButton(page, enAccount)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Language: English' })).toBeVisible()

    // register has the same switch, and the choice holds there too
    await open(page, '/register')
    await expect(page.getByRole('button', { name: enAccount.register.submit, exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Language: English' })).toBeVisible()
    await page.context().close()
  })

  test('/languageList opened directly: choosing English returns to the log-in page in English', async () => {
    const page = await newPage()
    await open(page, '/languageList')
    await page.getByText('English', { exact: true }).click()
    await page.waitForURL(/#\/login$/)
    await expect(logInButton(page, enAccount)).toBeVisible()
    expect((await stored(page)).currentLanguage).toBe('en-US')
    await page.context().close()
  })
})

test.describe('a lost session', () => {
  test('returns to a log-in page in the language the reader chose, with the rest of local storage gone', async () => {
    const page = await newPage('zh-TW')
    await registerThroughForm(page, uniqueEmail('lost'), 'walk1234', twAccount)
    await page.evaluate(() => localStorage.setItem('somethingLocal', 'kept until 401'))
    // the session ends elsewhere (expired, signed out on another device…)
    await page.context().clearCookies()
    await open(page, '/my')
    await page.waitForURL(/#\/login$/)
    await expect(logInButton(page, twAccount)).toBeVisible()
    await expect.poll(() => stored(page)).toEqual({ currentLanguage: 'zh-TW' })
    await page.context().close()
  })
})

/** WCAG contrast of the element's text over what is behind it (each stop of a gradient; the worst counts). */
async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0)
    }
    const text = parse(getComputedStyle(element).color)
    let backgrounds: number[][] = []
    for (let node: Element | null = element; node && backgrounds.length === 0; node = node.parentElement) {
      const style = getComputedStyle(node)
      const stops = style.backgroundImage.match(/rgba?\([^)]+\)/g)
      if (stops) backgrounds = stops.map(parse)
      else if (parse(style.backgroundColor)[3] !== 0) backgrounds = [parse(style.backgroundColor)]
    }
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
    return Math.min(...backgrounds.map((bg) => ratio(luminance(text), luminance(bg))))
  })
}

test.describe('the Google authenticator page', () => {
  test('"Copy key" reads clearly (WCAG AA) and stands apart from the code field', async () => {
    const page = await newPage('en-US')
    await registerThroughForm(page, uniqueEmail('totp'), 'walk1234', enAccount)
    await open(page, '/accountBindGoogle')
    await page.getByRole('button', { name: enAccount.google.getKey }).click()
    const copy = page.getByRole('button', { name: enAccount.google.copyKey })
    await expect(copy).toBeVisible()
    expect(await textContrast(copy)).toBeGreaterThanOrEqual(4.5)

    const field = page.getByPlaceholder(enAccount.form.googleCode)
    const [button, input] = [await copy.boundingBox(), await field.boundingBox()]
    // the field's box starts at its rounded card: the gap is measured to the card around the input
    const card = await field.locator('xpath=ancestor::*[contains(@class, "field")][1]').boundingBox()
    const top = (card ?? input)?.y ?? 0
    expect(top - ((button?.y ?? 0) + (button?.height ?? 0))).toBeGreaterThanOrEqual(16)
    await page.context().close()
  })
})
