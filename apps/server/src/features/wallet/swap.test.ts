import type { swap } from '@kinetic/protocol'
import {
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type Client, type TestApp } from '../../../test/harness.ts'
import { ROUTER_ABI } from '../../chain/dex.ts'
import { DEV_CONTRACTS } from '../../chain/networks.ts'
import { chainDefinition } from '../../chain/viem.ts'
import { aFundedWallet, aSignedInUser, deployToken, indexChain, ok, refused, stopIndexer } from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await stopIndexer(app)
  await app?.close()
})

const { wbnb, usdt, knt, dexRouter } = DEV_CONTRACTS
type Coin = { id: number; symbol: string; contract: string | null }

/** A signed-in user with a faucet-funded wallet (10 BNB, 1000 USDT, 1000 KNT) and its coins by symbol. */
async function aTrader() {
  const { client, wallet } = await aFundedWallet(app, 'trader')
  const { assets } = await ok<{ assets: Coin[] }>(client, '/v1/walletbalance', { wallet_id: wallet.id })
  const coin = (symbol: string) => assets.find((a) => a.symbol === symbol) as Coin
  return { client, wallet, coin }
}

const quote = (client: Client, params: Record<string, unknown>) => ok<swap.SwapQuote>(client, '/v1/swap_quote', params)

/** What the router's getAmountsOut says right now. */
const amountsOut = async (amountIn: bigint, path: Address[]) =>
  (await app.chain.client.readContract({
    address: dexRouter,
    abi: ROUTER_ABI,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })) as readonly bigint[]

/** Signs a quote's call like the web app does (legacy, the quote's gas) and posts it; waits for it to be mined. */
async function signAndSend(
  client: Client,
  walletId: number,
  key: PrivateKeyAccount,
  call: swap.UnsignedCall,
  gasPrice: string,
) {
  const nonce = await app.chain.nonce(key.address)
  const raw = await key.signTransaction({
    type: 'legacy',
    chainId: 31337,
    to: call.to as Address,
    data: call.data as Hex,
    value: BigInt(call.value),
    gas: BigInt(call.gas_limit),
    gasPrice: BigInt(gasPrice),
    nonce,
  })
  const { hash } = await ok<{ hash: Hex }>(client, '/v1/transaction', { wallet_id: walletId, raw })
  return app.chain.client.waitForTransactionReceipt({ hash })
}

