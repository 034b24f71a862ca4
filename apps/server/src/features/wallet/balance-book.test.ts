import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundedWallet, testChainConfig } from '../../../test/chain.ts'
import { cuttableProxy } from '../../../test/faults.ts'
import { SESSION_TRIPS, startTestApp, type TestApp } from '../../../test/harness.ts'
import { balanceBook, READS_PER_MULTICALL } from './balance-book.ts'
import {
  aKey,
  aSignedInUser,
  blockSeen,
  bookBlock,
  createWallet,
  deployToken,
  fund,
  ok,
  refused,
  vaultOf,
} from './wallet.testkit.ts'

/**
 * The balance book on a node the test can cut (a proxy in front of the shared dev chain). The
 * app polls once at its start and then only every ten minutes: every other block it reads is
 * one the test makes it read (blockSeen, the faucet), so what a read answers is the book's.
 */

type Asset = { symbol: string; balance: string; added?: boolean; contract: string | null; id: number }
type Figures = { assets: Asset[]; block: number }
const bnb = (figures: Figures) => figures.assets.find((a) => a.contract === null)?.balance

let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: TestApp
beforeAll(async () => {
  proxy = await cuttableProxy(testChainConfig().rpcUrl)
  app = await startTestApp({ CHAIN_RPC_URL: proxy.url, CHAIN_POLL_MS: '600000' })
})
afterAll(async () => {
  proxy?.restore()
  await app?.close()
  await proxy?.close()
})

