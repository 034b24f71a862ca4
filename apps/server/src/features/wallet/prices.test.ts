import type { wallet } from '@kinetic/protocol'
import { parseEther } from 'viem'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { fundedWallet } from '../../../test/chain.ts'
import { Client, startAppOn, startTestApp, type TestApp } from '../../../test/harness.ts'
import { deployDevFeed } from '../../chain/dev-contracts.ts'
import { DEV_CONTRACTS, DEV_FEED_ANSWERS, type PriceFeed } from '../../chain/networks.ts'
import { formatDecimal } from './money.ts'
import { feedPrice } from './prices.ts'
import { aSignedInUser, blockSeen, createWallet, fund, ok } from './wallet.testkit.ts'

type Home = { assets: wallet.Asset[]; total_usd: string; unpriced: string[]; network: wallet.Network }

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})
async function anApp(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await startTestApp(env)
  apps.push(app)
  return app
}

/** An app whose BNB is priced by a feed of this test's own (the shared dev chain's feeds stay as they are). */
async function anAppWithOwnBnbFeed(usd: string): Promise<TestApp> {
  const feed = await deployDevFeed(inject('chainRpcUrl'), 'BNB', usd)
  return anApp({ PRICE_FEEDS: JSON.stringify({ BNB: feed }) })
}

async function setPrice(app: TestApp, payload: Record<string, unknown>) {
  return app.server.inject({ method: 'POST', url: '/dev/price', payload })
}

const row = (home: Home, symbol: string) => home.assets.find((a) => a.symbol === symbol)

describe('a price from a feed', () => {
  const feed: PriceFeed = { address: DEV_CONTRACTS.bnbUsdFeed, maxAgeS: 3600 }
  const at = 1_800_000_000n

  it('is the answer at the feed’s decimals while it is younger than the limit', () => {
    const price = feedPrice(feed, { answer: 61_250_000_000n, decimals: 8, updatedAt: at - 3600n }, at)
    expect(formatDecimal(price!)).toBe('612.5')
  })

  it('is none when stale, not positive, from the future or missing', () => {
    const round = { answer: 61_250_000_000n, decimals: 8, updatedAt: at }
    expect(feedPrice(feed, { ...round, updatedAt: at - 3601n }, at)).toBeUndefined()
    expect(feedPrice(feed, { ...round, answer: 0n }, at)).toBeUndefined()
    expect(feedPrice(feed, { ...round, answer: -5n }, at)).toBeUndefined()
    expect(feedPrice(feed, { ...round, updatedAt: 0n }, at)).toBeUndefined()
    expect(feedPrice(feed, { ...round, updatedAt: at + 1n }, at)).toBeUndefined()
    expect(feedPrice(feed, undefined, at)).toBeUndefined()
  })
})

