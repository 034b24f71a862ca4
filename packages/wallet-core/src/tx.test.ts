import {
  decodeFunctionData,
  erc20Abi,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerializedLegacy,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeData } from './data.ts'
import { InvalidAmountError, InvalidPrivateKeyError } from './errors.ts'
import { buildTransfer, signTransfer, type TransferRequest } from './tx.ts'

const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDT = '0x55d398326f99059fF775485246999027B3197955'
const BSC = 56

/** A 0.5 BNB transfer on BSC with a 3 gwei gas price; override what a test is about. */
const aTransfer = (change: Partial<TransferRequest> = {}): TransferRequest => ({
  chainId: BSC,
  nonce: 7,
  gasPrice: 3_000_000_000n,
  gasLimit: 21_000n,
  to: RECIPIENT,
  amount: 500_000_000_000_000_000n,
  ...change,
})

/** The signed raw transaction as a node decodes it, with the address that signed it. */
async function broadcastView(raw: Hex) {
  return {
    ...parseTransaction(raw),
    from: await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedLegacy }),
  }
}

describe('signTransfer', () => {
  it('signs a BNB transfer as a legacy EIP-155 transaction', async () => {
    const tx = await broadcastView(await signTransfer(KEY, aTransfer()))
    expect(tx).toMatchObject({
      type: 'legacy',
      from: SIGNER,
      to: RECIPIENT.toLowerCase(),
      value: 500_000_000_000_000_000n,
      chainId: BSC,
      nonce: 7,
      gasPrice: 3_000_000_000n,
      gas: 21_000n,
    })
    expect([BigInt(BSC * 2 + 35), BigInt(BSC * 2 + 36)]).toContain(tx.v)
    expect(tx.data).toBeUndefined()
  })

  it('carries a text note that reads back from the chain', async () => {
    const text = 'Invoice 42 — 谢谢 🎉'
    const tx = await broadcastView(await signTransfer(KEY, aTransfer({ data: { text }, gasLimit: 60_000n })))
    expect(decodeData(tx.data ?? '')).toEqual({ hex: tx.data, text })
  })

  it('carries raw hex data as given', async () => {
    const tx = await broadcastView(await signTransfer(KEY, aTransfer({ data: { hex: '0xDEADBEEF' } })))
    expect(tx.data).toBe('0xdeadbeef')
  })

  it('signs a BEP20 transfer as a call of transfer(to, amount) on the token, with no BNB', async () => {
    const amount = 12_340_000_000_000_000_000n
    const tx = await broadcastView(await signTransfer(KEY, aTransfer({ token: USDT, amount, gasLimit: 65_000n })))
    expect(tx).toMatchObject({ type: 'legacy', from: SIGNER, to: USDT.toLowerCase(), chainId: BSC, nonce: 7 })
    expect(tx.value ?? 0n).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data ?? '0x' })).toEqual({
      functionName: 'transfer',
      args: [RECIPIENT, amount],
    })
  })

  it('binds the signature to the chain id', async () => {
    const testnet = await broadcastView(await signTransfer(KEY, aTransfer({ chainId: 97 })))
    expect(testnet).toMatchObject({ chainId: 97, from: SIGNER })
  })

  it('refuses an invalid private key', async () => {
    await expect(signTransfer('0x1234', aTransfer())).rejects.toThrow(InvalidPrivateKeyError)
  })
})

describe('buildTransfer', () => {
  it('builds a BNB transfer without data when there is none', () => {
    expect(buildTransfer(aTransfer())).toEqual({
      type: 'legacy',
      chainId: BSC,
      nonce: 7,
      gasPrice: 3_000_000_000n,
      gas: 21_000n,
      to: RECIPIENT,
      value: 500_000_000_000_000_000n,
    })
  })

  it('refuses data on a token transfer', () => {
    expect(() => buildTransfer(aTransfer({ token: USDT, data: { text: 'hi' } }))).toThrow(
      expect.objectContaining({ code: 'FIELD_INVALID' }),
    )
  })

  it('refuses an invalid recipient or token address', () => {
    const badChecksum = RECIPIENT.replace('C5', 'c5') as Hex
    expect(() => buildTransfer(aTransfer({ to: badChecksum }))).toThrow(
      expect.objectContaining({ code: 'ADDRESS_INVALID' }),
    )
    expect(() => buildTransfer(aTransfer({ token: '0x1234' }))).toThrow(
      expect.objectContaining({ code: 'ADDRESS_INVALID' }),
    )
  })

  it('refuses a negative amount', () => {
    expect(() => buildTransfer(aTransfer({ amount: -1n }))).toThrow(InvalidAmountError)
  })
})
