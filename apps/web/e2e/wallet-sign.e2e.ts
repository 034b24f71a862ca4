import type { Browser, Page } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  parseUnits,
  type Hash,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { accountFromMnemonic } from '@kinetic/wallet-core'
import { expect, test } from './fixtures.ts'
import { startDevChain } from '../../server/src/chain/devchain.ts'
import { RUN_ENV, startServer, type E2EServer } from './server.ts'
import { inject, open, useServer } from './support.ts'
import {
  button,
  confirmSend,
  createWalletThroughScreens,
  field,
  fillSend,
  fund,
  newAccountPage,
  t,
  walletAddress,
} from './wallet.support.ts'

const WALLET_PASSWORD = 'Zebra-Quartz-91'
const chain = () => createPublicClient({ transport: http(inject('chainRpcUrl')) })

/** The values of one row of the preview sheet ("You send", "You receive", "Fee", "Approvals granted"). */
async function previewRow(page: Page, label: string): Promise<string[]> {
  const preview = page.getByRole('region', { name: t.preview.title })
  await expect.poll(() => preview.locator('dt').count(), { message: 'the preview is shown' }).toBeGreaterThan(0)
  const row = preview.locator('dl > div', {
    has: page.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }),
  })
  return (await row.locator('dd').allInnerTexts()).map((text) => text.trim())
}

/**
 * The exact amounts of one row of the preview sheet (whole units, every digit): each amount's
 * `<data value>` (shown for people, 6 significant digits; the exact value is kept there and on tap).
 */
async function previewExact(page: Page, label: string): Promise<string[]> {
  const row = page.getByRole('region', { name: t.preview.title }).locator('dl > div', {
    has: page.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }),
  })
  return row.locator('dd data').evaluateAll((list) => list.map((el) => (el as HTMLDataElement).value))
}

/** The mined receipt of `hash` and what its gas cost the sender. */
async function feePaid(hash: Hash): Promise<bigint> {
  const receipt = await chain().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt.gasUsed * receipt.effectiveGasPrice
}

let browser: Browser
let page: Page
let address: `0x${string}`
let privateKey: `0x${string}`
let usdt: `0x${string}`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser: b }) => {
  test.setTimeout(240_000)
  browser = b
  page = await newAccountPage(browser, 'sign')
  const words = await createWalletThroughScreens(page, 'Main', WALLET_PASSWORD)
  address = await walletAddress(page)
  privateKey = accountFromMnemonic(words.join(' ')).privateKey as `0x${string}`
  await fund(address)
})

test.describe('see before you sign', () => {
  test('the preview of a BNB send and of a token send equals what moved on chain', async () => {
    test.setTimeout(180_000)
    const client = chain()
    const friend = privateKeyToAccount(generatePrivateKey()).address

    await fillSend(page, { to: friend, amount: '0.25', tier: 'recommend', warnings: [t.send.warn.firstTitle] })
    expect(await previewRow(page, t.preview.send)).toEqual(['-0.25 BNB'])
    const sent = parseUnits((await previewExact(page, t.preview.send))[0] ?? '', 18)
    expect(await previewRow(page, t.preview.receive)).toEqual(['—'])
    expect(await previewRow(page, t.preview.approvals)).toEqual([t.preview.none])
    const [fee] = await previewRow(page, t.preview.fee)
    expect(fee).toMatch(/^0\.\d+ BNB( ≈ \$[\d.,]+)?$/)
    const before = await client.getBalance({ address })
    const friendBefore = await client.getBalance({ address: friend })
    const bnbHash = await confirmSend(page, WALLET_PASSWORD)
    const paid = await feePaid(bnbHash)
    const after = await client.getBalance({ address })
    expect(before - after - paid).toBe(sent)
    expect((await client.getBalance({ address: friend })) - friendBefore).toBe(sent)
    // the fee shown is the most it can cost: gas limit × price, at least the gas paid
    expect(parseEther(fee?.split(' ')[0] ?? '')).toBeGreaterThanOrEqual(paid)

    await fillSend(page, { coin: 'USDT', to: friend, amount: '12.5', tier: 'fast' })
    expect(await previewRow(page, t.preview.send)).toEqual(['-12.5 USDT'])
    const tokenSent = await previewExact(page, t.preview.send)
    expect(await previewRow(page, t.preview.approvals)).toEqual([t.preview.none])
    const tokenHash = await confirmSend(page, WALLET_PASSWORD)
    const receipt = await client.waitForTransactionReceipt({ hash: tokenHash })
    usdt = getAddress(receipt.to as string)
    const decimals = await client.readContract({ address: usdt, abi: erc20Abi, functionName: 'decimals' })
    const tokenBefore = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: receipt.blockNumber - 1n,
    })
    const tokenAfter = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: receipt.blockNumber,
    })
    expect(tokenSent).toHaveLength(1)
    expect(tokenBefore - tokenAfter).toBe(parseUnits(tokenSent[0] ?? '', decimals))
  })

  test('a send the chain would revert is blocked with its reason', async () => {
    // the form refuses more than the balance: the server's balance is inflated for this page only
    // (every call is a POST to /v1/index naming its method in the form body)
    await page.route('**/v1/index', async (route) => {
      if (!route.request().postData()?.includes('method=%2Fv1%2Fgettransfer')) return route.fallback()
      const response = await route.fetch()
      const text = (await response.text()).replace(/"balance":"[^"]*"/, '"balance":"1000000000"')
      await route.fulfill({ response, body: text })
    })
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    await fillSend(page, {
      coin: 'USDT',
      to: stranger,
      amount: '5000',
      tier: 'recommend',
      warnings: [t.send.warn.firstTitle],
    })
    const alert = page.getByRole('region', { name: t.preview.title }).getByRole('alert')
    await expect.poll(() => alert.count()).toBe(1)
    expect(await alert.innerText()).toBe(
      'The transaction would fail, nothing was sent: transfer amount exceeds balance',
    )
    const submit = page.getByRole('button', { name: t.send.confirm.submit })
    await field(page, 'Wallet password').fill(WALLET_PASSWORD)
    await expect(submit).toBeDisabled()
    await page.unrouteAll()
  })
})