const balanceOf = (token: Address, owner: Address) =>
  app.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('quoting a swap', () => {
  it("quotes BNB → USDT at the router's getAmountsOut, with the minimum under the slippage and an eth_call of the swap", async () => {
    const { client, wallet, coin } = await aTrader()
    const q = await quote(client, {
      wallet_id: wallet.id,
      from_coin_id: coin('BNB').id,
      to_coin_id: coin('USDT').id,
      amount: '0.5',
      slippage: '1',
    })
    const [, out] = await amountsOut(parseEther('0.5'), [wbnb, usdt])
    expect(q.amount_out).toBe(formatToken(out as bigint))
    expect(q.minimum_received).toBe(formatToken(((out as bigint) * 9900n) / 10000n))
    expect(q).toMatchObject({ route: ['WBNB', 'USDT'], slippage: '1', approval: null, balance: '10' })
    expect(q.simulation).toEqual({ status: 'ok', reason: '', amount_out: q.amount_out })
    // 0.3 % of what goes in stays with the pair; the network fee is priced at the BNB feed ($600)
    expect(q.lp_fee).toBe('0.0015')
    expect(Number(q.network_fee_usd)).toBeCloseTo(Number(q.network_fee) * 600, 9)
    expect(Number(q.price_impact)).toBeGreaterThan(0)
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: q.swap.data as Hex })
    expect(call.functionName).toBe('swapExactETHForTokens')
    expect(q.swap).toMatchObject({ to: dexRouter, value: parseEther('0.5').toString() })
  })

  it('routes KNT → BNB through USDT, a token paired only with WBNB through WBNB, and refuses a token with no pair', async () => {
    const { client, wallet, coin } = await aTrader()
    const knToBnb = await quote(client, {
      wallet_id: wallet.id,
      from_coin_id: coin('KNT').id,
      to_coin_id: coin('BNB').id,
      amount: '100',
    })
    expect(knToBnb.route).toEqual(['KNT', 'USDT', 'WBNB'])
    const [, , viaUsdt] = await amountsOut(parseUnits('100', 18), [knt, usdt, wbnb])
    expect(knToBnb.amount_out).toBe(formatToken(viaUsdt as bigint))
    expect(knToBnb.simulation.status).toBe('after_approval')
    expect(knToBnb.approval).toMatchObject({ spender: dexRouter, amount: '100', unlimited: false })

    // a new token with a WBNB pair only: NEW → USDT goes NEW → WBNB → USDT
    const fresh = await deployToken(app, wallet.key, 'NEW')
    await addLiquidityEth(wallet.key, fresh, parseUnits('10000', 18), parseEther('2'))
    const added = await ok<{ coin: Coin }>(client, '/v1/coininfo', { wallet_id: wallet.id, contract: fresh })
    const newToUsdt = await quote(client, {
      wallet_id: wallet.id,
      from_coin_id: added.coin.id,
      to_coin_id: coin('USDT').id,
      amount: '50',
    })
    expect(newToUsdt.route).toEqual(['NEW', 'WBNB', 'USDT'])
    const [, , viaWbnb] = await amountsOut(parseUnits('50', 18), [fresh, wbnb, usdt])
    expect(newToUsdt.amount_out).toBe(formatToken(viaWbnb as bigint))

    const lonely = await deployToken(app, wallet.key, 'LONE')
    const lone = await ok<{ coin: Coin }>(client, '/v1/coininfo', { wallet_id: wallet.id, contract: lonely })
    const none = await refused(client, '/v1/swap_quote', {
      wallet_id: wallet.id,
      from_coin_id: lone.coin.id,
      to_coin_id: coin('USDT').id,
      amount: '1',
    })
    expect(none).toMatchObject({ error: 'SWAP_NO_ROUTE', msg: 'No exchange route with liquidity between these coins' })
  })

  it('takes 0.1, 0.5, 1 % and a custom slippage up to 50 %, and refuses more in the reader’s language', async () => {
    const { client, wallet, coin } = await aTrader()
    const params = { wallet_id: wallet.id, from_coin_id: coin('BNB').id, to_coin_id: coin('USDT').id, amount: '1' }
    for (const slippage of ['0.1', '0.5', '1', '2.5', '50']) {
      const q = await quote(client, { ...params, slippage })
      const bps = BigInt(Math.round(Number(slippage) * 100))
      expect(q.minimum_received).toBe(formatToken((parseUnits(q.amount_out, 18) * (10000n - bps)) / 10000n))
    }
    expect((await quote(client, params)).slippage).toBe('0.5')
    const tooHigh = (lang: string) =>
      client.call('/v1/swap_quote', { ...params, slippage: '50.01' }, { lang }).then((r) => r.body)
    expect(await tooHigh('us-en')).toMatchObject({
      code: false,
      error: 'SLIPPAGE_TOO_HIGH',
      msg: 'Slippage may be at most 50%',
    })
    expect(await tooHigh('zh-cn')).toMatchObject({ error: 'SLIPPAGE_TOO_HIGH', msg: '滑点最多为 50%' })
    expect(await tooHigh('zh-hk')).toMatchObject({ error: 'SLIPPAGE_TOO_HIGH', msg: '滑點最多為 50%' })
    expect((await refused(client, '/v1/swap_quote', { ...params, slippage: '0' })).error).toBe('FIELD_INVALID')
    expect((await refused(client, '/v1/swap_quote', { ...params, slippage: '0.001' })).error).toBe('FIELD_INVALID')
    const same = { ...params, to_coin_id: coin('BNB').id }
    expect((await refused(client, '/v1/swap_quote', same)).error).toBe('SWAP_SAME_COIN')
    // another user's wallet gets nothing
    const stranger = await aSignedInUser(app, 'stranger')
    expect((await refused(stranger, '/v1/swap_quote', params)).error).toBe('WALLET_NOT_FOUND')
  })
})

