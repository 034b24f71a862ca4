import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDevChain, type DevChain } from '../../chain/devchain.ts'
import { createIndexer, type Indexer } from '../../chain/indexer.ts'
import { fundedWallet } from '../../../test/chain.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { trackedAddresses } from '../wallet/index.ts'
import { createWallet, fund, GWEI, ok, signTransfer } from '../wallet/wallet.testkit.ts'
import { aUser, balanceOf, expectReconciled, refused } from './earn.testkit.ts'

// Its own treasury: no other test file sends KNT to it on the shared dev chain.
const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const knt = (whole: string) => parseUnits(whole, 18)
let app: TestApp
const indexers: Indexer[] = []

beforeAll(async () => {
  app = await startTestApp({ TREASURY_KEY: treasuryKey })
})
afterEach(() => expectReconciled(app))
afterAll(async () => {
  await Promise.all(indexers.map((i) => i.stop()))
  await app?.close()
})

const token = () => app.chain.tokens.find((t) => t.symbol === 'KNT')!.contract as Address

/** A new indexer over the app's database, wired to deposits as main.ts wires it. */
function indexer(): Indexer {
  const { chain, databaseUrl } = app.config
  const created = createIndexer({
    db: app.database.db,
    databaseUrl: databaseUrl!,
    chain: { ...chain, rpcUrl: chain.rpcUrl! },
    ...app.services.deposits.indexerHooks(() => trackedAddresses(app.database.db)),
  })
  indexers.push(created)
  return created
}

/** Passes by fresh indexers until one ran up to the confirmed head (another may hold the lock). */
async function indexed(): Promise<void> {
  const once = indexer()
  try {
    await expect.poll(async () => (await once.indexOnce()).ran, { timeout: 10_000 }).toBe(true)
  } finally {
    await once.stop()
  }
}

const transferData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

/** A user with a wallet whose key holds 1000 KNT on the dev chain (and BNB for gas). */
async function userWithKnt(key: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())) {
  const client = await aUser(app)
  const wallet = await createWallet(client, key)
  await fund(app, key.address)
  return { client, wallet, key, userId: client.user.id }
}

/** Signs on "the device" a KNT transfer to the treasury and broadcasts it through /v1/transaction. */
async function deposit(user: Awaited<ReturnType<typeof userWithKnt>>, whole: string): Promise<Hash> {
  const nonce = await app.chain.client.getTransactionCount({ address: user.key.address, blockTag: 'pending' })
  const raw = await signTransfer(user.key, {
    to: token(),
    data: transferData(treasury.address, knt(whole)),
    nonce,
    gas: 100_000n,
    gasPrice: 2n * GWEI,
  })
  const { hash } = await ok<{ hash: Hash }>(user.client, '/v1/transaction', { wallet_id: user.wallet.id, raw })
  await app.chain.client.waitForTransactionReceipt({ hash })
  return hash
}

const depositsOf = (client: Parameters<typeof ok>[0]) =>
  ok<{
    treasury: string
    token: string
    list: { hash: string; status: string; held_reason: string | null; amount: string }[]
  }>(client, '/v1/deposits')

