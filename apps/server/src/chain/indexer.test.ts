import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundedWallet, testChainConfig, track, type TestWallet } from '../../test/chain.ts'
import { cloneDatabase, headBlock } from '../../test/harness.ts'
import { trackedAddresses } from '../features/wallet/index.ts'
import { connect, type Database } from '../platform/db/client.ts'
import { KINETIC_TOKEN } from './artifacts.ts'
import { createChain } from './client.ts'
import { createIndexer, type IndexPass, type Indexer, type IndexerOptions } from './indexer.ts'
import { recordPending } from './indexer.repo.ts'
import { DEV_CONTRACTS } from './networks.ts'
import { pendingTransfer } from './pending.ts'

const config = testChainConfig()
const chain = createChain(config)
const usdt = DEV_CONTRACTS.usdt.toLowerCase()

let database: Database
let databaseUrl: string
let drop: () => Promise<void>
/**
 * Where this file's indexers start: the shared chain's head when it began. The blocks other files
 * mined before are not its business, and late in a run they are more than one pass follows.
 */
let indexFrom: number
/** Tracked: what the indexer must record. */
let alice: TestWallet
/** Not tracked: only what it exchanges with alice shows. */
let bob: TestWallet
const indexers: Indexer[] = []

function indexer(options: Partial<IndexerOptions> = {}): Indexer {
  const tracked = () => trackedAddresses(database.db)
  const created = createIndexer({ db: database.db, databaseUrl, chain: { ...config, indexFrom }, tracked, ...options })
  indexers.push(created)
  return created
}

/** One pass by a fresh indexer, which then gives the lock back. */
async function indexNow(options: Partial<IndexerOptions> = {}): Promise<IndexPass> {
  const once = indexer(options)
  try {
    return await once.indexOnce()
  } finally {
    await once.stop()
  }
}

beforeAll(async () => {
  indexFrom = await headBlock()
  const clone = await cloneDatabase()
  databaseUrl = clone.url
  drop = clone.drop
  database = connect(clone.url, 5)
  ;[alice, bob] = await Promise.all([fundedWallet(), fundedWallet()])
  await track(database, alice.account.address)
})
afterAll(async () => {
  await Promise.all(indexers.map((i) => i.stop()))
  await database.close()
  await drop()
})

interface Row {
  id: number
  hash: string
  log_index: number
  block_number: number | null
  block_hash: string | null
  from_address: string
  to_address: string
  token: string | null
  amount: string
  gas_price: string | null
  gas_used: string | null
  nonce: number | null
  data: string
  status: string
}

async function rows(where = 'true', values: unknown[] = []): Promise<Row[]> {
  const result = await database.pool.query<Row>(
    `SELECT * FROM chain_transfers WHERE chain_id = 31337 AND (${where}) ORDER BY block_number, log_index`,
    values,
  )
  return result.rows
}
const rowsOf = (hash: Hash) => rows('hash = $1', [hash])
const mined = (hash: Hash) => chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })

async function sendToken(from: TestWallet, token: string, to: Address, amount: bigint): Promise<Hash> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const hash = await from.sendTransaction({ to: token as Address, data })
  await mined(hash)
  return hash
}