describe('balances read once per block', () => {
  it('answers the wallet reads from the last block read, with its number, while the node is cut', async () => {
    const client = await aSignedInUser(app, 'book')
    const wallet = await createWallet(client)
    await fund(app, wallet.key.address) // answers once the book has read the faucet's block
    const home = await ok<Figures>(client, '/v1/walletindex')
    expect(bnb(home)).toBe('10')
    expect(home.block).toBe(Number(bookBlock(app)))

    proxy.cut()
    try {
      // no read below asks the node: it is gone, and each answers the same block's figures
      const params = { wallet_id: wallet.id }
      expect(await ok<Figures>(client, '/v1/walletindex')).toMatchObject({ block: home.block, assets: home.assets })
      const all = await ok<Figures>(client, '/v1/all_balances', params)
      expect(all.block).toBe(home.block)
      expect(all.assets.map((a) => [a.symbol, a.balance, a.added])).toEqual([
        ['BNB', '10', true],
        ['USDT', '1000', true],
        ['KNT', '1000', true],
      ])
      expect(await ok<Figures>(client, '/v1/walletbalance', params)).toMatchObject({ block: home.block })
      const usdt = all.assets.find((a) => a.symbol === 'USDT')!
      expect(await ok(client, '/v1/balance', { ...params, coin_id: usdt.id })).toMatchObject({
        balance: '1000',
        block: home.block,
      })

      // a wallet added since the block was never read: the node is needed, and it is away
      const fresh = await createWallet(client)
      expect((await refused(client, '/v1/walletbalance', { wallet_id: fresh.id })).error).toBe('CHAIN_UNAVAILABLE')
      expect((await refused(client, '/v1/walletindex')).error).toBe('CHAIN_UNAVAILABLE')
    } finally {
      proxy.restore()
    }
  })

  it('shows a transfer in the figures of the next block the book reads, not before', async () => {
    const client = await aSignedInUser(app, 'book')
    const wallet = await createWallet(client)
    await fund(app, wallet.key.address)
    const before = await ok<Figures>(client, '/v1/walletindex')
    const payer = await fundedWallet() // outside the app, straight to the dev chain
    await app.chain.client.waitForTransactionReceipt({
      hash: await payer.sendTransaction({ to: wallet.key.address, value: parseEther('2.5') }),
    })
    // the app has not read that block yet: still the figures of the one before
    expect(await ok<Figures>(client, '/v1/walletindex')).toMatchObject({ block: before.block, assets: before.assets })
    await blockSeen(app)
    const after = await ok<Figures>(client, '/v1/walletindex')
    expect(after.block).toBeGreaterThan(before.block)
    expect(bnb(after)).toBe('12.5')
  })

  it('reads a wallet added since the block, and a token just added, once at that block', async () => {
    const client = await aSignedInUser(app, 'book')
    const issuer = aKey()
    await fund(app, issuer.address)
    const token = await deployToken(app, issuer, 'BOOK')
    await blockSeen(app)
    const wallet = await createWallet(client, issuer) // after the last block the book read
    const home = await ok<Figures>(client, '/v1/walletindex')
    expect(home.block).toBe(Number(bookBlock(app)))
    expect(bnb(home)).toMatch(/^9\.9/) // 10 BNB less the deployment's gas
    await ok(client, '/v1/coininfo', { wallet_id: wallet.id, contract: token })
    const { assets, block } = await ok<Figures>(client, '/v1/walletbalance', { wallet_id: wallet.id })
    expect(block).toBe(home.block)
    expect(assets.find((a) => a.symbol === 'BOOK')?.balance).toBe('1000000')
  })

  it(`reads the wallet home, a wallet's balances and all balances in ${1 + SESSION_TRIPS} database round trip`, async () => {
    const client = await aSignedInUser(app, 'book')
    const wallet = await createWallet(client)
    await fund(app, wallet.key.address)
    const params = { wallet_id: wallet.id }
    const before = {
      home: await ok<Figures>(client, '/v1/walletindex'),
      balances: await ok<Figures>(client, '/v1/walletbalance', params),
      all: await ok<Figures>(client, '/v1/all_balances', params),
    }
    const home = await app.roundTrips(() => client.call('/v1/walletindex'))
    expect(home.result.body).toMatchObject({ code: true, data: before.home })
    expect(home.trips).toBeLessThanOrEqual(1 + SESSION_TRIPS)
    const balances = await app.roundTrips(() => client.call('/v1/walletbalance', params))
    expect(balances.result.body).toMatchObject({ code: true, data: before.balances })
    expect(balances.trips).toBeLessThanOrEqual(1 + SESSION_TRIPS)
    const all = await app.roundTrips(() => client.call('/v1/all_balances', params))
    expect(all.result.body).toMatchObject({ code: true, data: before.all })
    expect(all.trips).toBeLessThanOrEqual(1 + SESSION_TRIPS)
    // someone else's wallet is not found, in the same one trip
    const other = await aSignedInUser(app, 'book-other')
    const refusedAll = await app.roundTrips(() => other.call('/v1/all_balances', params))
    expect(refusedAll.result.body).toMatchObject({ code: false, error: 'WALLET_NOT_FOUND' })
    expect(refusedAll.trips).toBeLessThanOrEqual(1 + SESSION_TRIPS)
  })

  it(`carries at most ${READS_PER_MULTICALL} balances per multicall, all of the same block`, async () => {
    const client = await aSignedInUser(app, 'book')
    const funded = await createWallet(client)
    await fund(app, funded.key.address)
    // 400 more wallets of one person, each with BNB and the two listed tokens: 1,203 balances
    const { rows } = await app.database.pool.query<{ id: number }>('SELECT user_id AS id FROM wallets WHERE id = $1', [
      funded.id,
    ])
    const owners = Array.from({ length: 400 }, () => aKey().address)
    await app.database.pool.query(
      `INSERT INTO wallets (user_id, name, address, kind, vault) SELECT $1, 'many', a, 'mnemonic', $3 FROM unnest($2::text[]) a`,
      [rows[0]!.id, owners, vaultOf(owners[0]!)],
    )
    const sheets: { reads: number; block: bigint | undefined }[] = []
    const book = balanceBook({
      db: app.database.db,
      chain: {
        chainId: app.chain.chainId,
        head: () => app.chain.head(),
        sheet: (holdings, feeds, block) => {
          sheets.push({ reads: holdings.length, block })
          return app.chain.sheet(holdings, feeds, block)
        },
      },
      feeds: [],
      pollMs: 600_000,
    })
    await book.refresh()
    const watched = sheets.reduce((sum, s) => sum + s.reads, 0)
    expect(watched).toBeGreaterThanOrEqual(1203)
    expect(sheets).toHaveLength(Math.ceil(watched / READS_PER_MULTICALL))
    expect(sheets.every((s) => s.reads <= READS_PER_MULTICALL && s.block === book.block)).toBe(true)
    // served from that page with no further multicall
    const read = await book.snapshot(funded.key.address as Address, [null], [])
    expect(read).toMatchObject({ balances: [parseEther('10')], block: book.block })
    expect(sheets).toHaveLength(Math.ceil(watched / READS_PER_MULTICALL))
  })
})

