import { createHmac } from 'node:crypto'
import { errorMessage } from '@kinetic/protocol'
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enCommon from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import cnCommon from '../src/i18n/locales/zh-CN/common.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import { logIn, mailCount, mailedCode, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** RFC 6238 (SHA-1, 30 s, 6 digits) computed here with node:crypto, independently of the app. */
function totp(base32: string, offsetSteps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of base32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = (mac[19] ?? 0) & 15
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).count()
const dialogButton = (page: Page, name: string) =>
  page.locator('.adm-dialog').getByRole('button', { name, exact: true })

test.describe('Mine in the browser', () => {
  test('edits the profile with an avatar, in Chinese, and refuses an impossible height', async () => {
    const t = cnAccount
    const page = await newPhonePage(browser)
    const email = uniqueEmail('profile')
    await registerThroughForm(page, email, 'walk1234')

    await open(page, '/my')
    const health = cnHealth.menu
    for (const label of [t.mine.profile, health.devices, health.goal, t.google.title, t.mine.workOrders]) {
      await expect.poll(() => shown(page, label), { message: label }).toBe(1)
    }
    await page.getByText(t.mine.profile, { exact: true }).click()
    await page.waitForURL(/#\/userInfo$/)

    // the avatar: a PNG picked through the page's file input
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff3366' } })
      .png()
      .toBuffer()
    await page.locator('#profile-avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    const avatar = page.locator('img[src^="/v1/files/"]')
    await expect.poll(() => avatar.count()).toBe(1)
    const served = await page.request.get((await avatar.getAttribute('src')) ?? '')
    expect(served.headers()['content-type']).toBe('image/webp')
    expect((await sharp(await served.body()).metadata()).width).toBe(256)

    await page.getByLabel(t.userInfo.nickname).fill('小跑')
    await page.getByLabel(t.userInfo.gender).selectOption('female')
    await page.getByLabel(t.userInfo.birthday).fill('1992-03-04')
    await page.getByLabel(t.userInfo.height).fill('20')
    await page.getByRole('button', { name: t.userInfo.save }).click()
    await expect.poll(() => shown(page, errorMessage('HEIGHT_RANGE', 'zh-cn'))).toBe(1)

    await page.getByLabel(t.userInfo.height).fill('165')
    await page.getByLabel(t.userInfo.weight).fill('55')
    await page.getByLabel(t.userInfo.stride).fill('68')
    await page.getByLabel(t.userInfo.hrMax).fill('188')
    await page.getByRole('button', { name: t.userInfo.save }).click()
    await expect.poll(() => shown(page, cnCommon.toast.modified)).toBe(1)

    await page.reload()
    await expect.poll(() => page.getByLabel(t.userInfo.nickname).inputValue()).toBe('小跑')
    expect(await page.getByLabel(t.userInfo.gender).inputValue()).toBe('female')
    expect(await page.getByLabel(t.userInfo.birthday).inputValue()).toBe('1992-03-04')
    expect(await page.getByLabel(t.userInfo.height).inputValue()).toBe('165')
    expect(await page.getByLabel(t.userInfo.hrMax).inputValue()).toBe('188')

    await open(page, '/my')
    await expect.poll(() => shown(page, '小跑')).toBe(1)
    await expect.poll(() => page.locator('img[src^="/v1/files/"]').count()).toBe(1)

    // settings: clearing the cache keeps the session; the time zone is the profile's
    await page.getByText(t.settings.title, { exact: true }).click()
    await page.waitForURL(/#\/userSettings$/)
    await expect.poll(() => page.getByLabel(t.settings.timeZone).inputValue()).toBe('Asia/Shanghai')
    await page.getByLabel(t.settings.timeZone).selectOption('Europe/Paris')
    await expect.poll(() => shown(page, cnCommon.toast.modified)).toBe(1)
    await page.getByText(t.settings.clearCache, { exact: true }).click()
    await dialogButton(page, cnCommon.confirm).click()
    await expect.poll(() => shown(page, t.settings.cacheCleared)).toBe(1)
    await expect.poll(() => page.getByLabel(t.settings.timeZone).inputValue()).toBe('Europe/Paris')

    // about: the installed version and the server's
    await open(page, '/aboutUs')
    await expect.poll(() => shown(page, 'Kinetic v1.0.0')).toBe(1)
    await expect.poll(() => page.getByText('1.0.0', { exact: true }).count()).toBe(2)
    await page.context().close()
  })

  test('binds Google authenticator, needs it at sign-in, changes the password (signing out elsewhere) and the e-mail, and deletes the account', async () => {
    const t = enAccount
    const page = await newPhonePage(browser, 'en-US')
    const email = uniqueEmail('secure')
    await registerThroughForm(page, email, 'first123', t)

    // bind: key as QR and text, confirmed with a code computed here
    await open(page, '/my')
    await page.getByText(t.google.title, { exact: true }).click()
    await page.waitForURL(/#\/accountBindGoogle$/)
    await page.getByRole('button', { name: t.google.getKey }).click()
    await expect.poll(() => page.getByRole('img', { name: t.google.qrLabel }).count()).toBe(1)
    const secret = (await page.getByTestId('totp-secret').innerText()).trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.getByPlaceholder(t.form.googleCode).fill(totp(secret))
    await page.getByRole('button', { name: t.google.bind, exact: true }).click()
    const codes = page.getByRole('list', { name: t.google.recoveryTitle }).getByRole('listitem')
    await expect.poll(() => codes.count()).toBe(8)
    const recovery = await codes.allInnerTexts()
    await page.getByRole('button', { name: t.google.saved }).click()
    await page.waitForURL(/#\/my$/)
    await expect.poll(() => shown(page, t.google.on)).toBe(1)

    // a second device signs in with a recovery code
    const other = await newPhonePage(browser, 'en-US')
    await open(other, '/login')
    await logIn(other, email, 'first123', t)
    await expect.poll(() => shown(other, errorMessage('GOOGLE_CODE_REQUIRED', 'us-en'))).toBe(1)
    await other.getByPlaceholder(t.form.googleOrRecovery).fill(recovery[0] ?? '')
    await other.getByRole('button', { name: t.login.submit, exact: true }).click()
    await other.waitForURL(/#\/homePage$/)

    // signing out and in again asks for the authenticator
    await open(page, '/my')
    await page.getByRole('button', { name: t.mine.signOut }).click()
    await dialogButton(page, enCommon.confirm).click()
    await page.waitForURL(/#\/login$/)
    await logIn(page, email, 'first123', t)
    await expect.poll(() => shown(page, errorMessage('GOOGLE_CODE_REQUIRED', 'us-en'))).toBe(1)
    await page.getByPlaceholder(t.form.googleOrRecovery).fill(totp(secret, 1))
    await page.getByRole('button', { name: t.login.submit, exact: true }).click()
    await page.waitForURL(/#\/homePage$/)

    // change the password, verified by a recovery code: the other device is signed out
    await open(page, '/accountModifyPassword')
    await page.getByPlaceholder(t.form.googleOrRecovery).fill(recovery[1] ?? '')
    await page.getByPlaceholder(t.form.newPassword, { exact: true }).fill('second456')
    await page.getByPlaceholder(t.form.repeatPassword).fill('second456')
    await page.getByRole('button', { name: t.password.submit, exact: true }).click()
    await page.waitForURL(/#\/my$/)
    await open(other, '/my')
    await other.waitForURL(/#\/login$/)
    // the 401 cleared local storage (spec §4) but the language: the login page is still in English
    await logIn(other, email, 'first123', t)
    await expect.poll(() => shown(other, errorMessage('LOGIN_FAILED', 'us-en'))).toBe(1)
    await other.context().close()

    // this device lists itself among the signed-in devices
    await open(page, '/userSettings')
    await expect.poll(() => shown(page, t.sessions.current)).toBe(1)

    // moving the account to another e-mail address needs the authenticator too
    await open(page, '/accountBindEmail')
    await expect.poll(() => shown(page, t.email.googleHint)).toBe(1)
    const next = uniqueEmail('secure-new')
    await page.getByPlaceholder(t.email.newEmail).fill(next)
    const sent = mailCount(next)
    await page.getByRole('button', { name: t.form.sendCode }).click()
    await page.getByPlaceholder(t.form.code).fill(await mailedCode(next, sent))
    await page.getByRole('button', { name: t.email.submit, exact: true }).click()
    await expect.poll(() => shown(page, errorMessage('GOOGLE_CODE_REQUIRED', 'us-en'))).toBe(1)
    await page.getByPlaceholder(t.form.googleOrRecovery).fill(recovery[3] ?? '')
    await page.getByRole('button', { name: t.email.submit, exact: true }).click()
    await expect.poll(() => shown(page, t.toast.bound)).toBe(1)

    // delete the account; it cannot sign in again
    await open(page, '/accountLogoff')
    await expect.poll(() => shown(page, t.logoff.erased)).toBe(1)
    await page.getByPlaceholder(t.form.googleOrRecovery).fill(recovery[2] ?? '')
    await page.getByRole('button', { name: t.logoff.submit, exact: true }).click()
    await dialogButton(page, t.logoff.submit).click()
    await page.waitForURL(/#\/login$/)
    await logIn(page, next, 'second456', t)
    await expect.poll(() => shown(page, errorMessage('LOGIN_FAILED', 'us-en'))).toBe(1)
    await page.context().close()
  })

  test('binds a new e-mail address with a code mailed to it, in Chinese', async () => {
    const t = cnAccount
    const page = await newPhonePage(browser)
    const email = uniqueEmail('oldmail')
    await registerThroughForm(page, email, 'walk1234')
    await open(page, '/accountBindEmail')
    await expect.poll(() => shown(page, email)).toBe(1)
    const next = uniqueEmail('newmail')
    await page.getByPlaceholder(t.email.newEmail).fill(next)
    const before = mailCount(next)
    await page.getByRole('button', { name: t.form.sendCode }).click()
    await page.getByPlaceholder(t.form.code).fill(await mailedCode(next, before))
    await page.getByRole('button', { name: t.email.submit, exact: true }).click()
    await expect.poll(() => shown(page, t.toast.bound)).toBe(1)
    await expect.poll(() => shown(page, next)).toBe(1)
    await page.context().close()
  })
})
