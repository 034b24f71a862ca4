import type { Page, Request } from '@playwright/test'
import pg from 'pg'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import cnWallet from '../src/i18n/locales/zh-CN/wallet.json' with { type: 'json' }
import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import twWallet from '../src/i18n/locales/zh-TW/wallet.json' with { type: 'json' }
import { expect, test } from './fixtures.ts'
import { inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import {
  button,
  createWalletThroughScreens,
  expectToast,
  field,
  newAccountPage,
  t,
  walletAddress,
  type Lang,
  type WalletTexts,
} from './wallet.support.ts'

/**
 * Proof of control (docs/adr/2026-11-28-proof-of-control.md): creating and importing a wallet
 * take the same steps for a person as before — the challenge is signed on the device right after
 * the password, with no screen of its own — and an old wallet proves itself from the wallet page.
 */

const WALLET_PASSWORD = 'Quartz-Lemon-58'
const LOCALES = [
  { locale: 'en-US', lang: 'us-en', account: enAccount, wallet: t },
  { locale: 'zh-CN', lang: 'zh-cn', account: cnAccount, wallet: cnWallet },
  { locale: 'zh-TW', lang: 'zh-hk', account: twAccount, wallet: twWallet },
] as const

/** The API methods the page calls, in order (the web posts `method=…` to /v1/index). */
function methodsCalled(page: Page): string[] {
  const called: string[] = []
  page.on('request', (request: Request) => {
    const method = /(?:^|&)method=([^&]+)/.exec(request.postData() ?? '')?.[1]
    if (method) called.push(decodeURIComponent(method))
  })
  return called
}

/** What the wallet home answers for the current wallet (its `proven`). */
async function currentWallet(page: Page): Promise<{ address: string; proven: boolean }> {
  const answer = page.waitForResponse((r) => (r.request().postData() ?? '').includes('method=%2Fv1%2Fwalletindex'))
  await open(page, '/spot')
  return ((await (await answer).json()) as { data: { wallet: { address: string; proven: boolean } } }).data.wallet
}

/** Imports a private key through the import screen in `w`'s language. */
async function importKey(page: Page, w: WalletTexts, key: string, name: string): Promise<void> {
  await open(page, '/walletAdd?tab=key')
  await field(page, w.import.key).fill(key)
  await field(page, w.form.name).fill(name)
  await field(page, w.form.password).fill(WALLET_PASSWORD)
  await field(page, w.form.repeatPassword).fill(WALLET_PASSWORD)
  await button(page, w.import.submit).click()
  await page.waitForURL(/#\/spot$/, { timeout: 30_000 })
}

for (const { locale, lang, account, wallet: w } of LOCALES) {
  test(`creating and importing a wallet take the same steps, the proof signed silently after the password (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const page = await newPhonePage(browser, locale)
    await registerThroughForm(page, uniqueEmail(`proof-${locale}`), 'walk1234', account)
    const called = methodsCalled(page)

    // the same screens as ever (the helper asserts each step), and no step about a proof
    await createWalletThroughScreens(page, `Mine ${locale}`, WALLET_PASSWORD, w, lang as Lang)
    const challenge = called.indexOf('/v1/walletchallenge')
    expect(challenge).toBeGreaterThanOrEqual(0)
    expect(called.indexOf('/v1/walletcreate')).toBeGreaterThan(challenge)
    expect(await currentWallet(page)).toMatchObject({ proven: true })
    expect(await page.getByText(w.prove.title, { exact: true }).count()).toBe(0)

    const key = generatePrivateKey()
    await importKey(page, w, key, `Key ${locale}`)
    expect(called.lastIndexOf('/v1/walletchallenge')).toBeLessThan(called.indexOf('/v1/import'))
    expect(await currentWallet(page)).toMatchObject({ address: privateKeyToAccount(key).address, proven: true })
    expect(await page.getByText(w.prove.title, { exact: true }).count()).toBe(0)
  })
}

test('an old wallet shows a "prove it\'s yours" step on the wallet page: password, sign, done', async ({ browser }) => {
  test.setTimeout(180_000)
  const page = await newAccountPage(browser, 'old-wallet')
  const key = generatePrivateKey()
  await importKey(page, t, key, 'Old')
  const address = await walletAddress(page)

  // as the migration left every wallet stored before proofs
  const db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
  try {
    await db.query('UPDATE wallets SET proven_at = NULL WHERE lower(address) = lower($1)', [address])
  } finally {
    await db.end()
  }

  expect(await currentWallet(page)).toMatchObject({ proven: false })
  const banner = page.getByRole('region', { name: t.prove.title })
  await expect.poll(() => banner.getByText(t.prove.why, { exact: true }).count()).toBe(1)
  await banner.getByRole('button', { name: t.prove.start }).click()
  const sheet = page.getByRole('form', { name: t.prove.title })
  await sheet.getByPlaceholder(t.form.walletPassword, { exact: true }).fill('not-the-password-1')
  await sheet.getByRole('button', { name: t.prove.submit }).click()
  await expect.poll(() => sheet.getByRole('alert').count()).toBe(1)
  await sheet.getByPlaceholder(t.form.walletPassword, { exact: true }).fill(WALLET_PASSWORD)
  await sheet.getByRole('button', { name: t.prove.submit }).click()
  await expectToast(page, t.prove.done)
  await expect.poll(() => page.getByText(t.prove.why, { exact: true }).count()).toBe(0)
  expect(await currentWallet(page)).toMatchObject({ address, proven: true })
})