describe('wallet KNT in', () => {
  it('credits KNT sent from the user’s own wallet exactly once, across two indexers and passes, and it can be staked', async () => {
    const user = await userWithKnt()
    const before = await depositsOf(user.client)
    expect(before).toMatchObject({ treasury: treasury.address.toLowerCase(), token: token().toLowerCase(), list: [] })

    const hash = await deposit(user, '25')
    // broadcast, mined, not yet indexed: pending, nothing credited
    expect((await depositsOf(user.client)).list).toEqual([expect.objectContaining({ hash, status: 'pending' })])
    expect(await balanceOf(app, user.userId, 'knt')).toBe(0n)

    const [one, two] = [indexer(), indexer()]
    await Promise.all([one.indexOnce(), two.indexOnce(), one.indexOnce()])
    await Promise.all([one.stop(), two.stop()])
    await indexed()
    await indexed()

    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('25'))
    expect((await depositsOf(user.client)).list).toEqual([
      expect.objectContaining({ hash, status: 'credited', amount: '25', held_reason: null }),
    ])
    const history = await ok(user.client, '/v1/ledger', { asset: 'knt', direction: 'in' })
    expect(history.list).toEqual([expect.objectContaining({ amount: '25', kind: 'deposit' })])

    const request_id = `stake-${hash.slice(2, 18)}`
    const staked = await ok(user.client, '/v1/pledge', { action: 'stake', amount: '25', request_id })
    expect(staked).toMatchObject({ staked: '25', balance: '0' })
  })

  it('holds KNT sent from a foreign address: nobody is credited, the operator credits it once or returns it', async () => {
    const stranger = await fundedWallet()
    const watcher = await userWithKnt()
    const hash = await stranger.writeContract({
      address: token(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [treasury.address, knt('7')],
    })
    await app.chain.client.waitForTransactionReceipt({ hash })
    await indexed()

    expect((await depositsOf(watcher.client)).list).toEqual([])
    const ops = (await operatorClient(app)).client
    const { body } = await adminCall(ops, '/admin/deposits')
    const held = body.data.list.find((d: { hash: string }) => d.hash === hash)
    expect(held).toMatchObject({ status: 'held', held_reason: 'foreign', amount: '7', credited_to: null })

    const credited = await adminCall(ops, '/admin/deposit_credit', { id: held.id, user_id: watcher.userId })
    expect(credited.body.data.deposit).toMatchObject({ status: 'credited' })
    expect(await balanceOf(app, watcher.userId, 'knt')).toBe(knt('7'))
    const again = await adminCall(ops, '/admin/deposit_credit', { id: held.id, user_id: watcher.userId })
    expect(again.body).toMatchObject({ code: false, error: 'DEPOSIT_NOT_FOUND' })
    expect(await balanceOf(app, watcher.userId, 'knt')).toBe(knt('7'))
    expect((await depositsOf(watcher.client)).list).toEqual([expect.objectContaining({ hash, status: 'credited' })])

    const other = await stranger.writeContract({
      address: token(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [treasury.address, knt('1')],
    })
    await app.chain.client.waitForTransactionReceipt({ hash: other })
    await indexed()
    const list = (await adminCall(ops, '/admin/deposits')).body.data.list
    const second = list.find((d: { hash: string }) => d.hash === other)
    const returned = await adminCall(ops, '/admin/deposit_return', { id: second.id })
    expect(returned.body.data.deposit).toMatchObject({ status: 'returned', held_reason: null })
    expect((await adminCall(ops, '/admin/deposits')).body.data.list.map((d: { hash: string }) => d.hash)).not.toContain(
      other,
    )
  })

  it('holds KNT sent from an address in two accounts’ wallets, and shows it to both as held', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    const first = await userWithKnt(key)
    const client = await aUser(app)
    await createWallet(client, key)
    const hash = await deposit(first, '3')
    await indexed()

    expect(await balanceOf(app, first.userId, 'knt')).toBe(0n)
    for (const c of [first.client, client])
      expect((await depositsOf(c)).list).toEqual([
        expect.objectContaining({ hash, status: 'held', held_reason: 'shared', amount: '3' }),
      ])
  })

  it('holds a credited deposit a reorg undid, keeps the credit (nothing negative) and credits nothing twice', async () => {
    const user = await userWithKnt()
    const hash = await deposit(user, '11')
    const { blockNumber } = await app.chain.client.getTransactionReceipt({ hash })
    await indexed()
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('11'))

    // The database now believes in another branch from the deposit's block on (as the indexer's reorg test does).
    const { pool } = app.database
    await pool.query(
      `UPDATE chain_blocks SET hash = '0x' || md5(hash) || md5(hash) WHERE chain_id = 31337 AND number >= $1`,
      [Number(blockNumber)],
    )
    await pool.query(
      `UPDATE chain_cursor SET block_hash = (SELECT hash FROM chain_blocks b WHERE b.chain_id = 31337 AND b.number = chain_cursor.block_number) WHERE chain_id = 31337`,
    )
    const stranger = await fundedWallet() // new blocks to look at
    await app.chain.client.waitForTransactionReceipt({
      hash: await stranger.sendTransaction({ to: stranger.account.address, value: 1n }),
    })
    await indexed()
    await indexed()

    expect((await depositsOf(user.client)).list).toEqual([
      expect.objectContaining({ hash, status: 'held', held_reason: 'reorg' }),
    ])
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('11'))

    const ops = (await operatorClient(app)).client
    const held = (await adminCall(ops, '/admin/deposits')).body.data.list.find((d: { hash: string }) => d.hash === hash)
    expect(held).toMatchObject({ held_reason: 'reorg', credited_to: user.userId })
    expect((await adminCall(ops, '/admin/deposit_return', { id: held.id })).body).toMatchObject({
      error: 'DEPOSIT_ALREADY_CREDITED',
    })
    const stranger2 = await userWithKnt()
    expect(
      (await adminCall(ops, '/admin/deposit_credit', { id: held.id, user_id: stranger2.userId }, 'zh-cn')).body,
    ).toMatchObject({ error: 'DEPOSIT_ALREADY_CREDITED', msg: '该充值已入账到某个账户' })
    // the operator confirms it for the account it went to: no second credit
    await adminCall(ops, '/admin/deposit_credit', { id: held.id, user_id: user.userId })
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('11'))
    expect((await depositsOf(user.client)).list).toEqual([expect.objectContaining({ hash, status: 'credited' })])
  })

  it('refuses another network in three languages', async () => {
    const user = await userWithKnt()
    const en = await refused(user.client, '/v1/deposits', { chain_id: 56 }, 'us-en')
    expect(en).toMatchObject({ error: 'DEPOSIT_WRONG_NETWORK', fields: { chain_id: expect.any(String) } })
    expect(en.msg).toContain('another network')
    expect((await refused(user.client, '/v1/deposits', { chain_id: 56 }, 'zh-hk')).msg).toContain('網路')
    expect((await refused(user.client, '/v1/deposits', { chain_id: 56 }, 'zh-cn')).msg).toContain('网络')
  })
})

