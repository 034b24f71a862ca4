import { errorMessage, wireLang, type ErrorCode, type Locale } from '@kinetic/protocol'
import type { Browser } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enApp from '../src/i18n/locales/en-US/app.json' with { type: 'json' }
import enCommon from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import cnApp from '../src/i18n/locales/zh-CN/app.json' with { type: 'json' }
import cnEarn from '../src/i18n/locales/zh-CN/earn.json' with { type: 'json' }
import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import {
  logIn,
  mailCount,
  mailedCode,
  mailsTo,
  newPhonePage,
  open,
  phoneContext,
  registerThroughForm,
  uniqueEmail,
} from './support.ts'

const ACCOUNT = { 'zh-CN': cnAccount, 'en-US': enAccount, 'zh-TW': twAccount } as const

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

const newPage = (locale?: Locale) => newPhonePage(browser, locale)

test.describe('accounts in the browser', () => {
  test('registers with an e-mail code, shows the shell in Chinese, switches to English and logs back in', async () => {
    const page = await newPage()
    const email = uniqueEmail('first')
    await registerThroughForm(page, email, 'walk1234')

    // the shell in Chinese: tab bar and the home page
    // the tab bar, not Home's own row of actions (also a navigation landmark)
    const tabs = page.getByRole('navigation', { name: cnApp.tabs.label })
    await expect.poll(() => tabs.innerText()).toContain(cnApp.tabs.home)
    await expect.poll(() => page.getByRole('group', { name: cnEarn.home.todayEnergy }).count()).toBe(1)

    // Mine → Language → English
    await page.getByText(cnApp.tabs.mine, { exact: true }).click()
    await page.waitForURL(/#\/my$/)
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0)
    await page.getByText(cnAccount.mine.language, { exact: true }).click()
    await page.getByText('English', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('currentLanguage'))).toBe('en-US')
    await open(page, '/my')
    await expect.poll(() => page.getByText(enApp.tabs.mine, { exact: true }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByText(enAccount.mine.signOut, { exact: true }).count()).toBe(1)

    // sign out, then log in again in English
    await page.getByRole('button', { name: enAccount.mine.signOut }).click()
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.waitForURL(/#\/login$/)
    // signing out keeps the device's language
    await expect.poll(() => page.evaluate(() => localStorage.getItem('currentLanguage'))).toBe('en-US')
    await logIn(page, email, 'walk1234', enAccount)
    await page.waitForURL(/#\/homePage$/)
    await page.context().close()
  })

  test('adds a second account and switches between them without a password', async () => {
    const firstEmail = uniqueEmail('alice')
    const secondEmail = uniqueEmail('bob')
    const other = await newPage()
    await registerThroughForm(other, secondEmail, 'bobpass1')
    await other.context().close()

    const page = await newPage()
    await registerThroughForm(page, firstEmail, 'alicepass1')
    await open(page, '/switchAccount')
    await page.getByRole('button', { name: cnAccount.switch.add }).click()
    await page.waitForURL(/#\/switchLogin$/)
    await logIn(page, secondEmail, 'bobpass1')
    await page.waitForURL(/#\/switchAccount$/)

    // both listed; the newest (bob) acts
    const nickname = (email: string) => email.split('@')[0] as string
    await expect.poll(() => page.getByText(nickname(firstEmail)).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByText(nickname(secondEmail)).count()).toBeGreaterThan(0)
    await open(page, '/my')
    await expect.poll(() => page.getByText(secondEmail).count()).toBe(1)

    // switch to alice, then back to bob
    await open(page, '/switchAccount')
    await page.getByText(nickname(firstEmail), { exact: true }).click()
    await page.waitForURL(/#\/my$/)
    await expect.poll(() => page.getByText(firstEmail).count()).toBe(1)
    await open(page, '/switchAccount')
    await page.getByText(nickname(secondEmail), { exact: true }).click()
    await page.waitForURL(/#\/my$/)
    await expect.poll(() => page.getByText(secondEmail).count()).toBe(1)
    await page.context().close()
  })

  test("mails the password-reset code in the account's language, whatever the device's", async () => {
    const page = await newPage()
    const email = uniqueEmail('resetlang')
    await registerThroughForm(page, email, 'walk1234')
    // Mine → Language → English: the account keeps English from the next request on
    await open(page, '/my')
    await page.getByText(cnAccount.mine.language, { exact: true }).click()
    await page.getByText('English', { exact: true }).click()
    await open(page, '/my')
    await expect.poll(() => page.getByText(enAccount.mine.signOut, { exact: true }).count()).toBe(1)
    await page.context().close()

    // forgotten on a device in Chinese
    const device = await newPage()
    await open(device, '/forgetPsw')
    await expect.poll(() => device.getByText(cnAccount.forget.codeHint).count()).toBe(1)
    await device.getByPlaceholder(cnAccount.form.email).fill(email)
    const before = mailCount(email)
    await device.getByRole('button', { name: cnAccount.form.sendCode }).click()
    const code = await mailedCode(email, before)
    expect(mailsTo(email).at(-1)?.subject).toBe('Your Kinetic verification code')
    await device.getByPlaceholder(cnAccount.form.code).fill(code)
    await device.getByPlaceholder(cnAccount.form.newPassword, { exact: true }).fill('newwalk99')
    await device.getByPlaceholder(cnAccount.form.repeatPassword).fill('newwalk99')
    await device.getByRole('button', { name: cnAccount.forget.submit, exact: true }).click()
    await device.waitForURL(/#\/login$/)
    await logIn(device, email, 'newwalk99')
    await device.waitForURL(/#\/homePage$/)
    // a device with no language of its own takes the account's at sign-in (language.test.ts: the account stays English)
    await expect.poll(() => device.getByText(enApp.tabs.mine, { exact: true }).count()).toBe(1)
    await open(device, '/my')
    await expect.poll(() => device.getByText(enAccount.mine.signOut, { exact: true }).count()).toBe(1)
    await device.context().close()
  })

  test("registering a taken address looks like any other and mails its owner a note in the owner's language", async () => {
    const owner = await newPage()
    const email = uniqueEmail('taken')
    await registerThroughForm(owner, email, 'walk1234')
    await owner.context().close()

    const page = await newPage('en-US')
    await open(page, '/register')
    await expect.poll(() => page.getByText(enAccount.register.codeHint).count()).toBe(1)
    await page.getByPlaceholder(enAccount.form.email).fill(email)
    // the owner's own registration code was sent under a minute ago: the same wait as for any address
    await page.getByRole('button', { name: enAccount.form.sendCode }).click()
    const cooldown = page.getByText(/^Please wait \d+ seconds before requesting another code$/)
    await expect.poll(() => cooldown.count()).toBeGreaterThan(0)
    const seconds = Number(/\d+/.exec(await cooldown.first().innerText())?.[0])
    await page.waitForTimeout((seconds + 1) * 1000)
    const before = mailCount(email)
    await page.getByRole('button', { name: enAccount.form.sendCode }).click()
    await expect.poll(() => page.getByText(enCommon.toast.codeSent, { exact: true }).count()).toBeGreaterThan(0)
    await expect.poll(() => mailCount(email), { timeout: 15_000 }).toBe(before + 1)
    const notice = mailsTo(email).at(-1)
    expect(notice?.subject).toBe('有人尝试用您的地址注册')
    expect(notice?.text).not.toMatch(/\b\d{6}\b/)

    await page.getByPlaceholder(enAccount.form.code).fill('123456')
    await page.getByPlaceholder(enAccount.form.password, { exact: true }).fill('walk1234')
    await page.getByPlaceholder(enAccount.form.repeatPassword).fill('walk1234')
    await page.locator('input[type=checkbox]').check({ force: true })
    await page.getByRole('button', { name: enAccount.register.submit, exact: true }).click()
    const wrong = errorMessage('CODE_INVALID', 'us-en')
    await expect.poll(() => page.getByText(wrong, { exact: true }).count()).toBeGreaterThan(0)
    await page.context().close()
  })

  test('makes an address that keeps sending wrong passwords wait, saying how long', async () => {
    const owner = await newPage()
    const email = uniqueEmail('wait')
    await registerThroughForm(owner, email, 'walk1234')
    await owner.context().close()

    const page = await newPage('en-US')
    await open(page, '/login')
    const failed = errorMessage('LOGIN_FAILED', 'us-en')
    for (let i = 0; i < 5; i++) {
      await logIn(page, email, `wrong-${i}`, enAccount)
      await expect.poll(() => page.getByText(failed, { exact: true }).count()).toBeGreaterThan(0)
      await expect.poll(() => page.getByText(failed, { exact: true }).count(), { timeout: 4000 }).toBe(0)
    }
    await logIn(page, email, 'walk1234', enAccount)
    const waiting = page.getByText(/^Too many wrong passwords\. Please try again in \d+ seconds$/)
    await expect.poll(() => waiting.count()).toBeGreaterThan(0)
    await page.context().close()
  })

  for (const locale of ['zh-CN', 'en-US', 'zh-TW'] as const)
    test(`shows every spec §5 register message in ${locale}`, async () => {
      const t = ACCOUNT[locale]
      const lang = wireLang(locale)
      const page = await newPage(locale)
      await open(page, '/register')
      const submit = () => page.getByRole('button', { name: t.register.submit, exact: true }).click()
      const expectToast = async (code: ErrorCode) => {
        const text = errorMessage(code, lang)
        await expect.poll(() => page.getByText(text, { exact: true }).count(), { message: text }).toBeGreaterThan(0)
        await expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 4000 }).toBe(0)
      }
      const field = (label: string) => page.getByPlaceholder(label, { exact: true })

      await submit()
      await expectToast('EMAIL_REQUIRED')
      await field(t.form.email).fill('not-an-email')
      await submit()
      await expectToast('EMAIL_INVALID')
      await field(t.form.email).fill(uniqueEmail('rules'))
      await field(t.form.code).fill('123456')
      await submit()
      await expectToast('PASSWORD_REQUIRED')
      await field(t.form.password).fill('secret123')
      await field(t.form.repeatPassword).fill('secret124')
      await submit()
      await expectToast('PASSWORD_MISMATCH')
      await field(t.form.repeatPassword).fill('secret123')
      await submit()
      await expectToast('PRIVACY_NOT_AGREED')
      await page.context().close()
    })

  test('keeps the spec English texts word for word', () => {
    expect(errorMessage('EMAIL_REQUIRED', 'us-en')).toBe('Please enter your email address')
    expect(errorMessage('EMAIL_INVALID', 'us-en')).toBe('Enter the correct email address')
    expect(errorMessage('PASSWORD_REQUIRED', 'us-en')).toBe('Please input a password')
    expect(errorMessage('PASSWORD_MISMATCH', 'us-en')).toBe('Two passwords are inconsistent')
    expect(errorMessage('PRIVACY_NOT_AGREED', 'us-en')).toBe('Please agree to the privacy policy first')
  })

  test('returns to /login with local storage cleared when the session is gone', async () => {
    const page = await newPage()
    await registerThroughForm(page, uniqueEmail('expired'), 'walk1234')
    await page.evaluate(() => localStorage.setItem('somethingLocal', 'kept until 401'))
    await page.context().clearCookies()
    await open(page, '/my')
    await page.waitForURL(/#\/login$/)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('somethingLocal'))).toBeNull()
    await page.context().close()
  })

  test('blocks an outdated app with the update dialog that loads /download/', async () => {
    const context = await phoneContext(browser)
    // the host shell reports an older installed version than the server's 1.0.0
    await context.addInitScript(() => Object.assign(window, { appVersion: '0.9.0' }))
    const page = await context.newPage()
    await open(page, '/login')
    await expect.poll(() => page.getByText(cnApp.update.title).count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => page.getByText('v1.0.0').count()).toBe(1)
    await page.getByRole('button', { name: cnApp.update.button }).click()
    await page.waitForURL(/\/download\/$/)
    await context.close()
  })
})
