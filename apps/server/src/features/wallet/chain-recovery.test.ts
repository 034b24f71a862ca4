import { ERRORS, type WireLang } from '@kinetic/protocol'
import { encodeFunctionData, erc20Abi, keccak256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testChainConfig } from '../../../test/chain.ts'
import { cuttableProxy } from '../../../test/faults.ts'
import { headBlock, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { createFaucet } from '../../chain/faucet.ts'
import { createIndexer, type Indexer } from '../../chain/indexer.ts'
import { createSigner } from '../../chain/signer.ts'
import { aUser, balanceOf, expectReconciled, give } from '../earn/earn.testkit.ts'
import { ledger, payoutWorker, SYSTEM } from '../earn/earn.testkit.ts'
import { trackedAddresses } from './wallets.repo.ts'
import { aKey, createWallet, fund, ok, signTransfer } from './wallet.testkit.ts'

/**
 * The chain node going away and coming back, for this app only: its RPC URL is a
 * proxy the test cuts, while the shared dev chain keeps serving every other file.
 */

const LANGS: WireLang[] = ['us-en', 'zh-cn', 'zh-hk']
const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const knt = (whole: string) => parseUnits(whole, 18)

let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: TestApp
let indexer: Indexer
beforeAll(async () => {
  proxy = await cuttableProxy(testChainConfig().rpcUrl)
  // balances stay served from the last block until 3 polls failed: a poll a minute outlasts the outage
  // indexed from the shared chain's head: what other files mined before is not this test's
  app = await startTestApp({
    CHAIN_RPC_URL: proxy.url,
    CHAIN_INDEX_FROM: String(await headBlock()),
    TREASURY_KEY: treasuryKey,
    CHAIN_POLL_MS: '60000',
  })
  const { chain, databaseUrl } = app.config
  const tracked = () => trackedAddresses(app.database.db)
  indexer = createIndexer({
    db: app.database.db,
    databaseUrl: databaseUrl!,
    chain: { ...chain, rpcUrl: proxy.url },
    tracked,
  })
  await fund(app, treasury.address)
})
afterAll(async () => {
  await indexer?.stop()
  await app?.close()
  await proxy?.close()
})

const cursor = async () =>
  (await app.database.pool.query<{ n: number }>('SELECT block_number AS n FROM chain_cursor')).rows[0]?.n

const payoutOf = async (id: number) =>
  (
    await app.database.pool.query<{ status: string; hash: string | null }>(
      'SELECT status, hash FROM payouts WHERE id = $1',
      [id],
    )
  ).rows[0]

const kntToken = () => app.chain.tokens.find((t) => t.symbol === 'KNT')!.contract

/** A KNT transfer from the treasury, signed as the payout worker signs one. */
async function signPayout(to: string, amount: bigint, nonce: number): Promise<Hex> {
  return treasury.signTransaction({
    chainId: app.chain.chainId,
    nonce,
    to: kntToken(),
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Address, amount] }),
    gas: 100_000n,
    gasPrice: await app.chain.gasPrice(),
    type: 'legacy',
  })
}