describe('a node away for longer than STALE_POLLS polls', () => {
  let away: TestApp
  let cut: Awaited<ReturnType<typeof cuttableProxy>>
  beforeAll(async () => {
    cut = await cuttableProxy(testChainConfig().rpcUrl)
    away = await startTestApp({ CHAIN_RPC_URL: cut.url, CHAIN_POLL_MS: '100' })
  })
  afterAll(async () => {
    cut?.restore()
    await away?.close()
    await cut?.close()
  })

  it('is said (CHAIN_UNAVAILABLE) instead of old figures, and the first read once it is back answers', async () => {
    const client = await aSignedInUser(away, 'book')
    const wallet = await createWallet(client)
    await fund(away, wallet.key.address)
    const home = await ok<Figures>(client, '/v1/walletindex')
    cut.cut()
    await expect
      .poll(async () => (await client.call('/v1/walletindex')).body.error, { timeout: 20_000 })
      .toBe('CHAIN_UNAVAILABLE')
    cut.restore()
    const back = await ok<Figures>(client, '/v1/walletindex')
    expect(back.block).toBeGreaterThanOrEqual(home.block)
    expect(bnb(back)).toBe('10')
  })
})

describe("the wallet home's kept wallet", () => {
  type Home = Figures & { wallet: { id: number; name: string } | null; total_usd: string }
  const home = (client: Awaited<ReturnType<typeof aSignedInUser>>) => ok<Home>(client, '/v1/walletindex')

  it('is answered after one short read while nothing changed, and never outlives a change of what it shows', async () => {
    const client = await aSignedInUser(app, 'kept')
    expect((await home(client)).wallet).toBeNull()
    const wallet = await createWallet(client, aKey(), { name: 'Daily' })
    expect((await home(client)).wallet).toMatchObject({ id: wallet.id, name: 'Daily' })
    await fund(app, wallet.key.address)
    const first = await home(client)
    // unchanged: one short read (the session comes from its cache), the same answer
    const again = await app.roundTrips(() => home(client))
    expect(again.trips).toBe(1 + SESSION_TRIPS)
    expect(again.result).toEqual(first)

    // each change through the API shows at once
    await ok(client, '/v1/getname', { wallet_id: wallet.id, name: 'Savings' })
    expect((await home(client)).wallet?.name).toBe('Savings')
    const usdt = first.assets.find((a) => a.symbol === 'USDT')!
    await ok(client, '/v1/coinhide', { wallet_id: wallet.id, coin_id: usdt.id })
    expect((await home(client)).assets.map((a) => a.symbol)).not.toContain('USDT')
    await ok(client, '/v1/coininfo', { wallet_id: wallet.id, contract: usdt.contract })
    expect((await home(client)).assets.map((a) => a.symbol)).toContain('USDT')
    const second = await createWallet(client)
    expect((await home(client)).wallet?.id).toBe(second.id)
    await ok(client, '/v1/replacement', { wallet_id: wallet.id })
    expect((await home(client)).wallet?.id).toBe(wallet.id)

    // a balance of the next block the book reads
    const payer = await fundedWallet()
    await app.chain.client.waitForTransactionReceipt({
      hash: await payer.sendTransaction({ to: wallet.key.address, value: parseEther('1') }),
    })
    await blockSeen(app)
    const paid = await home(client)
    expect(bnb(paid)).toBe('11')
    expect(paid.block).toBeGreaterThan(first.block)
    expect(Number(paid.total_usd)).toBeGreaterThan(Number(first.total_usd))

    // and a change made in the database by anything else (another instance, an operator's SQL)
    await app.database.pool.query(`UPDATE wallets SET name = 'Renamed elsewhere' WHERE id = $1`, [wallet.id])
    expect((await home(client)).wallet?.name).toBe('Renamed elsewhere')
    await app.database.pool.query('DELETE FROM wallet_coins WHERE wallet_id = $1 AND coin_id = $2', [
      wallet.id,
      usdt.id,
    ])
    expect((await home(client)).assets.map((a) => a.symbol)).not.toContain('USDT')
    await ok(client, '/v1/userdel', { wallet_id: wallet.id })
    expect((await home(client)).wallet?.id).toBe(second.id)
  })
})
