import { errorMessage, type ErrorCode } from '@kinetic/protocol'
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import t from '../src/i18n/locales/en-US/wallet.json' with { type: 'json' }
import { inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import type { Browser } from '@playwright/test'

/** The wallet screens are driven in English unless a test passes a locale's texts (and its API language). */
export { t }
export type WalletTexts = typeof t
export type Lang = Parameters<typeof errorMessage>[1]
export const ACCOUNT_PASSWORD = 'walk1234'

/** A signed-in English page of a new account. */
export async function newAccountPage(browser: Browser, name: string): Promise<Page> {
  const page = await newPhonePage(browser, 'en-US')
  await registerThroughForm(page, uniqueEmail(name), ACCOUNT_PASSWORD, enAccount)
  return page
}

export const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string', disabled: false })

export const field = (page: Page, label: string) => page.getByPlaceholder(label, { exact: true })

/** A toast with exactly this text appears. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).count(), { message: text }).toBeGreaterThan(0)
}

export const expectError = (page: Page, code: ErrorCode) => expectToast(page, errorMessage(code, 'us-en'))

/** Waits until no toast is on screen (so the next expected one is a new one). */
export async function toastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 5000 }).toBe(0)
}

/**
 * Creates a wallet through the screens: bind → create → safety points → words → verify,
 * first in a wrong order (the MNEMONIC_ORDER toast; only the two swapped words marked), then
 * right. Returns the 12 words.
 */
