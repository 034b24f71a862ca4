import type { Browser, Page } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ROUTER_ABI } from '../../server/src/chain/dex.ts'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import { expect, test } from './fixtures.ts'
import { inject, open } from './support.ts'
import { button, field, fund, newAccountPage, t } from './wallet.support.ts'

const WALLET_PASSWORD = 'Zebra-Quartz-91'
const { usdt, knt, wbnb, dexRouter } = DEV_CONTRACTS
const x = t.exchange
const chain = () => createPublicClient({ chain: foundry, transport: http(inject('chainRpcUrl')) })
const tokenBalance = (token: Address, owner: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** A signed-in English page with an imported wallet holding 10 BNB, 1000 USDT and 1000 KNT. */
async function tradingPage(): Promise<{ page: Page; address: Address }> {
  const page = await newAccountPage(browser, 'exchange')
  const key = generatePrivateKey()
  await open(page, '/walletAdd?tab=key')
  await field(page, t.import.key).fill(key)
  await field(page, t.form.name).fill('Trading')
  await field(page, t.form.password).fill(WALLET_PASSWORD)
  await field(page, t.form.repeatPassword).fill(WALLET_PASSWORD)
  await button(page, t.import.submit).click()
  await page.waitForURL(/#\/spot$/, { timeout: 20_000 })
  const address = privateKeyToAccount(key).address
  await fund(address)
  return { page, address }
}

async function pick(page: Page, picker: string, symbol: string) {
  await page.getByRole('button', { name: picker, exact: true }).click()
  await page.getByRole('listbox', { name: picker }).getByText(symbol, { exact: true }).first().click()
}

/** Fills the exchange form (after opening it) and waits for a quote the node could simulate. */
async function fillExchange(page: Page, input: { from: string; to: string; amount: string; slippage?: string }) {
  // a fresh form: the last exchange's result stays on the page until one leaves it
  await open(page, '/spot')
  await open(page, '/walletExchange')
  await expect.poll(() => page.getByRole('button', { name: x.chooseFrom, exact: true }).count()).toBe(1)
  await pick(page, x.chooseFrom, input.from)
  await pick(page, x.chooseTo, input.to)
  if (input.slippage) {
    await page.getByText(`${input.slippage}%`, { exact: true }).click()
    await expect.poll(() => page.getByRole('radio', { name: `${input.slippage}%`, exact: true }).isChecked()).toBe(true)
  }
  // the amount is named for what it is here, the amount to pay (its placeholder alone named it "Amount")
  await page.getByRole('textbox', { name: x.amount, exact: true }).fill(input.amount)
}

/** The value of a row of a confirmation sheet (the swap's, or the approval's when named). */
const sheetRow = (page: Page, label: string, sheet = x.confirmTitle) =>
  page
    .getByRole('form', { name: sheet })
    .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })
    .locator('dd')
    .innerText()

/** A preview amount as shown ("-0.5 BNB", "+1,234.5 USDT") in base units, with its symbol. */
function previewAmount(text: string, decimals = 18): { amount: bigint; symbol: string } {
  const [number, symbol] = text.trim().replace(/^[-+]/, '').replaceAll(',', '').split(' ')
  return { amount: parseUnits(number as string, decimals), symbol: symbol as string }
}

/**
 * Opens the confirmation sheet and reads its preview: what it says the wallet sends and
 * receives (exact, in base units) — the amounts the chain must then move.
 */
async function review(page: Page): Promise<{ sends: bigint; receives: bigint }> {
  await expect
    .poll(() => page.getByText(/^Checked against the network: you receive/).count(), { timeout: 20_000 })
    .toBe(1)
  await button(page, x.review).click()
  await expect.poll(() => page.getByRole('form', { name: x.confirmTitle }).count()).toBe(1)
  await expect.poll(() => sheetRow(page, t.preview.receive)).toMatch(/^\+/)
  return {
    sends: previewAmount(await sheetRow(page, t.preview.send)).amount,
    receives: previewAmount(await sheetRow(page, t.preview.receive)).amount,
  }
}

/** Signs with the wallet password; resolves with the hash the result links to. */
async function confirm(page: Page, submit: string): Promise<Hash> {
  const sheet = page.getByRole('form', { name: x.confirmTitle })
  await sheet.getByPlaceholder(t.form.walletPassword, { exact: true }).fill(WALLET_PASSWORD)
  await sheet.getByRole('button', { name: submit, exact: true }).click()
  const link = page.getByRole('link', { name: x.detail })
  await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1)
  return (await link.getAttribute('href'))?.split('hash=')[1] as Hash
}