describe('the indexer', () => {
  it('records transfers made directly on the chain, with amounts, status and fees', async () => {
    const sent = await alice.sendTransaction({ to: bob.account.address, value: parseEther('1.5'), data: '0x6869' })
    const received = await sendToken(bob, usdt, alice.account.address, parseUnits('25', 18))
    await mined(sent)
    // a transfer that reverts on chain (more USDT than alice has), sent with its own gas limit
    const failed = await alice.sendTransaction({
      to: DEV_CONTRACTS.usdt,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob.account.address, 10n ** 30n] }),
      gas: 100_000n,
    })
    expect((await mined(failed)).status).toBe('reverted')

    const pass = await indexNow()
    expect(pass).toMatchObject({ ran: true, caughtUp: true })

    const [native] = await rowsOf(sent)
    expect(native).toMatchObject({
      log_index: -1,
      from_address: alice.account.address.toLowerCase(),
      to_address: bob.account.address.toLowerCase(),
      token: null,
      amount: parseEther('1.5').toString(),
      gas_used: expect.stringMatching(/^2\d{4}$/),
      data: '0x6869',
      status: 'success',
    })
    expect(BigInt(native?.gas_price ?? 0)).toBeGreaterThan(0n)
    expect(native?.block_hash).toBe((await mined(sent)).blockHash)

    // bob's transaction is not followed, its Transfer log to alice is
    const incoming = await rowsOf(received)
    expect(incoming).toEqual([
      expect.objectContaining({
        from_address: bob.account.address.toLowerCase(),
        to_address: alice.account.address.toLowerCase(),
        token: usdt,
        amount: parseUnits('25', 18).toString(),
        status: 'success',
      }),
    ])
    expect(incoming[0]?.log_index).toBeGreaterThanOrEqual(0)

    expect(await rowsOf(failed)).toEqual([
      expect.objectContaining({ log_index: -1, token: null, amount: '0', status: 'failed', to_address: usdt }),
    ])

    // the dev chain is indexed from block 0: the faucet's payments to alice are there too
    const faucet = await rows('to_address = $1 AND from_address = $2', [
      alice.account.address.toLowerCase(),
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    ])
    expect(faucet.map((r) => [r.token, r.amount])).toEqual([
      [null, parseEther('10').toString()],
      [usdt, parseUnits('1000', 18).toString()],
      [DEV_CONTRACTS.knt.toLowerCase(), parseUnits('1000', 18).toString()],
    ])
  })

  it('records nothing twice when it runs again', async () => {
    const before = await rows()
    await indexNow()
    expect(await rows()).toEqual(before)
  })

  it('follows Transfer logs of a token nobody listed', async () => {
    const hash = await bob.deployContract({
      abi: KINETIC_TOKEN.abi,
      bytecode: KINETIC_TOKEN.bytecode,
      args: ['Other', 'OTH', parseUnits('100', 18)],
    })
    const token = (await mined(hash)).contractAddress as Address
    const sent = await sendToken(bob, token, alice.account.address, parseUnits('7', 18))
    await indexNow()
    expect(await rowsOf(sent)).toEqual([
      expect.objectContaining({ token: token.toLowerCase(), amount: parseUnits('7', 18).toString() }),
    ])
  })

  it('turns the pending row of a broadcast transfer into the confirmed one, not a second row', async () => {
    const raw: Hex = await alice.signTransaction(
      await alice.prepareTransactionRequest({
        to: DEV_CONTRACTS.usdt,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [bob.account.address, parseUnits('3', 18)],
        }),
      }),
    )
    const hash = await chain.sendRawTransaction(raw)
    await recordPending(database.db, await pendingTransfer(config.id, raw))
    const [pending] = await rowsOf(hash)
    expect(pending).toMatchObject({
      log_index: -1,
      status: 'pending',
      token: usdt,
      to_address: bob.account.address.toLowerCase(),
      amount: parseUnits('3', 18).toString(),
      block_number: null,
    })

    await mined(hash)
    await indexNow()
    const confirmed = await rowsOf(hash)
    expect(confirmed.map((r) => [r.log_index >= 0, r.token, r.amount, r.status])).toEqual([
      [false, null, '0', 'success'],
      [true, usdt, parseUnits('3', 18).toString(), 'success'],
    ])
    expect(confirmed[0]?.id).toBe(pending?.id) // the same row, now confirmed
    // recording it again after the indexer got there changes nothing
    await recordPending(database.db, await pendingTransfer(config.id, raw))
    expect(await rowsOf(hash)).toEqual(confirmed)
  })

  it('rolls back to the fork point after a reorg and indexes the real blocks again', async () => {
    const hash = await alice.sendTransaction({ to: bob.account.address, value: parseEther('0.25') })
    const { blockNumber } = await mined(hash)
    await indexNow()
    const before = await rows()

    // The database now believes in another branch from alice's block on.
    await database.pool.query(
      `UPDATE chain_blocks SET hash = '0x' || md5(hash) || md5(hash) WHERE chain_id = 31337 AND number >= $1`,
      [Number(blockNumber)],
    )
    await database.pool.query(
      `UPDATE chain_cursor SET block_hash = (SELECT hash FROM chain_blocks b WHERE b.chain_id = 31337 AND b.number = chain_cursor.block_number) WHERE chain_id = 31337`,
    )
    await mined(await bob.sendTransaction({ to: bob.account.address, value: 1n })) // a new block to look at

    const pass = await indexNow()
    expect(pass).toMatchObject({ ran: true, reorgs: 1, caughtUp: true })
    const after = await rows()
    const key = (r: Row) => `${r.hash}:${r.log_index}:${r.amount}:${r.block_hash}:${r.status}`
    expect(after.map(key)).toEqual(before.map(key))
    const { rows: kept } = await database.pool.query<{ hash: string }>(
      'SELECT hash FROM chain_blocks WHERE chain_id = 31337 AND number = $1',
      [Number(blockNumber)],
    )
    expect(kept[0]?.hash).toBe((await mined(hash)).blockHash)
  })

  it('starts over when the chain was re-created (another genesis)', async () => {
    const before = await rows('block_number IS NOT NULL')
    await database.pool.query(`UPDATE chain_blocks SET hash = '0x' || repeat('ab', 32) WHERE number = 0`)
    const pass = await indexNow()
    expect(pass).toMatchObject({ ran: true, resets: 1, caughtUp: true })
    const key = (r: Row) => `${r.hash}:${r.log_index}:${r.amount}:${r.block_hash}`
    expect((await rows()).map(key)).toEqual(before.map(key))
  })

  it('resumes from its cursor after a restart: nothing lost, nothing twice', async () => {
    const first = indexer()
    await first.indexOnce()
    await first.stop()
    const before = await rows()

    const whileDown = [
      await alice.sendTransaction({ to: bob.account.address, value: parseEther('0.1') }),
      await sendToken(bob, DEV_CONTRACTS.knt, alice.account.address, parseUnits('2', 18)),
    ]
    for (const hash of whileDown) await mined(hash)

    await indexNow()
    const after = await rows()
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.slice(before.length).map((r) => r.hash)).toEqual(whileDown)
  })

  it('is run by one instance at a time (advisory lock)', async () => {
    const [one, two] = [indexer(), indexer()]
    const passes = await Promise.all([one.indexOnce(), two.indexOnce()])
    expect(passes.filter((p) => p.ran)).toHaveLength(1)
    const [leader, follower] = one.holdsLock ? [one, two] : [two, one]
    expect(follower.holdsLock).toBe(false)
    expect(await follower.indexOnce()).toEqual({ ran: false })

    await leader.stop()
    expect(await follower.indexOnce()).toMatchObject({ ran: true })
    expect(follower.holdsLock).toBe(true)
    await follower.stop()
  })

  it('follows new blocks by itself once started', async () => {
    const running = indexer({ intervalMs: 100 })
    running.start()
    const hash = await sendToken(bob, usdt, alice.account.address, 1n)
    await expect.poll(() => rowsOf(hash), { timeout: 10_000, interval: 100 }).toHaveLength(1)
    await running.stop()
  })
  it('marks a pending transaction failed once another one took its nonce', async () => {
    const nonce = await chain.nonce(alice.account.address)
    // signed and recorded, but dropped before any block held it: never broadcast here
    const dropped = await alice.signTransaction(
      await alice.prepareTransactionRequest({ to: bob.account.address, value: 1n, nonce }),
    )
    await recordPending(database.db, await pendingTransfer(config.id, dropped))
    const replacement = await alice.sendTransaction({ to: bob.account.address, value: 2n, nonce })
    await mined(replacement)

    expect(await indexNow()).toMatchObject({ dropped: 0 }) // too recent to judge
    expect(await indexNow({ dropAfterMs: 0 })).toMatchObject({ dropped: 1 })
    expect(await rowsOf(keccak256(dropped))).toEqual([
      expect.objectContaining({ status: 'failed', block_number: null, amount: '1' }),
    ])
    expect(await rowsOf(replacement)).toEqual([expect.objectContaining({ status: 'success', amount: '2' })])
  })
})

describe('approvals', () => {
  it("records the Approval logs of a tracked owner, not of anyone else's", async () => {
    const spender = bob.account.address
    const approve = (from: TestWallet, amount: bigint) =>
      from.sendTransaction({
        to: DEV_CONTRACTS.usdt,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      })
    const mine = await approve(alice, parseUnits('40', 18))
    const theirs = await approve(bob, parseUnits('7', 18))
    await Promise.all([mined(mine), mined(theirs)])
    expect(await indexNow()).toMatchObject({ ran: true, caughtUp: true })

    const approvals = await database.pool.query<{ owner: string; token: string; spender: string; amount: string }>(
      'SELECT owner, token, spender, amount FROM chain_approvals WHERE chain_id = 31337 AND hash = ANY($1)',
      [[mine.toLowerCase(), theirs.toLowerCase()]],
    )
    expect(approvals.rows).toEqual([
      {
        owner: alice.account.address.toLowerCase(),
        token: usdt,
        spender: spender.toLowerCase(),
        amount: parseUnits('40', 18).toString(),
      },
    ])
  })
})