describe('swapping', () => {
  it('USDT → KNT: approves exactly the amount, then receives exactly the quoted amount', async () => {
    const { client, wallet, coin } = await aTrader()
    const params = { wallet_id: wallet.id, from_coin_id: coin('USDT').id, to_coin_id: coin('KNT').id, amount: '40' }
    const first = await quote(client, params)
    expect(first.simulation.status).toBe('after_approval')
    const approve = decodeFunctionData({ abi: erc20Abi, data: first.approval?.tx.data as Hex })
    expect(approve).toEqual({ functionName: 'approve', args: [dexRouter, parseUnits('40', 18)] })
    const unlimited = await quote(client, { ...params, unlimited_approval: true })
    expect(unlimited.approval).toMatchObject({ amount: '', unlimited: true })
    expect(decodeFunctionData({ abi: erc20Abi, data: unlimited.approval?.tx.data as Hex }).args?.[1]).toBe(maxUint256)

    const approval = first.approval as NonNullable<swap.SwapQuote['approval']>
    expect((await signAndSend(client, wallet.id, wallet.key, approval.tx, first.gas_price)).status).toBe('success')
    const allowance = await app.chain.client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.key.address, dexRouter],
    })
    expect(allowance).toBe(parseUnits('40', 18))

    const ready = await quote(client, params)
    expect(ready.approval).toBeNull()
    expect(ready.simulation).toEqual({ status: 'ok', reason: '', amount_out: ready.amount_out })
    const before = await balanceOf(knt, wallet.key.address)
    const receipt = await signAndSend(client, wallet.id, wallet.key, ready.swap, ready.gas_price)
    expect(receipt.status).toBe('success')
    expect((await balanceOf(knt, wallet.key.address)) - before).toBe(parseUnits(ready.amount_out, 18))
    expect(await balanceOf(usdt, wallet.key.address)).toBe(parseUnits('960', 18))
  })

  it('a price moved past the slippage after the quote: the swap reverts on chain and costs only gas', async () => {
    const { client, wallet, coin } = await aTrader()
    const q = await quote(client, {
      wallet_id: wallet.id,
      from_coin_id: coin('BNB').id,
      to_coin_id: coin('USDT').id,
      amount: '1',
      slippage: '0.1',
    })
    // someone else buys USDT with BNB first: less USDT for a BNB than the quote's minimum
    const whale = await aTrader()
    const whaleQuote = await quote(whale.client, {
      wallet_id: whale.wallet.id,
      from_coin_id: whale.coin('BNB').id,
      to_coin_id: whale.coin('USDT').id,
      amount: '5',
    })
    await signAndSend(whale.client, whale.wallet.id, whale.wallet.key, whaleQuote.swap, whaleQuote.gas_price)
    const moved = await quote(client, {
      wallet_id: wallet.id,
      from_coin_id: coin('BNB').id,
      to_coin_id: coin('USDT').id,
      amount: '1',
      slippage: '0.1',
    })
    expect(Number(moved.amount_out)).toBeLessThan(Number(q.minimum_received))

    const bnbBefore = await app.chain.client.getBalance({ address: wallet.key.address })
    const receipt = await signAndSend(client, wallet.id, wallet.key, q.swap, q.gas_price)
    expect(receipt.status).toBe('reverted')
    const bnbAfter = await app.chain.client.getBalance({ address: wallet.key.address })
    expect(bnbBefore - bnbAfter).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
    expect(await balanceOf(usdt, wallet.key.address)).toBe(parseUnits('1000', 18))
    // history: a failed swap, what was offered and nothing received
    await indexChain(app)
    const { list } = await ok<{ list: { hash: string; status: string; swap: unknown }[] }>(
      client,
      '/v1/wallethistory',
      {
        wallet_id: wallet.id,
      },
    )
    expect(list.filter((e) => e.hash === receipt.transactionHash)).toEqual([
      expect.objectContaining({
        status: 'failed',
        swap: {
          sent: expect.objectContaining({ amount: '1', coin: expect.objectContaining({ symbol: 'BNB' }) }),
          received: expect.objectContaining({ amount: '', coin: expect.objectContaining({ symbol: 'USDT' }) }),
        },
      }),
    ])
  })
})

