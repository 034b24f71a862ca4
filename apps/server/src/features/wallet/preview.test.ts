import {
  encodeFunctionData,
  erc20Abi,
  formatEther,
  getAddress,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevChain, type DevChain } from '../../chain/devchain.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import {
  aFundedWallet,
  aKey,
  aSignedInUser,
  GWEI,
  indexChain,
  ok,
  refused,
  signTransfer,
  stopIndexer,
} from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await stopIndexer(app)
  await app?.close()
})

const usdt = () => app.chain.tokens.find((t) => t.symbol === 'USDT')?.contract as Address
const call = (fn: 'transfer' | 'approve', to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: fn, args: [to, amount] })

const aFundedPreviewer = (on: TestApp = app) => aFundedWallet(on, 'preview')

describe('see before you sign (/v1/simulate)', () => {
  it('says what a BNB send, a token send and an approval move, with the fee and the signing terms', async () => {
    const { client, wallet } = await aFundedPreviewer()
    const friend = aKey().address
    const bnb = await ok(client, '/v1/simulate', {
      wallet_id: wallet.id,
      to: friend,
      value: parseEther('1.5').toString(),
    })
    expect(bnb).toMatchObject({
      sends: [{ symbol: 'BNB', contract: null, amount: '1.5' }],
      receives: [],
      approvals: [],
      chain_id: 31337,
      nonce: 0,
    })
    // the node's estimate + 10%
    expect(BigInt(bnb.gas_limit)).toBeGreaterThanOrEqual(23_100n)
    expect(bnb.fee).toBe(formatEther(BigInt(bnb.gas_limit) * BigInt(bnb.gas_price)))
    expect(bnb.fee_usd).not.toBe('')

    const token = await ok(client, '/v1/simulate', {
      wallet_id: wallet.id,
      to: usdt(),
      data: call('transfer', friend, parseUnits('12.5', 18)),
      gas_price: (3n * GWEI).toString(),
    })
    expect(token).toMatchObject({ sends: [{ symbol: 'USDT', amount: '12.5' }], receives: [], approvals: [] })
    expect(token.fee).toBe(formatEther(BigInt(token.gas_limit) * 3n * GWEI))
    expect(BigInt(token.gas_price)).toBe(3n * GWEI)

    const toSelf = await ok(client, '/v1/simulate', {
      wallet_id: wallet.id,
      to: usdt(),
      data: call('transfer', wallet.key.address, parseUnits('2', 18)),
    })
    expect(toSelf.receives).toEqual([expect.objectContaining({ symbol: 'USDT', amount: '2' })])

    const approval = await ok(client, '/v1/simulate', {
      wallet_id: wallet.id,
      to: usdt(),
      data: call('approve', friend, maxUint256),
    })
    expect(approval).toMatchObject({
      sends: [],
      approvals: [{ symbol: 'USDT', spender: friend, unlimited: true }],
    })
  })

  it('refuses a transaction that would revert, with the reason, and another user’s wallet', async () => {
    const { client, wallet } = await aFundedPreviewer()
    const answer = await refused(client, '/v1/simulate', {
      wallet_id: wallet.id,
      to: usdt(),
      data: call('transfer', aKey().address, parseUnits('5000', 18)),
    })
    expect(answer).toMatchObject({
      error: 'TX_WOULD_REVERT',
      msg: 'The transaction would fail, nothing was sent: transfer amount exceeds balance',
    })
    const stranger = await aSignedInUser(app, 'stranger')
    const theirs = await refused(stranger, '/v1/simulate', { wallet_id: wallet.id, to: aKey().address })
    expect(theirs.error).toBe('WALLET_NOT_FOUND')
  })
})