export async function createWalletThroughScreens(
  page: Page,
  name: string,
  password: string,
  texts: WalletTexts = t,
  lang: Lang = 'us-en',
): Promise<string[]> {
  const t = texts
  const expectError = (page: Page, code: ErrorCode) => expectToast(page, errorMessage(code, lang))
  await open(page, '/spot')
  await expect.poll(() => page.getByText(errorMessage('NOT_OPEN', lang), { exact: true }).count()).toBe(1)
  await button(page, t.home.bind).click()
  await page.getByText(t.bind.haveNot, { exact: true }).click()
  await page.waitForURL(/#\/createWallet$/)

  await field(page, t.form.name).fill(name)
  await field(page, t.form.password).fill('seven77')
  await field(page, t.form.repeatPassword).fill('seven77')
  await button(page, t.create.submit).click()
  await expectError(page, 'WALLET_PASSWORD_INVALID')
  await field(page, t.form.password).fill(password)
  await button(page, t.create.submit).click()
  await expectError(page, 'PASSWORD_MISMATCH')
  await field(page, t.form.repeatPassword).fill(password)
  await button(page, t.create.submit).click()
  await button(page, t.safety.know).click()
  await page.waitForURL(/#\/mnemonicWords$/)

  await button(page, t.backup.reveal).click()
  const words = await page.getByRole('list', { name: t.backup.words }).locator('li > span:last-child').allInnerTexts()
  expect(words).toHaveLength(12)
  await button(page, t.backup.next).click()
  await page.waitForURL(/#\/mnemonicWordsVerify$/)

  const choices = page.getByRole('group', { name: t.verify.choices })
  const pick = (word: string) =>
    choices.getByRole('button', { name: word, exact: true, disabled: false }).first().click()
  const wrong = [words[1], words[0], ...words.slice(2)] as string[]
  for (const word of wrong) await pick(word)
  await button(page, t.common.confirm).click()
  await expectError(page, 'MNEMONIC_ORDER')
  expect(page.url()).toMatch(/#\/mnemonicWordsVerify$/)
  await expectOnlyMisplacedMarked(page, wrong, [0, 1], t)

  await button(page, t.verify.clear).click()
  for (const word of words) await pick(word)
  await button(page, t.common.confirm).click()
  await expect.poll(() => page.getByText(t.verify.done, { exact: true }).count(), { timeout: 20_000 }).toBe(1)
  await button(page, t.verify.goWallet).click()
  await page.waitForURL(/#\/spot$/)
  await expect.poll(() => page.getByText(name, { exact: true }).count()).toBeGreaterThan(0)
  return words
}

/**
 * After a wrong order on the verify screen: the slots at `misplaced` (from 0) are marked (red
 * outline, named "not in its place"), every other slot is not.
 */
export async function expectOnlyMisplacedMarked(
  page: Page,
  picked: readonly string[],
  misplaced: readonly number[],
  texts: WalletTexts = t,
) {
  const t = texts
  const slots = page.getByRole('list', { name: t.verify.picked }).getByRole('button')
  await expect.poll(() => slots.count()).toBe(picked.length)
  const outlines = await slots.evaluateAll((buttons) => buttons.map((b) => getComputedStyle(b).outlineStyle))
  expect(outlines, 'red outlines').toEqual(picked.map((_, i) => (misplaced.includes(i) ? 'solid' : 'none')))
  const names = await slots.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
  expect(names).toEqual(
    picked.map((word, i) =>
      (misplaced.includes(i) ? t.verify.removeMisplaced : t.verify.remove).replace('{{word}}', word),
    ),
  )
}

/** The current wallet's full address, read from the receive screen. */
export async function walletAddress(page: Page): Promise<`0x${string}`> {
  await open(page, '/walletPayment')
  const output = page.locator('output')
  await expect.poll(() => output.count()).toBe(1)
  await expect.poll(() => page.getByText(t.receive.note, { exact: true }).count()).toBe(1)
  return (await output.innerText()).trim() as `0x${string}`
}

/** 10 BNB + 1000 USDT + 1000 KNT from the dev faucet (mined before it answers). */
export async function fund(address: string): Promise<void> {
  const response = await fetch(`${inject('baseUrl')}/dev/faucet`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ address }),
  })
  expect(response.status).toBe(200)
}

/** A coin's balance as the wallet tab shows it (its asset row's text). */
export async function assetRowText(page: Page, symbol: string): Promise<string> {
  const row = page.locator('button', { has: page.getByText(symbol, { exact: true }) }).first()
  return (await row.count()) > 0 ? row.innerText() : ''
}

export type SendInput = {
  coin?: string
  /** An address-book entry to pick, or an address to type. */
  bookEntry?: string
  to?: string
  amount: string
  tier: 'fast' | 'recommend' | 'slow'
  password: string
  text?: string
  /** Warning dialogs expected on the way, in order (their titles). */
  warnings?: string[]
}

/** Fills the send form up to the confirm sheet (warnings accepted); returns the fee row's text. */
export async function fillSend(page: Page, input: Omit<SendInput, 'password'>): Promise<string> {
  await open(page, '/walletTransfer')
  await expect.poll(() => page.getByText(/^Balance: \d/).count()).toBe(1)
  if (input.coin) {
    await button(page, t.send.coin).click()
    await page.getByRole('listbox').getByText(input.coin, { exact: true }).click()
    await expect.poll(() => page.getByText(new RegExp(`^Balance: .* ${input.coin}$`)).count()).toBe(1)
  }
  if (input.bookEntry) {
    await button(page, t.send.book).click()
    await page.waitForURL(/#\/walletAddressList\?pick=1$/)
    await page.getByText(input.bookEntry, { exact: true }).click()
    await page.waitForURL(/#\/walletTransfer/)
  }
  if (input.to !== undefined) await field(page, t.send.to).fill(input.to)
  await field(page, t.send.amount).fill(input.amount)
  await page.getByRole('radio', { name: new RegExp(`^${t.send.fee[input.tier]}`) }).check()
  if (input.text) await field(page, t.send.data.textPlaceholder).fill(input.text)
  await button(page, t.send.next).click()
  for (const title of input.warnings ?? []) {
    await expect.poll(() => page.getByText(title, { exact: true }).count()).toBe(1)
    await button(page, t.send.warn.continue).click()
  }
  const sheet = page.getByRole('form', { name: t.send.confirm.title })
  await expect.poll(() => sheet.count()).toBe(1)
  return sheet
    .locator('div', { has: page.getByText(t.send.confirm.fee, { exact: true }) })
    .locator('dd')
    .innerText()
}

/** Confirms with the wallet password; resolves with the hash the detail screen opens on. */
export async function confirmSend(page: Page, password: string): Promise<`0x${string}`> {
  await field(page, 'Wallet password').fill(password)
  await button(page, t.send.confirm.submit).click()
  await page.waitForURL(/#\/transferResultHash\?hash=0x[0-9a-f]{64}$/, { timeout: 30_000 })
  return new URL(page.url()).hash.split('hash=')[1] as `0x${string}`
}

const detailDd = (page: Page, label: string) =>
  page.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd')

/** The value of a row of the transaction detail screen. */
export async function detailRow(page: Page, label: string): Promise<string> {
  return (await detailDd(page, label).innerText()).trim()
}

/** The exact amount of a row of the transaction detail screen: its `<data value>` (the row shows it for people). */
export async function detailExact(page: Page, label: string): Promise<string> {
  return (await detailDd(page, label).locator('data').getAttribute('value')) ?? ''
}

/**
 * Exchanges `amount` of `from` for `to` on the exchange screen, signed with the wallet password;
 * resolves when the chain has mined it (the screen says what came back).
 */
export async function swapThroughScreens(
  page: Page,
  input: { from: string; to: string; amount: string; password: string },
): Promise<void> {
  const x = t.exchange
  await open(page, '/walletExchange')
  for (const [picker, symbol] of [
    [x.chooseFrom, input.from],
    [x.chooseTo, input.to],
  ] as const) {
    await expect.poll(() => page.getByRole('button', { name: picker, exact: true }).count()).toBe(1)
    await page.getByRole('button', { name: picker, exact: true }).click()
    await page.getByRole('listbox', { name: picker }).getByText(symbol, { exact: true }).first().click()
  }
  await page.getByRole('textbox', { name: x.amount, exact: true }).fill(input.amount)
  const checked = new RegExp(`^${x.simulated.split('{{')[0]}`)
  await expect.poll(() => page.getByText(checked).count(), { timeout: 20_000 }).toBe(1)
  await button(page, x.review).click()
  const sheet = page.getByRole('form', { name: x.confirmTitle })
  await sheet.getByPlaceholder(t.form.walletPassword, { exact: true }).fill(input.password)
  await sheet.getByRole('button', { name: x.submit, exact: true }).click()
  await expect.poll(() => page.locator('p[data-status="success"]').count(), { timeout: 30_000 }).toBe(1)
}
