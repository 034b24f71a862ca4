import { encodeFunctionData, erc20Abi, parseEther, parseUnits, zeroAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fundedWallet, testChainConfig, walletFor } from '../../test/chain.ts'
import { freePort } from '../platform/db/embedded.ts'
import { ChainRejected, ChainUnavailable } from './chain.ts'
import { createChain } from './client.ts'
import { DEV_CONTRACTS } from './networks.ts'

/** Hardhat's account #1 (well known; on the dev chain only this file signs with it). */
const HARDHAT_KEY_1: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

const chain = createChain(testChainConfig())
const { usdt, knt } = DEV_CONTRACTS

/** JSON-RPC methods sent over HTTP while `run` runs. */
async function rpcMethods(run: () => Promise<unknown>): Promise<string[]> {
  const methods: string[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[]
    for (const call of [body].flat()) methods.push(call.method)
    return realFetch(input, init)
  })
  await run()
  return methods
}
afterEach(() => vi.restoreAllMocks())

describe('balances', () => {
  it('reads BNB, USDT and KNT of a faucet-funded address in one eth_call', async () => {
    const { account } = await fundedWallet()
    let balances: bigint[] = []
    const methods = await rpcMethods(async () => {
      balances = await chain.balances(account.address, [null, usdt, knt])
    })
    expect(balances).toEqual([parseEther('10'), parseUnits('1000', 18), parseUnits('1000', 18)])
    expect(methods).toEqual(['eth_call'])
  })

  it('reads zero for a fresh address and for an entry that is not a token', async () => {
    const fresh = privateKeyToAddress(generatePrivateKey())
    expect(await chain.balances(fresh, [null, usdt, fresh])).toEqual([0n, 0n, 0n])
    expect(await chain.balances(fresh, [])).toEqual([])
  })
})

describe('tokenMeta', () => {
  it('reads name, symbol and decimals of a BEP20', async () => {
    expect(await chain.tokenMeta(usdt)).toEqual({ name: 'Tether USD', symbol: 'USDT', decimals: 18 })
    expect(await chain.tokenMeta(knt)).toEqual({ name: 'Kinetic', symbol: 'KNT', decimals: 18 })
  })

  it('answers undefined for an account, an empty address and a contract that is no token', async () => {
    const { account } = await fundedWallet()
    expect(await chain.tokenMeta(account.address)).toBeUndefined()
    expect(await chain.tokenMeta(privateKeyToAddress(generatePrivateKey()))).toBeUndefined()
    expect(await chain.tokenMeta(DEV_CONTRACTS.multicall)).toBeUndefined()
  })
})

describe('sending', () => {
  it('broadcasts a transaction signed elsewhere and the node mines it', async () => {
    const signer = walletFor(HARDHAT_KEY_1)
    const to = privateKeyToAddress(generatePrivateKey())
    const nonce = await chain.nonce(signer.account.address)
    const gasPrice = await chain.gasPrice()
    expect(gasPrice).toBeGreaterThan(0n)
    const gas = await chain.estimateGas({ from: signer.account.address, to, value: 1n })
    expect(gas).toBeGreaterThanOrEqual(21_000n)
    expect(gas).toBeLessThan(22_000n)

    const raw = await signer.signTransaction({ to, value: parseEther('0.5'), gas: 21_000n, gasPrice, nonce })
    const hash = await chain.sendRawTransaction(raw)
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await chain.balances(to, [null])).toEqual([parseEther('0.5')])
    expect(await chain.nonce(signer.account.address)).toBe(nonce + 1)

    // the same bytes again: the node refuses, in words a wallet can show
    await expect(chain.sendRawTransaction(raw)).rejects.toEqual(new ChainRejected('nonce too low'))
  })

  it('refuses a transaction whose sender cannot pay for it', async () => {
    const broke = walletFor(generatePrivateKey())
    const raw = await broke.signTransaction({
      to: zeroAddress,
      value: 1n,
      gas: 21_000n,
      gasPrice: await chain.gasPrice(),
      nonce: 0,
    })
    const error = await chain.sendRawTransaction(raw).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainRejected)
    expect((error as ChainRejected).reason).toBe('insufficient funds for gas * price + value')
  })

  it('says why a token transfer would fail when estimating it', async () => {
    const { account } = await fundedWallet()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [zeroAddress.replace(/0$/, '1') as Hex, parseUnits('5000', 18)],
    })
    await expect(chain.estimateGas({ from: account.address, to: usdt, data })).rejects.toEqual(
      new ChainRejected('transfer amount exceeds balance'),
    )
  })
})

describe('a node that does not answer', () => {
  it('makes every call fail with ChainUnavailable', async () => {
    const down = createChain({ ...testChainConfig(), rpcUrl: `http://127.0.0.1:${await freePort()}` })
    const address = privateKeyToAddress(generatePrivateKey())
    const calls: (() => Promise<unknown>)[] = [
      () => down.balances(address, [null, usdt]),
      () => down.gasPrice(),
      () => down.estimateGas({ from: address, to: address }),
      () => down.nonce(address),
      () => down.tokenMeta(usdt),
      () => down.sendRawTransaction('0x02f86c827a6980843b9aca00'),
      () => down.blockNumber(),
    ]
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(ChainUnavailable)
  })
})