test.describe('exchange on the dev chain’s Uniswap V2 router', () => {
  test('BNB → USDT and USDT → KNT receive exactly the quote; a moved price reverts at gas cost; history has one entry each', async () => {
    const { page, address } = await tradingPage()

    // BNB → USDT: no approval; the preview's "you send / you receive" are what the chain moves
    await fillExchange(page, { from: 'BNB', to: 'USDT', amount: '0.5' })
    const usdtBefore = await tokenBalance(usdt, address)
    const bnbBefore = await chain().getBalance({ address })
    const firstPreview = await review(page)
    expect(await sheetRow(page, t.preview.send)).toBe('-0.5 BNB')
    expect(await sheetRow(page, t.preview.receive)).toMatch(/^\+[\d,.]+ USDT$/)
    expect(await sheetRow(page, t.preview.approvals)).toBe(t.preview.none)
    expect(await sheetRow(page, t.preview.fee)).toMatch(/^[\d.]+ BNB ≈ \$/)
    expect(await sheetRow(page, x.lpFee)).toMatch(/^0\.0015 BNB ≈ \$0\.90?$/)
    expect(await sheetRow(page, x.deadline)).toMatch(/\d\d:\d\d/)
    const first = await confirm(page, x.submit)
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .getByText(
              x.done.replace('{{amount}}', formatUnits(firstPreview.receives, 18)).replace('{{symbol}}', 'USDT'),
            )
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1)
    const firstReceipt = await chain().getTransactionReceipt({ hash: first })
    expect(firstReceipt.status).toBe('success')
    expect((await tokenBalance(usdt, address)) - usdtBefore).toBe(firstPreview.receives)
    expect(
      bnbBefore - (await chain().getBalance({ address })) - firstReceipt.gasUsed * firstReceipt.effectiveGasPrice,
    ).toBe(firstPreview.sends)

    // USDT → KNT: the exact amount is approved first (its preview: nothing sent, the approval granted), then the swap
    await fillExchange(page, { from: 'USDT', to: 'KNT', amount: '40' })
    await button(page, x.approveFirst.replace('{{symbol}}', 'USDT')).click()
    await expect.poll(() => page.getByText(/^Allow the exchange contract .* to spend 40 USDT/).count()).toBe(1)
    const approveTitle = x.approveTitle.replace('{{symbol}}', 'USDT')
    await expect
      .poll(() => sheetRow(page, t.preview.approvals, approveTitle), { timeout: 20_000 })
      .toMatch(/^40 USDT to 0x/)
    expect(await sheetRow(page, t.preview.send, approveTitle)).toBe('—')
    expect(await sheetRow(page, t.preview.receive, approveTitle)).toBe('—')
    expect(await sheetRow(page, t.preview.fee, approveTitle)).toMatch(/^[\d.]+ BNB ≈ \$/)
    const usdtBeforeApproval = await tokenBalance(usdt, address)
    const approval = page.getByRole('form', { name: approveTitle })
    await approval.getByPlaceholder(t.form.walletPassword, { exact: true }).fill(WALLET_PASSWORD)
    await approval.getByRole('button', { name: x.approveSubmit, exact: true }).click()
    await expect.poll(() => button(page, x.review).count(), { timeout: 30_000 }).toBe(1)
    expect(
      await chain().readContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, dexRouter],
      }),
    ).toBe(parseUnits('40', 18))
    expect(await tokenBalance(usdt, address)).toBe(usdtBeforeApproval)
    const kntBefore = await tokenBalance(knt, address)
    const secondPreview = await review(page)
    expect(await sheetRow(page, t.preview.send)).toBe('-40 USDT')
    expect(await sheetRow(page, t.preview.approvals)).toBe(t.preview.none)
    const second = await confirm(page, x.submit)
    await expect.poll(() => page.locator('p[data-status="success"]').count(), { timeout: 30_000 }).toBe(1)
    await expect
      .poll(async () => (await chain().getTransactionReceipt({ hash: second })).status, { timeout: 30_000 })
      .toBe('success')
    expect((await tokenBalance(knt, address)) - kntBefore).toBe(secondPreview.receives)
    expect(usdtBeforeApproval - (await tokenBalance(usdt, address))).toBe(secondPreview.sends)

    // a price moved between the quote and the send: the swap reverts, the person loses only gas
    await fillExchange(page, { from: 'BNB', to: 'USDT', amount: '1', slippage: '0.1' })
    await review(page)
    await moveThePrice()
    const usdtHeld = await tokenBalance(usdt, address)
    const bnbHeld = await chain().getBalance({ address })
    const third = await confirm(page, x.submit)
    await expect.poll(() => page.getByText(x.failed, { exact: true }).count(), { timeout: 30_000 }).toBe(1)
    const receipt = await chain().getTransactionReceipt({ hash: third })
    expect(receipt.status).toBe('reverted')
    expect(await tokenBalance(usdt, address)).toBe(usdtHeld)
    expect(bnbHeld - (await chain().getBalance({ address }))).toBe(receipt.gasUsed * receipt.effectiveGasPrice)

    // history: each swap is one entry showing both legs
    await open(page, '/walletTransferRecordHistory')
    const entry = (hash: Hash) => page.locator(`a[href$="hash=${hash}"]`)
    await expect.poll(() => entry(second).count(), { timeout: 30_000 }).toBe(1)
    for (const hash of [first, second, third]) expect(await entry(hash).count(), hash).toBe(1)
    expect(await entry(first).innerText()).toContain('-0.5 BNB')
    expect(await entry(first).innerText()).toMatch(/\+[\d,.]+ USDT/)
    expect(await entry(second).innerText()).toContain('-40 USDT')
    expect(await entry(second).innerText()).toMatch(/\+[\d,.]+ KNT/)
    expect(await entry(third).getAttribute('data-status')).toBe('failed')
    await page.context().close()
  })
})

/** Someone else buys USDT with 5 BNB on the BNB/USDT pair: a BNB now buys less than the 0.1 % minimum. */
async function moveThePrice(): Promise<void> {
  const whale = privateKeyToAccount(generatePrivateKey())
  await fund(whale.address)
  const wallet = createWalletClient({ account: whale, chain: foundry, transport: http(inject('chainRpcUrl')) })
  const hash = await wallet.writeContract({
    address: dexRouter,
    abi: ROUTER_ABI,
    functionName: 'swapExactETHForTokens',
    args: [0n, [wbnb, usdt], whale.address, maxUint256],
    value: parseEther('5'),
  })
  expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
}
