import { encodeFunctionData, erc20Abi, getAddress, parseUnits, toHex, type Address, type Hash } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDevChain, type DevChain } from '../../chain/devchain.ts'
import { createIndexer, type Indexer } from '../../chain/indexer.ts'
import { fundedWallet } from '../../../test/chain.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { trackedAddresses } from '../wallet/index.ts'
import {
  asStoredBeforeProofs,
  createWallet,
  fund,
  GWEI,
  ok,
  proofFor,
  signTransfer,
  vaultOf,
} from '../wallet/wallet.testkit.ts'
import { aUser, balanceOf, depositIndexerHooks, expectReconciled, refused } from './earn.testkit.ts'

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
    ...depositIndexerHooks(app, () => trackedAddresses(app.database.db)),
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
    // addresses as they are shown and copied: EIP-55
    expect(before).toMatchObject({ treasury: treasury.address, token: getAddress(token()), list: [] })

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
      expect.objectContaining({ hash, status: 'credited', amount: '25', held_reason: null, from: user.key.address }),
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

  it('holds KNT from a wallet stored before proofs until its owner proves it, then credits it once', async () => {
    const user = await userWithKnt()
    await asStoredBeforeProofs(app, user.wallet.id)
    const hash = await deposit(user, '4')
    await indexed()

    expect(await balanceOf(app, user.userId, 'knt')).toBe(0n)
    expect((await depositsOf(user.client)).list).toEqual([
      expect.objectContaining({ hash, status: 'held', held_reason: 'unproven', amount: '4' }),
    ])
    await ok(user.client, '/v1/walletprove', {
      wallet_id: user.wallet.id,
      proof: await proofFor(user.client, user.key, 'prove'),
    })
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('4'))
    expect((await depositsOf(user.client)).list).toEqual([
      expect.objectContaining({ hash, status: 'credited', held_reason: null }),
    ])
    // a second proof credits nothing again
    await ok(user.client, '/v1/walletprove', {
      wallet_id: user.wallet.id,
      proof: await proofFor(user.client, user.key, 'prove'),
    })
    await indexed()
    expect(await balanceOf(app, user.userId, 'knt')).toBe(knt('4'))
  })

  it('never credits a claimer: a transfer from an address it claimed goes to the key’s holder once they prove it', async () => {
    const holder = await fundedWallet() // the key's holder, sending straight to the chain
    const holderKey = privateKeyToAccount(holder.key)
    const claimer = await aUser(app)
    // now refused: the claimer cannot sign for the holder's address
    const forged = await proofFor(claimer, privateKeyToAccount(generatePrivateKey()), 'create', holder.account.address)
    const claim = { name: 'Claim', address: holder.account.address, kind: 'mnemonic', hint: '' }
    expect(
      await refused(claimer, '/v1/walletcreate', { ...claim, vault: vaultOf(holder.account.address), proof: forged }),
    ).toMatchObject({ error: 'WALLET_PROOF_INVALID' })
    // a claim stored before proofs (as the migration leaves one): the claimer never held the key
    const sneaked = await createWallet(claimer, holderKey)
    await asStoredBeforeProofs(app, sneaked.id)

    const hash = await holder.writeContract({
      address: token(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [treasury.address, knt('6')],
    })
    await app.chain.client.waitForTransactionReceipt({ hash })
    await indexed()
    expect(await balanceOf(app, claimer.user.id, 'knt')).toBe(0n)
    expect((await depositsOf(claimer)).list).toEqual([
      expect.objectContaining({ hash, status: 'held', held_reason: 'unproven' }),
    ])

    // the holder signs up and proves the address: the held deposit is theirs, never the claimer's
    const owner = await aUser(app)
    await createWallet(owner, holderKey, { method: '/v1/import' })
    const second = await holder.writeContract({
      address: token(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [treasury.address, knt('2')],
    })
    await app.chain.client.waitForTransactionReceipt({ hash: second })
    await indexed()
    expect(await balanceOf(app, owner.user.id, 'knt')).toBe(knt('2'))
    expect(await balanceOf(app, claimer.user.id, 'knt')).toBe(0n)
  })

  it('credits no one for a dev-chain Hardhat account’s transfer, even to an account that imported its public key', async () => {
    const hd = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 17 })
    const hardhat = privateKeyToAccount(toHex(hd.getHdKey().privateKey!))
    const user = await aUser(app)
    const wallet = await createWallet(user, hardhat, { method: '/v1/import' })
    expect(wallet).toMatchObject({ proven: true })
    await fund(app, hardhat.address)
    const sender = { client: user, wallet, key: hardhat, userId: user.user.id }
    const hash = await deposit(sender as Awaited<ReturnType<typeof userWithKnt>>, '10')
    await indexed()

    expect(await balanceOf(app, user.user.id, 'knt')).toBe(0n)
    expect((await depositsOf(user)).list).toEqual([
      expect.objectContaining({ hash, status: 'held', held_reason: 'system', amount: '10' }),
    ])
  })

  it('lists deposits credited before proofs for the operator, who holds or reverses each, audited, never below zero', async () => {
    // three deposits credited the way they were before proofs: their wallets are then left unproven
    const [kept, spent, reversedOne] = [await userWithKnt(), await userWithKnt(), await userWithKnt()]
    const hashes = {
      kept: await deposit(kept, '3'),
      spent: await deposit(spent, '8'),
      reversed: await deposit(reversedOne, '5'),
    }
    await indexed()
    for (const u of [kept, spent, reversedOne]) await asStoredBeforeProofs(app, u.wallet.id)
    await ok(spent.client, '/v1/pledge', {
      action: 'stake',
      amount: '8',
      request_id: `stake-${hashes.spent.slice(2, 18)}`,
    })

    const ops = (await operatorClient(app)).client
    const listed = async () =>
      (
        (await adminCall(ops, '/admin/deposits_unproven', { limit: 100 })).body.data.list as {
          id: number
          hash: string
        }[]
      )
        .filter((d) => Object.values(hashes).includes(d.hash as Hash))
        .map((d) => d.hash)
    expect((await listed()).sort()).toEqual(Object.values(hashes).sort())
    const idOf = async (hash: string) =>
      (
        (await adminCall(ops, '/admin/deposits_unproven', { limit: 100 })).body.data.list as {
          id: number
          hash: string
        }[]
      ).find((d) => d.hash === hash)!.id
    const ids = {
      kept: await idOf(hashes.kept),
      spent: await idOf(hashes.spent),
      reversed: await idOf(hashes.reversed),
    }

    const reversal = await adminCall(ops, '/admin/deposit_unproven', { id: ids.reversed, action: 'reverse' })
    expect(reversal.body.data).toMatchObject({ reversed: true, deposit: { status: 'held', held_reason: 'reversed' } })
    expect(await balanceOf(app, reversedOne.userId, 'knt')).toBe(0n)

    // staked: taking it back would go below zero, so it is held with the credit kept, and said so
    const refusedReversal = await adminCall(ops, '/admin/deposit_unproven', { id: ids.spent, action: 'reverse' })
    expect(refusedReversal.body.data).toMatchObject({
      reversed: false,
      deposit: { status: 'held', held_reason: 'unproven' },
    })
    expect(await balanceOf(app, spent.userId, 'knt')).toBe(0n)

    const held = await adminCall(ops, '/admin/deposit_unproven', { id: ids.kept, action: 'hold' })
    expect(held.body.data).toMatchObject({ reversed: false, deposit: { status: 'held', held_reason: 'unproven' } })
    expect(await balanceOf(app, kept.userId, 'knt')).toBe(knt('3'))
    expect(await listed()).toEqual([])
    expect((await adminCall(ops, '/admin/deposit_unproven', { id: ids.kept, action: 'reverse' })).body).toMatchObject({
      code: false,
      error: 'DEPOSIT_NOT_FOUND',
    })

    const audit = (await adminCall(ops, '/admin/audit', { limit: 50 })).body.data.list as {
      action: string
      target: string
    }[]
    expect(
      audit
        .filter((a) =>
          Object.values(ids)
            .map((id) => `deposit:${id}`)
            .includes(a.target),
        )
        .map((a) => a.action)
        .sort(),
    ).toEqual(['deposit.unproven_hold', 'deposit.unproven_reverse', 'deposit.unproven_reverse'])

    // the held one's owner proves the address: confirmed, credited nothing twice
    await ok(kept.client, '/v1/walletprove', {
      wallet_id: kept.wallet.id,
      proof: await proofFor(kept.client, kept.key, 'prove'),
    })
    expect(await balanceOf(app, kept.userId, 'knt')).toBe(knt('3'))
    expect((await depositsOf(kept.client)).list).toEqual([
      expect.objectContaining({ hash: hashes.kept, status: 'credited' }),
    ])
    // the reversed one goes back on chain (or to its rightful account): once
    const returned = await adminCall(ops, '/admin/deposit_return', { id: ids.reversed })
    expect(returned.body.data.deposit).toMatchObject({ status: 'returned' })
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
