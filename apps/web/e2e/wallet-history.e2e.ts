import { earn, wallet as protocol } from '@kinetic/protocol'
import type { Browser, Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { readFile } from 'node:fs/promises'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  type Address,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import { expect, test } from './fixtures.ts'
import cnCommon from '../src/i18n/locales/zh-CN/common.json' with { type: 'json' }
import cnEarn from '../src/i18n/locales/zh-CN/earn.json' with { type: 'json' }
import enCommon from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import { inject, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import { button, field, fund, newAccountPage, t } from './wallet.support.ts'

const PASSWORD = 'Harbor-Quill-58'

/** Sends `amount` USDT from `key` (signed here, not in the app) and waits until it is mined. */
async function sendUsdt(key: PrivateKeyAccount, to: Address, amount: bigint) {
  const transport = http(inject('chainRpcUrl'))
  const hash = await createWalletClient({ account: key, chain: foundry, transport }).sendTransaction({
    to: DEV_CONTRACTS.usdt,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  })
  await createPublicClient({ chain: foundry, transport }).waitForTransactionReceipt({ hash })
  return hash
}

/** A new English account whose current wallet is `key`, imported through the screens. */
async function pageWithWallet(browser: Browser, name: string, key: PrivateKeyAccount): Promise<Page> {
  const page = await newAccountPage(browser, name)
  await open(page, '/walletAdd?tab=key')
  await field(page, t.import.key).fill(keyOf.get(key) ?? '')
  await field(page, t.form.password).fill(PASSWORD)
  await field(page, t.form.repeatPassword).fill(PASSWORD)
  await button(page, t.import.submit).click()
  await page.waitForURL(/#\/spot$/, { timeout: 20_000 })
  return page
}

const keyOf = new Map<PrivateKeyAccount, `0x${string}`>()
function aKey(): PrivateKeyAccount {
  const secret = generatePrivateKey()
  const key = privateKeyToAccount(secret)
  keyOf.set(key, secret)
  return key
}

const randomHex = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => (b % 16).toString(16)).join('')
/** Another address with the same first and last 4 hex characters: what a poisoner makes. */
const lookAlikeOf = (address: string): Address =>
  getAddress(`0x${address.slice(2, 6)}${randomHex(32)}${address.slice(-4)}`)

/** The history rows on screen: the other party's short form, the amount text, marked or not. */
async function historyRows(page: Page) {
  return page.locator('a[data-direction]').evaluateAll((links) =>
    links.map((a) => ({
      text: (a as HTMLElement).innerText.replace(/\s+/g, ' '),
      suspicious: a.getAttribute('data-suspicious') === 'true',
    })),
  )
}

test('a dust transfer of USDT from a look-alike address is hidden by default and shown, marked, by the toggle', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const wallet = aKey()
  // the poisoner holds a key; the wallet's friend is a look-alike of it (the test chooses the
  // friend's address to match, which is what grinding would find the other way round)
  const poisoner = aKey()
  const friend = lookAlikeOf(poisoner.address)
  // the indexer follows the wallet once the app has it
  const page = await pageWithWallet(browser, 'dust', wallet)
  await fund(wallet.address)
  await fund(poisoner.address)
  await sendUsdt(wallet, friend, parseEther('5'))
  await sendUsdt(poisoner, wallet.address, parseEther('0.001'))
  await open(page, '/walletTransferRecordHistory')
  await expect
    .poll(async () => (await historyRows(page)).map((r) => r.text).join('\n'), { timeout: 30_000 })
    .toMatch(/-5 USDT/)
  const shown = await historyRows(page)
  expect(shown.some((r) => r.text.includes('0.001'))).toBe(false)
  expect(shown.some((r) => r.suspicious)).toBe(false)

  await page.getByRole('switch', { name: t.history.showSuspicious }).click()
  await expect.poll(async () => (await historyRows(page)).filter((r) => r.suspicious).length).toBe(1)
  const [marked] = (await historyRows(page)).filter((r) => r.suspicious)
  expect(marked?.text).toContain(t.history.suspicious)
  expect(marked?.text).toContain('+0.001 USDT')
  expect(marked?.text).toContain(poisoner.address.slice(0, 6))

  await page.getByRole('switch', { name: t.history.showSuspicious }).click()
  await expect.poll(async () => (await historyRows(page)).filter((r) => r.suspicious).length).toBe(0)

  // the CSV of today holds what the history shows (the dust left out), amounts exact
  const rows = await historyRows(page)
  await page.getByRole('button', { name: enCommon.export.button }).click()
  const sheet = page.getByRole('form', { name: t.history.exportTitle })
  await expect.poll(() => sheet.count()).toBe(1)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('button', { name: enCommon.export.download }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    new RegExp(
      `^wallet-history_${wallet.address.slice(0, 6)}-${wallet.address.slice(-4)}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`,
    ),
  )
  const text = await readFile(await download.path(), 'utf8')
  expect(text.split('\r\n')[0]).toBe(`\uFEFF${protocol.WALLET_CSV_COLUMNS.join(',')}`)
  const csv = parse(text, { bom: true, columns: true }) as Record<string, string>[]
  expect(csv).toHaveLength(rows.length)
  expect(csv.map((r) => `${r.direction} ${r.amount} ${r.symbol}`).sort()).toEqual(
    ['income 10 BNB', 'income 1000 USDT', 'income 1000 KNT', 'outgo 5 USDT'].sort(),
  )
  expect(csv.every((r) => /[+-]\d{2}:\d{2}$/.test(r.time ?? ''))).toBe(true)
  await page.context().close()
})

test("the rewards and shop ledger downloads as CSV from a sheet in the user's language", async ({ browser }) => {
  const page = await newPhonePage(browser)
  await registerThroughForm(page, uniqueEmail('ledger-csv'), 'walk1234')
  await open(page, '/tradingHistory')
  await page.getByRole('button', { name: cnCommon.export.button }).click()
  const sheet = page.getByRole('form', { name: cnEarn.history.exportTitle })
  await expect.poll(() => sheet.getByText(cnCommon.export.note, { exact: true }).count()).toBe(1)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('button', { name: cnCommon.export.download }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^奖励与商城明细_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile(await download.path(), 'utf8')
  const csv = parse(text, { bom: true, columns: true }) as Record<string, string>[]
  expect(Object.keys(csv[0] ?? Object.fromEntries(earn.LEDGER_CSV_COLUMNS.map((c) => [c, ''])))).toEqual([
    ...earn.LEDGER_CSV_COLUMNS,
  ])
  expect(text.split('\r\n')[0]).toBe(`\uFEFF${earn.LEDGER_CSV_COLUMNS.join(',')}`)
  await page.context().close()
})