/** Whole units of an 18-decimal token, as the server writes them. */
describe('history', () => {
  it('shows each swap as one entry with both legs, the BNB the router paid out included', async () => {
    const { client, wallet, coin } = await aTrader()
    const me = wallet.key.address
    const swapOnce = async (from: string, to: string, amount: string) => {
      const params = { wallet_id: wallet.id, from_coin_id: coin(from).id, to_coin_id: coin(to).id, amount }
      let q = await quote(client, params)
      if (q.approval) {
        await signAndSend(client, wallet.id, wallet.key, q.approval.tx, q.gas_price)
        q = await quote(client, params)
      }
      const bnbBefore = await app.chain.client.getBalance({ address: me })
      const receipt = await signAndSend(client, wallet.id, wallet.key, q.swap, q.gas_price)
      expect(receipt.status).toBe('success')
      const gas = receipt.gasUsed * receipt.effectiveGasPrice
      const bnbDelta = (await app.chain.client.getBalance({ address: me })) - bnbBefore + gas
      return { hash: receipt.transactionHash, quoted: q.amount_out, bnbDelta }
    }
    const bnbToUsdt = await swapOnce('BNB', 'USDT', '0.5')
    const usdtToBnb = await swapOnce('USDT', 'BNB', '100')
    const usdtToKnt = await swapOnce('USDT', 'KNT', '25')
    await indexChain(app)

    type Entry = {
      hash: string
      status: string
      swap: {
        sent: { coin: { symbol: string }; amount: string }
        received: { coin: { symbol: string }; amount: string }
      } | null
    }
    const { list } = await ok<{ list: Entry[] }>(client, '/v1/wallethistory', { wallet_id: wallet.id, limit: 100 })
    const entries = (hash: string) => list.filter((e) => e.hash === hash)
    for (const { hash } of [bnbToUsdt, usdtToBnb, usdtToKnt]) expect(entries(hash)).toHaveLength(1)
    expect(entries(bnbToUsdt.hash)[0]).toMatchObject({
      status: 'success',
      swap: {
        sent: { coin: { symbol: 'BNB' }, amount: '0.5' },
        received: { coin: { symbol: 'USDT' }, amount: bnbToUsdt.quoted },
      },
    })
    expect(entries(usdtToKnt.hash)[0]?.swap).toMatchObject({
      sent: { coin: { symbol: 'USDT' }, amount: '25' },
      received: { coin: { symbol: 'KNT' }, amount: usdtToKnt.quoted },
    })
    // the BNB leg is an internal transfer: read from WBNB's Withdrawal log, equal to what arrived
    const paidOut = usdtToBnb.bnbDelta
    expect(entries(usdtToBnb.hash)[0]?.swap).toMatchObject({
      sent: { coin: { symbol: 'USDT' }, amount: '100' },
      received: { coin: { symbol: 'BNB' }, amount: formatUnits(paidOut, 18) },
    })
    expect(formatUnits(paidOut, 18)).toBe(usdtToBnb.quoted)
    // the detail of the transaction carries both legs too
    const detail = await ok<{ transfers: Entry[] }>(client, '/v1/hash', { hash: usdtToBnb.hash })
    expect(detail.transfers[0]?.swap?.received.amount).toBe(usdtToBnb.quoted)
  })
})

const formatToken = (units: bigint) => formatUnits(units, 18)

/** Adds `tokens` of `token` and `bnb` as a new WBNB pair, from `key`. */
async function addLiquidityEth(key: PrivateKeyAccount, token: Address, tokens: bigint, bnb: bigint) {
  const { chain } = app.config
  const url = chain.rpcUrl as string
  const client = createWalletClient({
    account: key,
    chain: chainDefinition(chain.id, url, chain.multicall),
    transport: http(url),
  })
  const wait = async (hash: Hex) => {
    const receipt = await app.chain.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
  }
  await wait(
    await client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [dexRouter, tokens] }),
  )
  await wait(
    await client.writeContract({
      address: dexRouter,
      abi: ROUTER_ABI,
      functionName: 'addLiquidityETH',
      args: [token, tokens, tokens, bnb, key.address, maxUint256],
      value: bnb,
    }),
  )
}
