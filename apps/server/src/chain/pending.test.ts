import { encodeFunctionData, erc20Abi, getContractAddress, keccak256, parseEther, parseGwei } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_CONTRACTS } from './networks.ts'
import { pendingTransfer } from './pending.ts'

const signer = privateKeyToAccount(generatePrivateKey())
const to = privateKeyToAddress(generatePrivateKey())
const base = { chainId: 31337, nonce: 7, gas: 60_000n, gasPrice: parseGwei('3'), type: 'legacy' } as const

describe('pendingTransfer', () => {
  it('reads the signer, hash, value and data of a BNB transfer', async () => {
    const raw = await signer.signTransaction({ ...base, to, value: parseEther('1.25'), data: '0x6869' })
    expect(await pendingTransfer(31337, raw)).toEqual({
      chainId: 31337,
      hash: keccak256(raw),
      from: signer.address,
      to,
      token: null,
      amount: parseEther('1.25'),
      gasPrice: parseGwei('3'),
      nonce: 7,
      data: '0x6869',
    })
  })

  it('reads the token, recipient and amount of a BEP20 transfer', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 5n * 10n ** 18n] })
    const raw = await signer.signTransaction({ ...base, to: DEV_CONTRACTS.usdt, data })
    expect(await pendingTransfer(31337, raw)).toMatchObject({
      from: signer.address,
      to,
      token: DEV_CONTRACTS.usdt,
      amount: 5n * 10n ** 18n,
      data: '',
    })
  })

  it('records another contract call, or a deployment, as the native transaction it is', async () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, 1n] })
    const call = await signer.signTransaction({ ...base, to: DEV_CONTRACTS.usdt, data: approve })
    expect(await pendingTransfer(31337, call)).toMatchObject({
      to: DEV_CONTRACTS.usdt,
      token: null,
      amount: 0n,
      data: approve,
    })

    const deploy = await signer.signTransaction({ ...base, data: '0x6000' })
    expect(await pendingTransfer(31337, deploy)).toMatchObject({
      to: getContractAddress({ from: signer.address, nonce: 7n }),
      token: null,
    })
  })

  it('refuses bytes that are no signed transaction', async () => {
    await expect(pendingTransfer(31337, '0x1234')).rejects.toThrow()
  })
})
