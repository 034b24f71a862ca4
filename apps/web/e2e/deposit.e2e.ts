import type { Page } from '@playwright/test'
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { expect, test } from './fixtures.ts'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import d from '../src/i18n/locales/en-US/discover.json' with { type: 'json' }
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import { consolePage, inject, open } from './support.ts'
import {
  button,
  createWalletThroughScreens,
  expectError,
  field,
  fund,
  newAccountPage,
  t,
  toastsGone,
  walletAddress,
} from './wallet.support.ts'

// Wallet KNT in: KNT the user sends from their own wallet to the treasury appears in
// the app once, after the chain confirms it, and can be staked; KNT a foreign address sends
// to the same treasury is not credited to anybody.

const WALLET_PASSWORD = 'Zebra-Quartz-91'
const chain = () => createPublicClient({ transport: http(inject('chainRpcUrl')) })

/** Waits until Discover shows `amount` as the in-app KNT balance (it reads fresh on opening). */
async function expectDiscoverBalance(page: Page, amount: string): Promise<void> {
  await open(page, '/find')
  await expect
    .poll(async () => (await page.getByTestId('balance').allInnerTexts()).map((s) => s.trim()))
    .toEqual([amount])
}

test('KNT sent from my own wallet is credited once and staked; KNT from a foreign address is not', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const page = await newAccountPage(browser, 'deposit')
  await createWalletThroughScreens(page, 'Deposit wallet', WALLET_PASSWORD)
  await fund(await walletAddress(page)) // 1000 KNT on the dev chain
  await expectDiscoverBalance(page, '0')

  // Discover → "Deposit from my wallet": the treasury address and the network are shown
  await button(page, d.deposit).click()
  await page.waitForURL(/#\/walletDeposit/)
  const treasury = (await page.getByTestId('deposit-treasury').innerText()).trim() as Address
  // shown (and copied) checksummed, as every address is
  expect(treasury).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(treasury).toBe(getAddress(treasury))
  expect(await page.getByTestId('deposit-network').innerText()).toBe(t.network.dev)

  // a foreign address sends KNT to the same treasury, before the user's deposit
  const stranger = privateKeyToAccount(generatePrivateKey())
  await fund(stranger.address)
  const foreign = await createWalletClient({
    account: stranger,
    chain: foundry,
    transport: http(inject('chainRpcUrl')),
  }).writeContract({
    address: DEV_CONTRACTS.knt,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [treasury, parseUnits('5', 18)],
  })
  expect((await chain().waitForTransactionReceipt({ hash: foreign })).status).toBe('success')

  // more than the wallet holds is refused before anything is signed
  await expect.poll(() => page.getByText(/^Balance: \d/).count()).toBe(1)
  await field(page, t.send.amount).fill('5000')
  await page.getByRole('radio', { name: new RegExp(`^${t.send.fee.recommend}`) }).check()
  await button(page, t.send.next).click()
  await expectError(page, 'INSUFFICIENT_BALANCE')
  expect(await page.getByRole('form', { name: t.send.confirm.title }).count()).toBe(0)
  await toastsGone(page)

  await field(page, t.send.amount).fill('40')
  await button(page, t.send.next).click()
  await expect.poll(() => page.getByRole('form', { name: t.send.confirm.title }).count()).toBe(1)
  await field(page, 'Wallet password').fill(WALLET_PASSWORD)
  await button(page, t.send.confirm.submit).click()
  await page.waitForURL(/#\/walletDeposit\?id=\d+&sent=0x[0-9a-f]{64}$/, { timeout: 30_000 })
  const hash = new URL(page.url()).hash.split('sent=')[1] as `0x${string}`

  // pending, then credited once the indexer has the confirmed block
  const rows = page.getByTestId('deposit')
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1)
  await expect.poll(() => rows.first().getAttribute('data-status'), { timeout: 60_000 }).toBe('credited')
  await expect.poll(() => page.getByText(t.deposit.status.credited, { exact: true }).count()).toBe(1)
  expect(await rows.first().innerText()).toContain(hash.slice(0, 8))
  expect(await rows.count()).toBe(1) // the foreign transfer is not the user's

  // exactly once: 40, not 45 (the foreign 5) nor 80, and it stays so
  await expectDiscoverBalance(page, '40')
  await page.reload()
  await expectDiscoverBalance(page, '40')

  // staked with the existing stake operation
  await button(page, d.stake).click()
  const sheet = page.locator('.adm-popup-body')
  await sheet.getByRole('textbox', { name: d.sheet.amount }).fill('40')
  await button(page, d.sheet.next).click()
  await expect.poll(() => sheet.getByText(d.sheet.confirmTitle, { exact: true }).count()).toBe(1)
  await sheet.getByRole('button', { name: d.stake, exact: true }).click()
  await expect.poll(() => page.getByTestId('balance').innerText(), { timeout: 15_000 }).toBe('0')

  // the operator finds the foreign transfer held in the console, credited to nobody
  const ops = await consolePage(browser)
  await ops.getByRole('button', { name: enAdmin.nav.deposits, exact: true }).click()
  const held = ops.getByRole('table', { name: enAdmin.nav.deposits }).locator('tbody tr', { hasText: foreign })
  await expect.poll(() => held.count()).toBe(1)
  expect(await held.innerText()).toContain(enAdmin.deposits.reasons.foreign)
  expect(await held.innerText()).toContain('5 KNT')
})
