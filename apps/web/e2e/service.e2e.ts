import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import enApp from '../src/i18n/locales/en-US/app.json' with { type: 'json' }
import enContent from '../src/i18n/locales/en-US/content.json' with { type: 'json' }
import enSupport from '../src/i18n/locales/en-US/support.json' with { type: 'json' }
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enDevice from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import enShop from '../src/i18n/locales/en-US/shop.json' with { type: 'json' }
import { consolePage, mailCount, mailedCode, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'

// Support and the operator console as a person and an operator use them, each in their own
// browser context: tickets, live chat, notices and the forced update.

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** A new user in English, registered through the form. */
async function userPage(name: string): Promise<{ page: Page; email: string }> {
  const page = await newPhonePage(browser, 'en-US')
  const email = uniqueEmail(name)
  await registerThroughForm(page, email, 'walk1234', enAccount)
  return { page, email }
}

/** The signed-in account's unread messages, as the badge counts them, asked of the server. */
function unread(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/v1/index', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams({ method: '/v1/msg', lang: 'us-en', page: '1', limit: '1' }),
    })
    return ((await response.json()) as { data: { unread: number } }).data.unread
  })
}

/** A 1×1 PNG, uploaded as a ticket screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const section = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click()

test.describe('support and the operator console', () => {
  test('a user opens a work order that an operator answers in the console; the user sees replied', async () => {
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

    // a notice published by an earlier test on this worker's server is unread too
    const unreadBefore = await unread(page)
    const ops = await consolePage(browser)
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
    await expect.poll(() => page.locator('.adm-badge-content').first().innerText()).toBe(String(unreadBefore + 1))
    await open(page, '/messageList')
    await expect.poll(() => page.getByText('Your work order was replied').count()).toBe(1)
    await Promise.all([page.context().close(), ops.context().close()])
  })

  test('a user chats with an operator in real time, in two browser contexts', async () => {
    const { page, email } = await userPage('chat')
    await open(page, '/serverChat')
    await expect.poll(() => page.getByText(enSupport.chat.hint).count()).toBe(1)

    // blank is refused with the spec's words
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await expect.poll(() => page.getByText('Cannot send blank messages').count()).toBe(1)

    await page.getByPlaceholder(enSupport.chat.placeholder).fill('Hello, is anyone there?')
    await page.getByRole('button', { name: enSupport.chat.send }).click()
    await expect.poll(() => page.locator('li').filter({ hasText: 'Hello, is anyone there?' }).count()).toBe(1)

    const ops = await consolePage(browser)
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

  test('a user reads a notice the operator published, in their language', async () => {
    const ops = await consolePage(browser)
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

  test('the operator raises app_version and the user app shows the blocking update dialog', async () => {
    const { page } = await userPage('update')
    const ops = await consolePage(browser)
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

const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'console')
/** A picture of a console section, for people to look at; no assertion rides on it. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

/** Gives a user 1,000 points the way people earn them: a friend registers with their invitation. */
async function earnReferralPoints(page: Page) {
  await open(page, '/invite')
  const readCode = async () => (await page.getByTestId('invite-code').textContent())?.trim() ?? ''
  await expect.poll(readCode).toMatch(/^[A-Z2-9]{8}$/)
  const code = await readCode()
  const friend = await newPhonePage(browser, 'en-US')
  const email = uniqueEmail('friend')
  await open(friend, `/register?invite=${code}`)
  await expect.poll(() => friend.getByPlaceholder(enAccount.form.invite).inputValue()).toBe(code)
  await friend.getByPlaceholder(enAccount.form.email).fill(email)
  const before = mailCount(email)
  await friend.getByRole('button', { name: enAccount.form.sendCode }).click()
  await friend.getByPlaceholder(enAccount.form.code).fill(await mailedCode(email, before))
  await friend.getByPlaceholder(enAccount.form.password, { exact: true }).fill('walk1234')
  await friend.getByPlaceholder(enAccount.form.repeatPassword).fill('walk1234')
  await friend.locator('input[type=checkbox]').check({ force: true })
  await friend.getByRole('button', { name: enAccount.register.submit, exact: true }).click()
  await friend.waitForURL(/#\/homePage$/)
  await friend.context().close()
  await page.reload() // already on /invite: read it again
  await expect.poll(() => page.getByTestId('referral-points').textContent()).toBe('1,000')
}

test.describe('the console runs the shop and the devices', () => {
  test('the operator adds a good, a user buys it, the operator ships it: the user sees shipped and a message', async () => {
    const ops = await consolePage(browser)
    await section(ops, enAdmin.nav.goods)
    const good = `Console strap ${Date.now().toString(36)}`
    const form = ops.getByRole('form', { name: enAdmin.goods.form })
    // a good without names or price is refused, naming the fields
    await form.getByRole('button', { name: enAdmin.save }).click()
    await expect.poll(() => form.getByText('Name is required').count()).toBeGreaterThan(0)
    for (const [lang, name] of [
      ['Simplified Chinese', '表带'],
      ['English', good],
      ['Traditional Chinese', '錶帶'],
    ] as const) {
      await form.getByRole('textbox', { name: `${enAdmin.goods.name} (${lang})` }).fill(name)
      await form.getByLabel(`${enAdmin.goods.description} (${lang})`).locator('textarea').fill(`${name}: silicone`)
    }
    await form.getByLabel(enAdmin.goods.price).fill('100')
    await form.getByLabel(enAdmin.goods.stock).fill('2')
    await form.getByRole('button', { name: enAdmin.save }).click()
    await expect.poll(() => ops.getByText(enAdmin.toast.submitted).count()).toBe(1)
    const goodRow = ops.locator('tr', { hasText: good })
    await expect.poll(() => goodRow.textContent()).toContain(enAdmin.goods.onSale)
    // stock: adding works, removing more than is left is refused with the reason
    await goodRow.getByRole('textbox').fill('+3')
    await goodRow.getByRole('button', { name: enAdmin.goods.apply }).click()
    await expect.poll(() => goodRow.locator('td').nth(3).textContent()).toBe('5')
    await goodRow.getByRole('textbox').fill('-9')
    await goodRow.getByRole('button', { name: enAdmin.goods.apply }).click()
    await expect.poll(() => ops.getByText('Fewer units are left unsold than you want to remove').count()).toBe(1)
    await screenshot(ops, 'goods')

    const { page } = await userPage('shipping')
    await earnReferralPoints(page)
    await open(page, '/product')
    await page.locator('li', { hasText: good }).getByRole('button', { name: enShop.action.physical }).click()
    await page.getByPlaceholder(enShop.buy.name).fill('Han Mei')
    await page.getByPlaceholder(enShop.buy.phone).fill('13900139000')
    await page.getByPlaceholder(enShop.buy.address).fill('8 Harbour Road, Xiamen')
    await page.getByRole('button', { name: enShop.buy.next, exact: true }).click()
    await page.getByRole('button', { name: enShop.buy.confirm.physical, exact: true }).click()
    await page.waitForURL(/#\/orders$/)
    const mine = page.locator('li', { hasText: good })
    await expect.poll(() => mine.textContent()).toContain(enShop.orders.status.paid)

    await section(ops, enAdmin.nav.orders)
    const order = ops.locator('tr', { hasText: good })
    await expect.poll(() => order.textContent()).toContain('8 Harbour Road, Xiamen')
    await screenshot(ops, 'orders')
    await order.getByRole('button', { name: enAdmin.orders.to.shipped }).click()
    await expect.poll(() => ops.getByText(enAdmin.toast.modified).count()).toBe(1)
    await ops.getByRole('button', { name: enAdmin.orders.status.shipped, exact: true }).click()
    await expect.poll(() => order.textContent()).toContain(enAdmin.orders.to.completed)

    await page.reload() // still on /orders: read them again
    await expect.poll(() => mine.textContent()).toContain(enShop.orders.status.shipped)
    await open(page, '/messageList')
    await expect.poll(() => page.getByText('Your order has shipped').count()).toBe(1)

    await section(ops, enAdmin.nav.audit)
    await expect.poll(() => ops.getByText('order.advance').count()).toBeGreaterThan(0)
    await Promise.all([page.context().close(), ops.context().close()])
  })

  test('the operator issues a batch of 2 device codes and a user binds one on the device list', async () => {
    const ops = await consolePage(browser)
    await section(ops, enAdmin.nav.devices)
    await ops.getByLabel(enAdmin.devices.model).fill('Kinetic Watch S2')
    await ops.getByLabel(/Number of codes/).fill('1001')
    await ops.getByRole('button', { name: enAdmin.devices.issue }).click()
    await expect.poll(() => ops.getByText('Count is invalid').count()).toBe(1)
    await ops.getByLabel(/Number of codes/).fill('2')
    await ops.getByRole('button', { name: enAdmin.devices.issue }).click()
    const codes = ops.getByTestId('issued-codes').locator('tbody tr')
    await expect.poll(() => codes.count()).toBe(2)
    const [deviceCode = '', activeCode = ''] = await codes.first().locator('td').allTextContents()
    expect(deviceCode).toMatch(/^KW-\w{5}-\w{5}$/)
    const download = ops.waitForEvent('download')
    await ops.getByRole('link', { name: enAdmin.devices.download }).click()
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = ''
      for await (const chunk of stream) text += String(chunk)
      return text
    })
    expect(csv.split('\r\n')).toContain(`"${deviceCode}","${activeCode}","Kinetic Watch S2"`)
    await screenshot(ops, 'devices')

    const { page } = await userPage('batch')
    await open(page, '/deviceList')
    await page.getByPlaceholder(enDevice.bind.deviceCodePlaceholder).fill(deviceCode)
    await page.getByPlaceholder(enDevice.bind.activeCodePlaceholder).fill(activeCode)
    await page.getByRole('button', { name: enDevice.bind.submit, exact: true }).click()
    await expect.poll(() => page.getByRole('listitem', { name: deviceCode }).count()).toBe(1)

    await ops.reload()
    const batch = ops.locator('tr', { hasText: 'Kinetic Watch S2' }).first()
    await expect
      .poll(() => batch.locator('td').allTextContents())
      .toEqual([expect.any(String), 'Kinetic Watch S2', '2', '1', '1', expect.any(String)])
    await Promise.all([page.context().close(), ops.context().close()])
  })

  test('the operator edits an earning parameter; a bad value is refused beside its field', async () => {
    const ops = await consolePage(browser)
    await section(ops, enAdmin.nav.settings)
    const row = ops.getByTestId('setting-stage_days')
    await row.getByRole('textbox').fill('ninety')
    await row.getByRole('button', { name: enAdmin.save }).click()
    await expect.poll(() => row.getByText('Value is invalid').count()).toBe(1)
    await screenshot(ops, 'settings')
    // a valid value is stored and shown back; the e2e server is shared, so it is put back after
    for (const days of ['91', '90']) {
      await row.getByRole('textbox').fill(days)
      await row.getByRole('button', { name: enAdmin.save }).click()
      await expect.poll(() => row.getByRole('button', { name: enAdmin.save }).isDisabled()).toBe(true)
      expect(await row.getByRole('textbox').inputValue()).toBe(days)
      expect(await row.getByText('Value is invalid').count()).toBe(0)
    }
    await section(ops, enAdmin.nav.audit)
    await expect.poll(() => ops.getByText('earn_settings:stage_days').count()).toBe(2)
    await ops.context().close()
  })
})