describe('token approvals (/v1/approvals)', () => {
  it('lists the allowances of the spenders in the Approval logs, read on chain, until revoked', async () => {
    const { client, wallet } = await aFundedPreviewer()
    const spender = aKey().address
    const send = async (data: Hex, nonce: number) =>
      ok(client, '/v1/transaction', {
        wallet_id: wallet.id,
        raw: await signTransfer(wallet.key, { to: usdt(), data, nonce, gas: 100_000n }),
      })
    await send(call('approve', spender, parseUnits('100', 18)), 0)
    await indexChain(app)
    expect((await ok(client, '/v1/approvals', { wallet_id: wallet.id })).list).toEqual([
      { symbol: 'USDT', contract: usdt(), decimals: 18, spender, amount: '100', unlimited: false },
    ])
    const stranger = await aSignedInUser(app, 'stranger')
    expect((await refused(stranger, '/v1/approvals', { wallet_id: wallet.id })).error).toBe('WALLET_NOT_FOUND')

    await send(call('approve', spender, 0n), 1)
    await indexChain(app)
    expect((await ok(client, '/v1/approvals', { wallet_id: wallet.id })).list).toEqual([])
  })
})

describe('contracts Kinetic knows (/v1/known_contracts)', () => {
  it('names the exchange router and the treasury, checksummed, so a spender shows a name', async () => {
    const { client } = await aFundedPreviewer()
    const { dex } = app.config.chain
    const key = app.config.treasuryKey
    expect(dex).toBeDefined()
    expect(key).toBeDefined()
    expect((await ok(client, '/v1/known_contracts', {})).list).toEqual([
      { name: 'router', address: getAddress(dex?.router ?? '') },
      { name: 'treasury', address: privateKeyToAccount(key ?? '0x').address },
    ])
  })
})

describe('replacing a pending send', () => {
  // Mining stops here: on a dev chain and an app of this block's own, so the other test files'
  // transactions on the run's shared chain (test/devchain-setup.ts) are never left unmined.
  let ownChain: DevChain
  let own: TestApp
  beforeAll(async () => {
    ownChain = await startDevChain()
    own = await startTestApp({ CHAIN_RPC_URL: ownChain.url })
  }, 120_000)
  afterAll(async () => {
    if (own) await stopIndexer(own)
    await own?.close()
    await ownChain?.stop()
  })

  it('marks the pending send replaced by a speed-up or a cancel with its nonce', async () => {
    expect(own.config.chain.rpcUrl).not.toBe(app.config.chain.rpcUrl)
    const { client, wallet } = await aFundedPreviewer(own)
    const friend = aKey().address
    const post = async (tx: Parameters<typeof signTransfer>[1]) =>
      (await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw: await signTransfer(wallet.key, tx) })).hash
    // this chain mines no block meanwhile
    const rpc = (method: string, params: unknown[] = []) => own.chain.client.request({ method, params } as never)
    let stuck: string, faster: string, cancel: string
    await rpc('evm_setAutomine', [false])
    try {
      stuck = await post({ to: friend, value: parseEther('0.1'), nonce: 0, gasPrice: 2n * GWEI })
      faster = await post({ to: friend, value: parseEther('0.1'), nonce: 0, gasPrice: 3n * GWEI })
      cancel = await post({ to: wallet.key.address, nonce: 0, gasPrice: 4n * GWEI })
    } finally {
      await rpc('evm_setAutomine', [true])
      await rpc('evm_mine')
    }
    let detail = await ok(client, '/v1/hash', { hash: stuck })
    expect(detail.transfers[0]).toMatchObject({ status: 'pending', replaced_by: faster, replaced_as: 'speed_up' })
    detail = await ok(client, '/v1/hash', { hash: faster })
    expect(detail.transfers[0]).toMatchObject({ replaced_by: cancel, replaced_as: 'cancel', nonce: 0 })

    // only the cancel is mined with nonce 0
    await own.chain.client.waitForTransactionReceipt({ hash: cancel as Hex })
    await indexChain(own)
    detail = await ok(client, '/v1/hash', { hash: cancel })
    expect(detail.transfers[0]).toMatchObject({ status: 'success', replaced_by: '', amount: '0', direction: 'self' })
    expect(await own.chain.client.getBalance({ address: friend })).toBe(0n)
  })
})
