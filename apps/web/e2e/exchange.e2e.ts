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
import { exactTokenAmount, formatTokenAmount } from '@kinetic/protocol'
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

/**
 * The exact amount of a sheet row, in base units: its `<data value>` (the row shows it for people,
 * 6 significant digits; the exact value, to the wei, is kept there and shown on tap).
 */
async function exactRow(page: Page, label: string, decimals = 18): Promise<bigint> {
  const value = await page
    .getByRole('form', { name: x.confirmTitle })
    .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })
    .locator('dd data')
    .getAttribute('value')
  return parseUnits(value ?? '', decimals)
}

/** Shown for people: grouped, at most 6 significant digits and 8 places (the exact value is on tap). */
const FOR_PEOPLE = /^[-+]?(?:\d{1,3}(?:,\d{3})*(?:\.\d{1,8})?|<0\.00000001) [A-Z]+$/
const significant = (text: string) => text.replace(/[^\d]/g, '').replace(/^0+/, '').length

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
    sends: await exactRow(page, t.preview.send),
    receives: await exactRow(page, t.preview.receive),
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
    // every amount of the sheet for people (no 18 places beside 8), the exact one on tap
    for (const label of [t.preview.receive, x.minimum]) {
      const shown = await sheetRow(page, label)
      expect(shown, label).toMatch(FOR_PEOPLE)
      expect(significant(shown), label).toBeLessThanOrEqual(6)
    }
    expect(await sheetRow(page, t.preview.fee)).toMatch(/^\d+(?:\.\d{1,8})? BNB ≈ \$/)
    const receiveRow = page
      .getByRole('form', { name: x.confirmTitle })
      .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${t.preview.receive}$`) }) })
    await receiveRow.getByRole('button').click()
    await expect
      .poll(() => receiveRow.locator('dd').innerText())
      .toBe(`+${exactTokenAmount(formatUnits(firstPreview.receives, 18))} USDT`)
    await receiveRow.getByRole('button').click()
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
              x.done
                .replace('{{amount}}', formatTokenAmount(formatUnits(firstPreview.receives, 18)))
                .replace('{{symbol}}', 'USDT'),
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

    // 375 px wide: each entry's time stays on one line, and no line starts with its separator
    await page.setViewportSize({ width: 375, height: 812 })
    for (const route of ['/walletTransferRecord', '/walletTransferRecordHistory']) {
      await open(page, route)
      await expect.poll(() => entry(second).count(), { timeout: 30_000 }).toBe(1)
      for (const hash of [first, second, third]) {
        // the entry's second line: the innermost box holding the other address and the time
        const sub = entry(hash)
          .locator('span')
          .filter({ hasText: /0x[\s\S]*\d{1,2}:\d{2}/ })
          .last()
        const lines = await sub.evaluate(subLines)
        expect(lines.time, `${route} ${hash}: the time on one line`).toBe(1)
        expect(lines.startsWithSeparator, `${route} ${hash}: ${lines.texts.join(' / ')}`).toBe(false)
      }
    }
    // the detail: the amount received for people, exact on tap; the fee too
    await open(page, `/transferResultHash?hash=${first}`)
    const received = page.locator('data').filter({ hasText: /^\+/ }).first()
    await expect
      .poll(() => received.getAttribute('value'), { timeout: 30_000 })
      .toBe(formatUnits(firstPreview.receives, 18))
    expect(significant((await received.innerText()).trim())).toBeLessThanOrEqual(6)
    await page.context().close()
  })
})

/**
 * The visible lines of a history entry's second line (the other address and the time): how many
 * lines the time's text takes, and whether a line starts with the "·" separator. A text that
 * stands outside the line's box (clipped) is not seen.
 */
function subLines(sub: Element): { time: number; startsWithSeparator: boolean; texts: string[] } {
  const box = sub.getBoundingClientRect()
  // one line per vertical band: texts in two fonts (the address is monospace) sit a pixel or two apart
  const lines: { middle: number; time: boolean; pieces: { left: number; text: string }[] }[] = []
  const lineAt = (middle: number) => {
    let line = lines.find((l) => Math.abs(l.middle - middle) < 5)
    if (!line) lines.push((line = { middle, time: false, pieces: [] }))
    return line
  }
  const walker = document.createTreeWalker(sub, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    if (text === '') continue
    const range = document.createRange()
    range.selectNodeContents(node)
    for (const r of range.getClientRects()) {
      // a text outside the line's box (clipped) is not seen
      if (r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1) continue
      const line = lineAt((r.top + r.bottom) / 2)
      line.pieces.push({ left: r.left, text })
      if (/\d{1,2}:\d{2}/.test(text)) line.time = true
    }
  }
  const texts = lines
    .sort((a, b) => a.middle - b.middle)
    .map((line) =>
      line.pieces
        .sort((a, b) => a.left - b.left)
        .map((p) => p.text)
        .join(' '),
    )
  return {
    time: lines.filter((l) => l.time).length,
    startsWithSeparator: texts.some((text) => text.startsWith('·')),
    texts,
  }
}

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