test.describe('token approvals', () => {
  test('an approval is listed, its revocation previewed and signed, and the allowance on chain is 0', async () => {
    test.setTimeout(120_000)
    const client = chain()
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const signer = createWalletClient({
      account: privateKeyToAccount(privateKey),
      chain: { ...foundry, id: await client.getChainId() },
      transport: http(inject('chainRpcUrl')),
    })
    const decimals = await client.readContract({ address: usdt, abi: erc20Abi, functionName: 'decimals' })
    const approved = await signer.writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, parseUnits('100', decimals)],
    })
    await client.waitForTransactionReceipt({ hash: approved })

    const item = page.getByRole('listitem', { name: `USDT ${spender}` })
    await open(page, '/walletApprovals')
    // listed once the indexer has seen the Approval log (the page reads the list when opened)
    await expect
      .poll(
        async () => {
          await page.reload()
          await expect.poll(() => page.getByText(t.approvals.intro, { exact: true }).count()).toBe(1)
          return item.count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    expect(await item.innerText()).toContain(`${t.approvals.amount}: 100 USDT`)

    await item.getByRole('button', { name: t.approvals.revoke }).click()
    const granted = await previewRow(page, t.preview.approvals)
    expect(granted).toHaveLength(1)
    expect(granted[0]).toMatch(new RegExp(`^0 USDT to ${spender.slice(0, 8)}.*${spender.slice(-6)}$`))
    expect(await previewRow(page, t.preview.send)).toEqual(['—'])
    expect(await previewRow(page, t.preview.receive)).toEqual(['—'])
    const tokenBefore = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    await field(page, 'Wallet password').fill(WALLET_PASSWORD)
    await button(page, t.approvals.revokeSubmit).click()

    await expect
      .poll(
        () =>
          client.readContract({ address: usdt, abi: erc20Abi, functionName: 'allowance', args: [address, spender] }),
        {
          timeout: 30_000,
        },
      )
      .toBe(0n)
    expect(
      await client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    ).toBe(tokenBefore)
    await page.reload()
    await expect.poll(() => page.getByText(t.approvals.empty, { exact: true }).count()).toBe(1)

    // history names the approval one and the revocation a revoke, not plain contract calls of 0 BNB
    await open(page, '/walletTransferRecordHistory')
    const titled = (text: string) =>
      text.replace('{{token}}', 'USDT').replace('{{spender}}', `${spender.slice(0, 6)}...${spender.slice(-4)}`)
    for (const title of [titled(t.history.approval), titled(t.history.revoke)])
      await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 30_000 }).toBe(1)
  })
})

