import { encodeFunctionData, erc20Abi, keccak256, parseEther, serializeTransaction } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { readSignedTx } from './signed-tx.ts'

const account = privateKeyToAccount(generatePrivateKey())
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('reading a signed transaction', () => {
  it('recovers the signer and the most the fee can be of a legacy transfer', async () => {
    const raw = await account.signTransaction({
      type: 'legacy',
      chainId: 97,
      nonce: 4,
      to: TO,
      value: parseEther('1.5'),
      gas: 21_000n,
      gasPrice: 3_000_000_000n,
    })
    expect(await readSignedTx(raw)).toEqual({
      hash: keccak256(raw),
      from: account.address.toLowerCase(),
      to: TO.toLowerCase(),
      chainId: 97,
      nonce: 4,
      value: parseEther('1.5'),
      maxFee: 21_000n * 3_000_000_000n,
      gasPrice: 3_000_000_000n,
      data: '',
      token: undefined,
    })
  })

  it('reads a BEP20 transfer(to, amount) from the call data', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, 25n] })
    const raw = await account.signTransaction({
      chainId: 56,
      to: TOKEN,
      data,
      gas: 60_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const tx = await readSignedTx(raw)
    expect(tx.token).toEqual({ contract: TOKEN.toLowerCase(), to: TO.toLowerCase(), amount: 25n })
    expect(tx.maxFee).toBe(120_000_000_000_000n)
  })

  it('refuses an unsigned transaction, a contract creation and bytes that are no transaction', async () => {
    const unsigned = serializeTransaction({ chainId: 56, to: TO, value: 1n, gas: 21_000n, gasPrice: 1n })
    await expect(readSignedTx(unsigned)).rejects.toMatchObject({ code: 'FIELD_INVALID', options: { field: 'raw' } })
    const creation = await account.signTransaction({ chainId: 56, data: '0x6000', gas: 90_000n, gasPrice: 1n })
    await expect(readSignedTx(creation)).rejects.toMatchObject({ code: 'FIELD_INVALID' })
    await expect(readSignedTx('0xdeadbeef')).rejects.toMatchObject({ code: 'FIELD_INVALID' })
  })
})