/**
 * A real reorg on a dev chain of its own (evm_snapshot / evm_revert would undo other test files'
 * transactions on the shared one): the credited deposit's block is replaced by other blocks.
 */
describe('a real reorg', () => {
  let devChain: DevChain
  let shared: TestApp

  beforeAll(async () => {
    devChain = await startDevChain()
    shared = app
    app = await startTestApp({ TREASURY_KEY: treasuryKey, CHAIN_RPC_URL: devChain.url })
  }, 120_000)
  afterAll(async () => {
    await Promise.all(indexers.splice(0).map((i) => i.stop()))
    await app?.close()
    app = shared
    await devChain?.stop()
  })

  it('holds the credited deposit whose block the chain dropped; the credit stays, nothing is credited twice', async () => {
    const user = await userWithKnt()
    await indexed() // the cursor is below the deposit's block
    const rpc = (method: string, params: unknown[] = []) =>
      app.chain.client.request({ method, params } as never) as Promise<unknown>
    const snapshot = await rpc('evm_snapshot')
    const hash = await deposit(user, '9')
    await indexed()
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('9'))

    expect(await rpc('evm_revert', [snapshot])).toBe(true)
    for (let i = 0; i < 3; i++) await rpc('evm_mine')
    await expect(app.chain.client.getTransactionReceipt({ hash })).rejects.toThrow()
    await indexed()
    await indexed()

    expect((await depositsOf(user.client)).list).toEqual([
      expect.objectContaining({ hash, status: 'held', held_reason: 'reorg' }),
    ])
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('9'))
    await expectReconciled(app)
  })
})