test.describe('pending sends', () => {
  // Mining stops for this test: on a dev chain and a server of its own, so no other worker's
  // transactions (they share the run's chain, global-setup.ts) wait on it.
  test('a stuck send is sped up, another cancelled, both shown in history', async ({ server }) => {
    test.setTimeout(360_000)
    const ownChain = await startDevChain()
    let own: E2EServer | undefined
    let page: Page | undefined
    try {
      own = await startServer('sign-pending', { devChainUrl: ownChain.url })
      useServer(own)
      page = await newAccountPage(browser, 'pending')
      await createWalletThroughScreens(page, 'Pending', WALLET_PASSWORD)
      const address = await walletAddress(page)
      await fund(address)
      await pendingSends(page, address)
    } finally {
      useServer(server)
      await page?.context().close()
      await own?.stop()
      await ownChain.stop()
    }
  })
})

/** Sends that wait with mining off: one sped up, one cancelled; both replaced ones shown in history. */
async function pendingSends(page: Page, address: `0x${string}`): Promise<void> {
  const client = chain()
  expect(inject('chainRpcUrl')).not.toBe(process.env[RUN_ENV.chainRpcUrl])
  const friend = privateKeyToAccount(generatePrivateKey()).address
  const setAutomine = (on: boolean) => client.request({ method: 'evm_setAutomine', params: [on] } as never)
  const mine = () => client.request({ method: 'evm_mine', params: [] } as never)
  await setAutomine(false)
  // stuck: no block is mined until the test says so
  await fillSend(page, { to: friend, amount: '0.1', tier: 'recommend', warnings: [t.send.warn.firstTitle] })
  const stuck = await confirmSend(page, WALLET_PASSWORD)
  await expect.poll(() => page.getByText(t.tx.pending, { exact: true }).count()).toBe(1)
  const original = await client.getTransaction({ hash: stuck })

  await button(page, t.replace.speedUp).click()
  expect(await previewRow(page, t.preview.send)).toEqual(['-0.1 BNB'])
  await field(page, 'Wallet password').fill(WALLET_PASSWORD)
  await button(page, t.replace.submit).click()
  await page.waitForURL((url) => /hash=0x[0-9a-f]{64}$/.test(url.hash) && !url.hash.includes(stuck))
  const fast = new URL(page.url()).hash.split('hash=')[1] as Hash
  const faster = await client.getTransaction({ hash: fast })
  expect(faster.nonce).toBe(original.nonce)
  expect(faster.gasPrice).toBeGreaterThan(original.gasPrice as bigint)
  await mine()
  await feePaid(fast)
  expect(await client.getBalance({ address: friend })).toBe(parseEther('0.1'))

  // another stuck send, cancelled: 0 BNB to itself with the same nonce
  await fillSend(page, { to: friend, amount: '0.2', tier: 'recommend' })
  const doomed = await confirmSend(page, WALLET_PASSWORD)
  const doomedTx = await client.getTransaction({ hash: doomed })
  await button(page, t.replace.cancel).click()
  expect(await previewRow(page, t.preview.send)).toEqual(['—'])
  await field(page, 'Wallet password').fill(WALLET_PASSWORD)
  await button(page, t.replace.submit).click()
  await page.waitForURL((url) => /hash=0x[0-9a-f]{64}$/.test(url.hash) && !url.hash.includes(doomed))
  const cancel = new URL(page.url()).hash.split('hash=')[1] as Hash
  const cancelTx = await client.getTransaction({ hash: cancel })
  expect(cancelTx.nonce).toBe(doomedTx.nonce)
  expect(getAddress(cancelTx.to as string)).toBe(getAddress(address))
  expect(cancelTx.value).toBe(0n)
  await mine()
  await feePaid(cancel)
  expect(await client.getBalance({ address: friend })).toBe(parseEther('0.1'))

  // the replaced ones say so, on their detail and in the history
  await open(page, `/transferResultHash?hash=${stuck}`)
  await expect.poll(() => page.getByRole('status').innerText()).toBe(t.replace.sped_up)
  await open(page, `/transferResultHash?hash=${doomed}`)
  await expect.poll(() => page.getByRole('status').innerText()).toBe(t.replace.cancelled)
  await open(page, '/walletTransferRecordHistory')
  const stuckItem = page.locator(`a[href$="${stuck}"]`)
  const doomedItem = page.locator(`a[href$="${doomed}"]`)
  await expect.poll(() => stuckItem.innerText(), { timeout: 30_000 }).toContain(t.replace.sped_up)
  expect(await doomedItem.innerText()).toContain(t.replace.cancelled)
  await expect.poll(() => page.locator(`a[href$="${fast}"]`).count()).toBe(1)
  await expect.poll(() => page.locator(`a[href$="${cancel}"]`).count()).toBe(1)
}
