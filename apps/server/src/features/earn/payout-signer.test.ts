/**
 * Payouts through the treasury's one signer while the node flakes: its JSON-RPC is a proxy
 * that fails or rewrites chosen methods, for this file's own treasury and chain client only.
 */
import { createTestClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testChainConfig, walletFor } from '../../../test/chain.ts'
import { rpcProxy } from '../../../test/faults.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { createChain, type ChainClient } from '../../chain/client.ts'
import { createSigner } from '../../chain/signer.ts'
import { createWallet, fund } from '../wallet/wallet.testkit.ts'
import { aUser, expectReconciled, give } from './earn.testkit.ts'
import { ledger, SYSTEM } from './ledger.ts'
import { payoutRepo } from './payout.repo.ts'
import { payoutWorker } from './payout.worker.ts'

const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const knt = (whole: string) => parseUnits(whole, 18)
/** Blocks a nonce must be passed by before this file's chain client calls a transaction absent. */
const CONFIRMATIONS = 20
let app: TestApp
let proxy: Awaited<ReturnType<typeof rpcProxy>>
let chain: ChainClient
let req = 0

beforeAll(async () => {
  app = await startTestApp()
  await fund(app, treasury.address) // 10 BNB and 1000 KNT
  proxy = await rpcProxy(testChainConfig().rpcUrl)
  chain = createChain({
    ...testChainConfig({ CHAIN_CONFIRMATIONS: String(CONFIRMATIONS) }),
    rpcUrl: proxy.url,
  })
})
afterEach(async () => {
  for (const method of ['eth_getTransactionReceipt', 'eth_sendRawTransaction']) proxy.off(method)
  await expectReconciled(app)
})
afterAll(async () => {
  await app?.close()
  await proxy?.close()
})

