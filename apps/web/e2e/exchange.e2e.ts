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
  await field(page, t.send.amount).fill(input.amount)
}

/** The value of a row of the swap confirmation sheet. */
const sheetRow = (page: Page, label: string) =>
  page
    .getByRole('form', { name: x.confirmTitle })
    .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .innerText()

/** Opens the confirmation sheet and reads the amount the router quoted (exact, in base units). */
async function review(page: Page, decimals = 18): Promise<bigint> {
  await expect
    .poll(() => page.getByText(/^Checked against the network: you receive/).count(), { timeout: 20_000 })
    .toBe(1)
  await button(page, x.review).click()
  await expect.poll(() => page.getByRole('form', { name: x.confirmTitle }).count()).toBe(1)
  const receive = (await sheetRow(page, x.youReceive)).trim()
  return parseUnits(receive.split(' ')[0] as string, decimals)
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

    // BNB → USDT: no approval, the confirmation shows the simulated amount, exactly what arrives
    await fillExchange(page, { from: 'BNB', to: 'USDT', amount: '0.5' })
    const usdtBefore = await tokenBalance(usdt, address)
    const quotedUsdt = await review(page)
    expect(await sheetRow(page, x.youSend)).toBe('0.5 BNB')
    expect(await sheetRow(page, x.fee)).toMatch(
      /^Liquidity provider fee: 0\.0015 BNB ≈ \$0\.90?\nNetwork fee: [\d.]+ BNB ≈ \$/,
    )
    const first = await confirm(page, x.submit)
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .getByText(x.done.replace('{{amount}}', formatUnits(quotedUsdt, 18)).replace('{{symbol}}', 'USDT'))
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1)
    expect((await chain().getTransactionReceipt({ hash: first })).status).toBe('success')
    expect((await tokenBalance(usdt, address)) - usdtBefore).toBe(quotedUsdt)

    // USDT → KNT: the exact amount is approved first, then the swap receives the quote
    await fillExchange(page, { from: 'USDT', to: 'KNT', amount: '40' })
    await button(page, x.approveFirst.replace('{{symbol}}', 'USDT')).click()
    await expect.poll(() => page.getByText(/^Allow the exchange contract .* to spend 40 USDT/).count()).toBe(1)
    const approval = page.getByRole('form', { name: x.approveTitle.replace('{{symbol}}', 'USDT') })
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
    const kntBefore = await tokenBalance(knt, address)
    const quotedKnt = await review(page)
    const second = await confirm(page, x.submit)
    await expect.poll(() => page.locator('p[data-status="success"]').count(), { timeout: 30_000 }).toBe(1)
    await expect
      .poll(async () => (await chain().getTransactionReceipt({ hash: second })).status, { timeout: 30_000 })
      .toBe('success')
    expect((await tokenBalance(knt, address)) - kntBefore).toBe(quotedKnt)

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
