import { verifyMessage } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { accountFromPrivateKey } from './hd.ts'
import { signProof } from './proof.ts'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const OTHER = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

const challenge = (address: `0x${string}`) =>
  createSiweMessage({
    domain: 'app.kinetic.test',
    address,
    statement: 'I hold the key of this address.',
    uri: 'https://app.kinetic.test',
    version: '1',
    chainId: 56,
    nonce: 'abcdef123456',
    issuedAt: new Date('2026-11-28T12:00:00Z'),
    expirationTime: new Date('2026-11-28T12:05:00Z'),
  })

describe('signProof', () => {
  it('signs its own address’s challenge so that ecrecover gives the address', async () => {
    const address = accountFromPrivateKey(KEY).address as `0x${string}`
    const message = challenge(address)
    const proof = await signProof(KEY, message)
    expect(proof.message).toBe(message)
    expect(await verifyMessage({ address, message, signature: proof.signature as `0x${string}` })).toBe(true)
  })

  it('refuses a challenge for another address and a message that is no challenge', async () => {
    const other = accountFromPrivateKey(OTHER).address as `0x${string}`
    await expect(signProof(KEY, challenge(other))).rejects.toMatchObject({ code: 'WALLET_PROOF_INVALID' })
    await expect(signProof(KEY, 'please sign this')).rejects.toMatchObject({ code: 'WALLET_PROOF_INVALID' })
  })
})