const token = () => app.chain.tokens.find((t) => t.symbol === 'KNT')!.contract as Address
const onChain = (address: Address) =>
  app.chain.client.readContract({ address: token(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const payout = async (id: number) => (await payoutRepo(app.database.db).byId(id))!
const sentNonce = () => app.chain.client.getTransactionCount({ address: treasury.address, blockTag: 'pending' })
const aWorker = () =>
  payoutWorker({
    db: app.database.db,
    chain,
    signer: createSigner({ db: app.database.db, chain, account: treasury }),
    token: token(),
    pollMs: 100,
    log: { warn: () => undefined },
  })

/** A payout queued as a collect queues it (the KNT moved to system:payouts), to a new wallet. */
async function queue(whole: string) {
  const db = app.database.db
  const client = await aUser(app)
  const wallet = await createWallet(client)
  await give(app, client.user.id, knt(whole), 'knt')
  const row = await payoutRepo(db).insert({
    userId: client.user.id,
    requestId: `signer-${++req}`,
    amount: knt(whole).toString(),
    toAddress: wallet.address,
    chainId: app.chain.chainId,
    treasury: treasury.address.toLowerCase(),
  })
  await ledger(db).debit(client.user.id, 'knt', knt(whole), SYSTEM.payouts, `payout:${row!.id}`, 'payout')
  return { id: row!.id, wallet: wallet.address as Address, amount: knt(whole) }
}

describe('paying out through one signer while the node flakes', () => {
  it("pays once when receipt lookups fail and the node answers 'nonce too low'", async () => {
    const before = await sentNonce()
    const queued = await queue('7')
    proxy.on('eth_getTransactionReceipt', 'fail')
    const worker = aWorker()
    for (let i = 0; i < 3; i++) await worker.pass().catch(() => undefined)
    // the transfer was mined at once; sending its bytes again met its own nonce
    expect(proxy.answers('eth_sendRawTransaction').some((m) => /nonce too low/i.test(m))).toBe(true)

    proxy.off('eth_getTransactionReceipt')
    await worker.kick()
    await worker.stop()
    expect(await payout(queued.id)).toMatchObject({ status: 'confirmed', nonce: before })
    expect(await onChain(queued.wallet)).toBe(queued.amount)
    expect(await sentNonce()).toBe(before + 1)
  })

  it('leaves a payout sent while its lookups fail, looks it up again each pass, then confirms it', async () => {
    const queued = await queue('4')
    proxy.on('eth_getTransactionReceipt', 'fail')
    const worker = aWorker()
    await worker.pass()
    const signed = await payout(queued.id)
    expect(signed).toMatchObject({ status: 'sent' })
    for (let i = 0; i < 2; i++) {
      const lookups = proxy.calls('eth_getTransactionReceipt')
      await worker.pass()
      expect(proxy.calls('eth_getTransactionReceipt')).toBeGreaterThan(lookups)
      expect(await payout(queued.id)).toMatchObject({ status: 'sent', hash: signed.hash, nonce: signed.nonce })
    }
    expect(await onChain(queued.wallet)).toBe(queued.amount)

    proxy.off('eth_getTransactionReceipt')
    await worker.kick()
    await worker.stop()
    expect(await payout(queued.id)).toMatchObject({ status: 'confirmed', hash: signed.hash })
    expect(await onChain(queued.wallet)).toBe(queued.amount)
  })

  it('signs a dropped payout again with the same nonce when the node refuses its gas price', async () => {
    const before = await sentNonce()
    const queued = await queue('6')
    // the payout's first bytes never reach the node (its pool dropped them): it refuses their gas price
    const payee = queued.wallet.slice(2).toLowerCase()
    let first: string | undefined
    proxy.on('eth_sendRawTransaction', ([raw]) => {
      if (!String(raw).includes(payee)) return undefined
      first ??= String(raw)
      return raw === first ? { error: 'transaction underpriced' } : undefined
    })
    const worker = aWorker()
    await worker.kick()
    await worker.stop()
    const paid = await payout(queued.id)
    expect(paid).toMatchObject({ status: 'confirmed', nonce: before })
    expect(paid.raw).not.toBe(first)
    expect(await onChain(queued.wallet)).toBe(queued.amount)
    expect(await sentNonce()).toBe(before + 1)
  })

  it('signs a payout again with a new nonce only once its nonce went to another transaction, confirmed', async () => {
    const queued = await queue('5')
    // signed and kept, but before it reached the node the key sent something else with its nonce
    proxy.on('eth_sendRawTransaction', 'fail')
    const worker = aWorker()
    await worker.pass().catch(() => undefined)
    proxy.off('eth_sendRawTransaction')
    const signed = await payout(queued.id)
    expect(signed.status).toBe('sent')
    await walletFor(treasuryKey).sendTransaction({ to: treasury.address, value: 0n, nonce: signed.nonce! })

    // not proven absent yet: the other transaction has fewer confirmations than the chain asks
    await worker.pass()
    expect(await payout(queued.id)).toMatchObject({ status: 'sent', hash: signed.hash })
    expect(await onChain(queued.wallet)).toBe(0n)

    await createTestClient({ mode: 'hardhat', transport: http(testChainConfig().rpcUrl) }).mine({
      blocks: CONFIRMATIONS,
    })
    await worker.kick()
    await worker.stop()
    const paid = await payout(queued.id)
    expect(paid.status).toBe('confirmed')
    expect(paid.nonce).toBeGreaterThan(signed.nonce!)
    expect(await onChain(queued.wallet)).toBe(queued.amount)
  })

  it('never signs a payout twice with workers running at once while lookups fail', async () => {
    const before = await sentNonce()
    const queued = await Promise.all(['1', '2', '3', '4'].map((whole) => queue(whole)))
    proxy.on('eth_getTransactionReceipt', 'fail')
    const workers = [aWorker(), aWorker(), aWorker()]
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => w.pass().catch(() => undefined)))

    proxy.off('eth_getTransactionReceipt')
    await Promise.all(workers.map((w) => w.kick()))
    await Promise.all(workers.map((w) => w.stop()))
    for (const q of queued) {
      expect(await payout(q.id)).toMatchObject({ status: 'confirmed' })
      expect(await onChain(q.wallet)).toBe(q.amount)
    }
    expect(await sentNonce()).toBe(before + queued.length)
  })
})
