import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import enAdmin from '../src/i18n/locales/en-US/admin.json'
import enApp from '../src/i18n/locales/en-US/app.json'
import enContent from '../src/i18n/locales/en-US/content.json'
import enSupport from '../src/i18n/locales/en-US/support.json'
import enAccount from '../src/i18n/locales/en-US/account.json'
import { launchBrowser, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'

// Support and the operator console as a person and an operator use them, each in their own
// browser context: tickets, live chat, notices and the forced update.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

/** The console in a desktop-sized context, signed in as the operator the server was started with. */
async function consolePage(): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 1280, height: 860 },
  })
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

/** A new user in English, registered through the form. */
async function userPage(name: string): Promise<{ page: Page; email: string }> {
  const page = await newPhonePage(browser, 'en-US')
  const email = uniqueEmail(name)
  await registerThroughForm(page, email, 'walk1234', enAccount)
  return { page, email }
}

/** A 1×1 PNG, uploaded as a ticket screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const section = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click()

describe('support and the operator console', () => {
  it('a user opens a work order that an operator answers in the console; the user sees replied', async () => {
    const { page, email } = await userPage('ticket')
    await page.getByText(enApp.tabs.mine, { exact: true }).click()
    await page.getByText(enAccount.mine.workOrders, { exact: true }).click()
    await page.waitForURL(/#\/serverWorkList$/)
    await expect.poll(() => page.getByText('No records available').count()).toBe(1)
    await page.getByRole('button', { name: enSupport.tickets.new }).last().click()

    // the form names what is missing before anything is sent
    await page.getByRole('button', { name: enSupport.tickets.submit }).click()
    await expect.poll(() => page.getByText('Please choose a category').count()).toBe(1)
    await expect.poll(() => page.getByText('Title is required').count()).toBe(1)

    await page.getByRole('button', { name: 'Device and data' }).click()
    await page.getByPlaceholder(enSupport.tickets.titlePlaceholder).fill('Steps stay at zero')
    await page.getByPlaceholder(enSupport.tickets.contentPlaceholder).fill('Since Monday the watch shows no steps.')
    await page.locator('input[type=file]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => page.locator('form img').count()).toBe(1)
    await page.getByRole('button', { name: enSupport.tickets.submit }).click()
    await expect.poll(() => page.getByText(enSupport.tickets.submitted).count()).toBe(1)
    await expect.poll(() => page.getByText(enSupport.tickets.status.wait, { exact: true }).count()).toBe(1)

    const ops = await consolePage()
    await section(ops, enAdmin.nav.tickets)
    await ops.getByRole('button', { name: /Steps stay at zero/ }).click()
    await expect.poll(() => ops.getByText(email).count()).toBeGreaterThan(0)
    // the operator sees the screenshot the user attached (the image loads: the console may read it)
    const screenshot = ops.getByRole('img', { name: enAdmin.tickets.attachment })
    await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await ops.getByPlaceholder(enAdmin.tickets.replyPlaceholder).fill('Please re-pair the watch from the device list.')
    await ops.getByRole('button', { name: enAdmin.tickets.reply, exact: true }).click()
    await expect.poll(() => ops.getByText(enAdmin.toast.submission).count()).toBe(1)

    // the user's list shows it replied, the answer reads in the conversation, a message is unread
    await open(page, '/serverWorkList?status=replied')
    await expect.poll(() => page.getByRole('button', { name: /Steps stay at zero/ }).count()).toBe(1)
    await expect
      .poll(() => page.getByText(enSupport.tickets.status.replied, { exact: true }).count())
      .toBeGreaterThan(0)
    await page.getByRole('button', { name: /Steps stay at zero/ }).click()
    await expect.poll(() => page.getByText('Please re-pair the watch from the device list.').count()).toBe(1)
    await open(page, '/my')
    await expect.poll(() => page.locator('.adm-badge-content').first().innerText()).toBe('1')
    await open(page, '/messageList')
    await expect.poll(() => page.getByText('Your work order was replied').count()).toBe(1)
    await Promise.all([page.context().close(), ops.context().close()])
  })

  it('a user chats with an operator in real time, in two browser contexts', async () => {
    const { page, email } = await userPage('chat')
    await open(page, '/serverChat')
    await expect.poll(() => page.getByText(enSupport.chat.hint).count()).toBe(1)

    // blank is refused with the spec's words
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await expect.poll(() => page.getByText('Cannot send blank messages').count()).toBe(1)

    await page.getByPlaceholder(enSupport.chat.placeholder).fill('Hello, is anyone there?')
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await expect.poll(() => page.locator('li').filter({ hasText: 'Hello, is anyone there?' }).count()).toBe(1)

    const ops = await consolePage()
    await section(ops, enAdmin.nav.chats)
    await ops.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click()
    const conversation = ops.getByRole('region', { name: enAdmin.chats.conversation })
    await expect.poll(() => conversation.getByText('Hello, is anyone there?').count()).toBe(1)

    // the operator's answer appears on the user's open page without a reload, and back
    await ops.getByRole('textbox', { name: enAdmin.chats.placeholder }).fill('Yes, how can I help?')
    await ops.getByRole('button', { name: enAdmin.chats.send, exact: true }).click()
    await expect.poll(() => page.getByText('Yes, how can I help?').count()).toBe(1)
    await page.getByPlaceholder(enSupport.chat.placeholder).fill('My watch lost its steps.')
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await expect.poll(() => conversation.getByText('My watch lost its steps.').count()).toBe(1)

    // offline: the message waits; back online it goes by itself, once, and nothing is missed
    await page.context().setOffline(true)
    await ops.getByRole('textbox', { name: enAdmin.chats.placeholder }).fill('Answer while you were away')
    await ops.getByRole('button', { name: enAdmin.chats.send, exact: true }).click()
    await page.getByPlaceholder(enSupport.chat.placeholder).fill('Sent while offline')
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await page.context().setOffline(false)
    await expect.poll(() => page.getByText('Answer while you were away').count(), { timeout: 20_000 }).toBe(1)
    await page
      .getByText(enSupport.chat.failed)
      .click({ timeout: 20_000 })
      .catch(() => undefined)
    await expect.poll(() => conversation.getByText('Sent while offline').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => page.getByText('Sent while offline').count()).toBe(1)
    await Promise.all([page.context().close(), ops.context().close()])
  })

  it('a user reads a notice the operator published, in their language', async () => {
    const ops = await consolePage()
    await section(ops, enAdmin.nav.notices)
    const title = `Maintenance ${Date.now().toString(36)}`
    for (const [lang, suffix] of [
      ['Simplified Chinese', '维护通知'],
      ['English', title],
      ['Traditional Chinese', '維護通知'],
    ] as const) {
      await ops.getByRole('textbox', { name: `${enAdmin.notices.title} (${lang})` }).fill(suffix)
      await ops
        .getByLabel(`${enAdmin.notices.content} (${lang})`)
        .locator('textarea')
        .fill(`${suffix}: the service pauses at 02:00 UTC.`)
    }
    await ops.getByRole('button', { name: enAdmin.notices.publish }).click()
    await expect.poll(() => ops.getByText(enAdmin.toast.submitted).count()).toBe(1)

    const { page } = await userPage('notice')
    await open(page, '/messageList')
    await page.getByRole('button', { name: new RegExp(title) }).click()
    await page.waitForURL(/#\/messageDetail\?id=\d+$/)
    await expect.poll(() => page.getByText(`${title}: the service pauses at 02:00 UTC.`).count()).toBe(1)
    await expect.poll(() => page.getByText(enContent.messages.detailTitle).count()).toBe(1)
    await Promise.all([page.context().close(), ops.context().close()])
  })

  it('the operator raises app_version and the user app shows the blocking update dialog', async () => {
    const { page } = await userPage('update')
    const ops = await consolePage()
    await section(ops, enAdmin.nav.version)
    await expect.poll(() => ops.getByTestId('current-version').innerText()).toMatch(/^\d+(\.\d+)*$/)
    const before = await ops.getByTestId('current-version').innerText()
    try {
      await ops.getByPlaceholder('1.2.0').fill('9.9.9')
      await ops.getByRole('button', { name: enAdmin.save }).click()
      await expect.poll(() => ops.getByTestId('current-version').innerText()).toBe('9.9.9')
      await expect.poll(() => ops.getByText(enAdmin.toast.modified).count()).toBe(1)

      await page.reload()
      await expect.poll(() => page.getByText(enApp.update.title).count()).toBe(1)
      await expect.poll(() => page.getByText('v9.9.9').count()).toBe(1)
      await expect.poll(() => page.getByRole('button', { name: enApp.update.button }).count()).toBe(1)

      // every console action is in the audit log
      await section(ops, enAdmin.nav.audit)
      await expect.poll(() => ops.getByText('app_version.set').count()).toBeGreaterThan(0)
    } finally {
      // the e2e server is shared with the other e2e files: put the version back
      await section(ops, enAdmin.nav.version)
      await ops.getByPlaceholder('1.2.0').fill(before)
      await ops.getByRole('button', { name: enAdmin.save }).click()
      await expect.poll(() => ops.getByTestId('current-version').innerText()).toBe(before)
      await Promise.all([page.context().close(), ops.context().close()])
    }
  })
})