/** A payout as /v1/collect leaves it (its KNT moved to the payouts account), or signed already (sent). */
async function payoutFor(userId: number, to: string, amount: bigint, signed?: { nonce: number; raw: Hex }) {
  const { rows } = await app.database.pool.query<{ id: number }>(
    `INSERT INTO payouts (user_id, request_id, amount, to_address, chain_id, treasury, status, nonce, hash, raw)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      userId,
      `before-${signed ? 'sent' : 'queued'}`,
      amount.toString(),
      to,
      app.chain.chainId,
      treasury.address.toLowerCase(),
      signed ? 'sent' : 'queued',
      signed?.nonce ?? null,
      signed ? keccak256(signed.raw) : null,
      signed?.raw ?? null,
    ],
  )
  const id = rows[0]!.id
  await ledger(app.database.db).debit(userId, 'knt', amount, SYSTEM.payouts, `payout:${id}`, 'payout')
  return id
}

describe('when the chain node goes away and comes back', () => {
  it('answers CHAIN_UNAVAILABLE in every language, records nothing, then resumes where it was', async () => {
    const client = await aUser(app)
    const wallet = await createWallet(client)
    await fund(app, wallet.address as Address)
    await give(app, client.user.id, knt('40'), 'knt')
    await expect(indexer.indexOnce()).resolves.toMatchObject({ ran: true })
    const home = await ok(client, '/v1/walletindex')
    const bnb = home.assets.find((a: { symbol: string }) => a.symbol === 'BNB')
    const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('1'), nonce: 0 })
    // a payout the worker signed just before the node went away, not yet broadcast
    const nonce = await app.chain.nonce(treasury.address)
    const signedPayout = await signPayout(wallet.address, knt('5'), nonce)
    const incomeOf = async () =>
      (await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, type: 'income' })).list.map(
        (t: { hash: string; log_index: number }) => `${t.hash}:${t.log_index}`,
      )
    const incomeBefore = await incomeOf()
    const cursorBefore = await cursor()
    const transfersBefore = await rowCount(app, 'chain_transfers')

    proxy.cut()

    // what the wallet pages ask, in the person's language: balances are the last block's
    // (docs/adr/2026-11-25-balances-per-block.md), what needs the node now says it is away
    for (const lang of LANGS) {
      for (const [method, params] of [
        ['/v1/walletindex', {}],
        ['/v1/walletbalance', { wallet_id: wallet.id }],
      ] as const) {
        const { body } = await client.call(method, params, { lang })
        expect(body).toMatchObject({ code: true, data: { block: home.block, assets: home.assets } })
      }
      for (const [method, params] of [
        ['/v1/gas_price', { wallet_id: wallet.id, coin_id: bnb.id }],
        ['/v1/transaction', { wallet_id: wallet.id, raw }],
      ] as const) {
        const { status, body } = await client.call(method, params, { lang })
        expect({ method, body }).toEqual({
          method,
          body: { code: false, error: 'CHAIN_UNAVAILABLE', msg: ERRORS.CHAIN_UNAVAILABLE[lang] },
        })
        expect(status).toBe(200)
      }
      const collect = await client.call('/v1/collect', { amount: '10', request_id: `down-${lang}` }, { lang })
      expect(collect.body).toEqual({ code: false, error: 'COLLECT_UNAVAILABLE', msg: ERRORS.COLLECT_UNAVAILABLE[lang] })
    }
    // what lives in the database still answers
    expect(await incomeOf()).toEqual(incomeBefore)

    // payouts queued and sent before the node went away: the worker retries and marks nothing
    const queued = await payoutFor(client.user.id, wallet.address, knt('12'))
    const sent = await payoutFor(client.user.id, wallet.address, knt('5'), { nonce, raw: signedPayout })
    const failures: object[] = []
    const worker = payoutWorker({
      db: app.database.db,
      chain: app.chain,
      signer: createSigner({ db: app.database.db, chain: app.chain, account: treasury }),
      token: kntToken(),
      pollMs: 100,
      log: { warn: (details) => failures.push(details) },
    })
    const working = worker.kick()
    await expect.poll(() => failures.length).toBeGreaterThanOrEqual(3)
    expect(await payoutOf(queued)).toEqual({ status: 'queued', hash: null })
    expect(await payoutOf(sent)).toEqual({ status: 'sent', hash: keccak256(signedPayout) })

    // income meanwhile, on the chain itself: the indexer fails and its cursor stays
    await createFaucet(testChainConfig()).fund(wallet.address)
    await expect(indexer.indexOnce()).rejects.toThrow()
    expect(await cursor()).toBe(cursorBefore)
    expect(await rowCount(app, 'chain_transfers')).toBe(transfersBefore)
    expect(await rowCount(app, 'payouts', 'user_id = $1', [client.user.id])).toBe(2)
    expect(await rowCount(app, 'ledger_postings', "idempotency_key LIKE 'payout:%:refund'")).toBe(0)
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('23'))

    proxy.restore()

    // the payouts are paid once, the transfer is recorded, the indexer catches up with the income
    await working
    expect(await payoutOf(queued)).toMatchObject({ status: 'confirmed' })
    expect(await payoutOf(sent)).toEqual({ status: 'confirmed', hash: keccak256(signedPayout) })
    await worker.stop()
    const { hash } = await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    expect(hash).toBe(keccak256(raw))
    await expect(indexer.indexOnce()).resolves.toMatchObject({ ran: true, caughtUp: true })
    expect(await cursor()).toBeGreaterThan(cursorBefore!)
    // the faucet's BNB, USDT and KNT while the node was away, and the two payouts' KNT
    expect((await incomeOf()).length).toBe(incomeBefore.length + 5)
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [hash])).toBe(1)
    // 1000 from the faucet before, 1000 while the node was away, 12 + 5 paid out
    expect((await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })).assets).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'KNT', balance: '2017' })]),
    )
    const collected = await ok(client, '/v1/collect', { amount: '10', request_id: 'after' })
    expect(collected.payout).toMatchObject({ status: 'queued' })
    await expect.poll(async () => (await payoutOf(collected.payout.id))?.status, { timeout: 20_000 }).toBe('confirmed')
    await expectReconciled(app)
  })

  it('fills the free nonce below a sent payout the node finds too high, and pays it with its own bytes', async () => {
    const client = await aUser(app)
    const wallet = await createWallet(client)
    await give(app, client.user.id, knt('5'), 'knt')
    // e.g. the payout before it was refused for good and refunded: its nonce is free again
    const free = await app.chain.nonce(treasury.address)
    const raw = await signPayout(wallet.address, knt('5'), free + 1)
    const id = await payoutFor(client.user.id, wallet.address, knt('5'), { nonce: free + 1, raw })
    const worker = payoutWorker({
      db: app.database.db,
      chain: app.chain,
      signer: createSigner({ db: app.database.db, chain: app.chain, account: treasury }),
      token: kntToken(),
      pollMs: 100,
      log: { warn: () => undefined },
    })
    await worker.kick()
    await worker.stop()
    // signed once, never again with another nonce: a transaction of nothing fills the free one
    expect(await payoutOf(id)).toEqual({ status: 'confirmed', hash: keccak256(raw) })
    expect(await app.chain.nonce(treasury.address)).toBe(free + 2)
    await expectReconciled(app)
  })
})
