import { erc20Abi, formatUnits, parseUnits, type Address } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { fundedWallet } from '../../../test/chain.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { DEMO_PAIR } from '../../chain/artifacts.ts'
import { DEV_CONTRACTS } from '../../chain/networks.ts'
import { formatDecimal } from './money.ts'
import { dexPrices, tablePrices } from './prices.ts'
import { aSignedInUser, ok } from './wallet.testkit.ts'

const { bnbUsdtPair, kntUsdtPair, wbnb, usdt, knt } = DEV_CONTRACTS
const PRICE_PAIRS = JSON.stringify({ BNB: bnbUsdtPair, knt: kntUsdtPair })

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})
async function anApp(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await startTestApp(env)
  apps.push(app)
  return app
}

/** USDT per whole coin from the pair's reserves as the chain reports them (18 decimals on both sides). */
async function reservePrice(app: TestApp, pair: Address, coin: Address): Promise<string> {
  const read = (functionName: 'token0' | 'getReserves') =>
    app.chain.client.readContract({ address: pair, abi: DEMO_PAIR.abi, functionName })
  const token0 = (await read('token0')) as Address
  const [reserve0, reserve1] = (await read('getReserves')) as [bigint, bigint, number]
  const [coinReserve, usdtReserve] =
    token0.toLowerCase() === coin.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
  return formatUnits((usdtReserve * 10n ** 18n) / coinReserve, 18)
}

describe('prices from DEX pairs (PRICE_PAIRS)', () => {
  it('quotes BNB and KNT from their pairs on the chain and USDT from the table', async () => {
    const app = await anApp({ PRICE_PAIRS })
    const client = await aSignedInUser(app, 'prices')
    const { list } = await ok<{ list: { symbol: string; price_usd: string }[] }>(client, '/v1/marketvalue')
    expect(list).toEqual([
      { symbol: 'BNB', price_usd: await reservePrice(app, bnbUsdtPair, wbnb) },
      { symbol: 'USDT', price_usd: '1' },
      { symbol: 'KNT', price_usd: await reservePrice(app, kntUsdtPair, knt) },
    ])
  })

  it('follows the pair when its reserves move', async () => {
    const app = await anApp()
    const prices = dexPrices({
      chain: app.chain,
      pairs: { BNB: bnbUsdtPair },
      quotes: tablePrices(undefined),
      ttlMs: 0,
    })
    const before = (await prices.usd(['BNB'])).get('BNB')
    expect(formatDecimal(before!)).toBe(await reservePrice(app, bnbUsdtPair, wbnb))

    // someone adds 500 USDT to the pool: BNB is worth more USDT
    const trader = await fundedWallet()
    const sent = await trader.writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bnbUsdtPair, parseUnits('500', 18)],
    })
    await app.chain.client.waitForTransactionReceipt({ hash: sent })
    const synced = await trader.writeContract({ address: bnbUsdtPair, abi: DEMO_PAIR.abi, functionName: 'sync' })
    await app.chain.client.waitForTransactionReceipt({ hash: synced })

    const after = formatDecimal((await prices.usd(['BNB'])).get('BNB')!)
    expect(after).toBe(await reservePrice(app, bnbUsdtPair, wbnb))
    expect(Number(after)).toBeGreaterThan(Number(formatDecimal(before!)))
  })

  it('leaves a coin unpriced when its configured pair is not a pair, instead of showing the table price', async () => {
    const app = await anApp({ PRICE_PAIRS: JSON.stringify({ BNB: usdt }) })
    const client = await aSignedInUser(app, 'prices')
    const { list } = await ok<{ list: { symbol: string; price_usd: string }[] }>(client, '/v1/marketvalue')
    expect(list).toEqual([
      { symbol: 'BNB', price_usd: '' },
      { symbol: 'USDT', price_usd: '1' },
      { symbol: 'KNT', price_usd: '0.05' },
    ])
  })
})