describe('wallet prices from the chain’s feeds', () => {
  it('prices the dev chain’s coins from its deployed feeds', async () => {
    const app = await anApp()
    const client = await aSignedInUser(app, 'prices')
    const { list } = await ok<{ list: { symbol: string; price_usd: string }[] }>(client, '/v1/marketvalue')
    // the shared dev chain's feeds: other files may move them only through feeds of their own
    expect(list).toEqual([
      { symbol: 'BNB', price_usd: DEV_FEED_ANSWERS.BNB },
      { symbol: 'USDT', price_usd: DEV_FEED_ANSWERS.USDT },
      { symbol: 'KNT', price_usd: DEV_FEED_ANSWERS.KNT },
    ])
  })

  it('moves the wallet’s USD value when the feed’s answer moves, and leaves a stale coin out of the total', async () => {
    const app = await anAppWithOwnBnbFeed('600')
    const client = await aSignedInUser(app, 'prices')
    const mine = await createWallet(client)
    await fund(app, mine.key.address) // 10 BNB, 1000 USDT, 1000 KNT

    let home = await ok<Home>(client, '/v1/walletindex')
    expect(row(home, 'BNB')).toMatchObject({ balance: '10', price_usd: '600', value_usd: '6000' })
    expect(home).toMatchObject({ total_usd: '7050', unpriced: [] })

    expect((await setPrice(app, { symbol: 'bnb', usd: '612.5' })).statusCode).toBe(200)
    home = await ok<Home>(client, '/v1/walletindex')
    expect(row(home, 'BNB')).toMatchObject({ price_usd: '612.5', value_usd: '6125' })
    expect(home).toMatchObject({ total_usd: '7175', unpriced: [] })

    // updated two hours ago: past BNB's 75-minute limit
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200
    expect((await setPrice(app, { symbol: 'BNB', usd: '700', updated_at: twoHoursAgo })).statusCode).toBe(200)
    home = await ok<Home>(client, '/v1/walletindex')
    expect(row(home, 'BNB')).toMatchObject({ balance: '10', price_usd: '', value_usd: '' })
    expect(home).toMatchObject({ total_usd: '1050', unpriced: ['BNB'] })
    const { tiers } = await ok<{ tiers: wallet.FeeTier[] }>(client, '/v1/gas_price', {
      wallet_id: mine.id,
      coin_id: row(home, 'BNB')!.id,
    })
    expect(tiers.map((t) => t.fee_usd)).toEqual(['', '', ''])
  })

  it('shows a fee in USD when BNB has a price', async () => {
    const app = await anAppWithOwnBnbFeed('500')
    const client = await aSignedInUser(app, 'prices')
    const mine = await createWallet(client)
    const home = await ok<Home>(client, '/v1/walletindex')
    const { tiers } = await ok<{ tiers: wallet.FeeTier[] }>(client, '/v1/gas_price', {
      wallet_id: mine.id,
      coin_id: row(home, 'BNB')!.id,
    })
    for (const tier of tiers) expect(Number(tier.fee_usd)).toBeCloseTo(Number(tier.fee) * 500, 12)
  })

  it('refuses to set a price for a coin without a feed or a bad value', async () => {
    const app = await anApp()
    expect((await setPrice(app, { symbol: 'DOGE', usd: '1' })).statusCode).toBe(400)
    expect((await setPrice(app, { symbol: 'BNB', usd: '-1' })).statusCode).toBe(400)
    expect((await setPrice(app, { symbol: 'BNB', usd: '1', updated_at: 'soon' })).statusCode).toBe(400)
  })

  it('never shows a price on BNB Smart Chain (56) when no feed answers', async () => {
    // the BSC feed addresses hold no contract on this node: nothing answers latestRoundData
    // development mode refuses chain 56: the person signs up on a dev-mode app, then uses a
    // production-mode app on the same database that takes this node for BNB Smart Chain
    const dev = await anApp()
    const signedUp = await aSignedInUser(dev, 'prices')
    const app = await startAppOn(dev.config.databaseUrl as string, {
      DEV_MODE: '0',
      MAIL_URL: 'smtp://127.0.0.1:1',
      CHAIN_ID: '56',
      MULTICALL_ADDRESS: DEV_CONTRACTS.multicall,
    })
    apps.unshift(app) // closed before the dev app drops the database
    const client = new Client(app.server)
    for (const [name, value] of signedUp.cookies) client.cookies.set(name, value)
    client.account = signedUp.account
    const mine = await createWallet(client)
    const payer = await fundedWallet() // no faucet off the dev chain: BNB from a funded key
    await app.chain.client.waitForTransactionReceipt({
      hash: await payer.sendTransaction({ to: mine.key.address, value: parseEther('5') }),
    })
    await blockSeen(app)
    const home = await ok<Home>(client, '/v1/walletindex')
    expect(home.network).toEqual({ chain_id: 56, key: 'bsc', explorer: 'https://bscscan.com' })
    expect(row(home, 'BNB')).toMatchObject({ balance: '5', price_usd: '', value_usd: '' })
    expect(home.assets.every((a) => a.price_usd === '' && a.value_usd === '')).toBe(true)
    expect(home).toMatchObject({ total_usd: '0', unpriced: ['BNB'] })
    const { list } = await ok<{ list: { price_usd: string }[] }>(client, '/v1/marketvalue')
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((p) => p.price_usd === '')).toBe(true)
  })
})
