import { getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { InvalidPrivateKeyError, WalletCoreError } from './errors.ts'
import { parsePrivateKey } from './hd.ts'

/**
 * Signs a proof of control (docs/adr/2026-11-28-proof-of-control.md): the server's one-time
 * EIP-4361 challenge, with the key itself (personal_sign), here on the device. Only a message
 * naming this key's own address is signed — a challenge for another address, or no EIP-4361
 * message at all, is refused (WALLET_PROOF_INVALID).
 */
export async function signProof(privateKey: string, message: string): Promise<{ message: string; signature: string }> {
  const key = parsePrivateKey(privateKey)
  if (!key) throw new InvalidPrivateKeyError()
  const account = privateKeyToAccount(key)
  let named: string | undefined
  try {
    named = parseSiweMessage(message).address
  } catch {
    named = undefined
  }
  if (!named || getAddress(named) !== account.address)
    throw new WalletCoreError('WALLET_PROOF_INVALID', 'The challenge is not for this wallet')
  return { message, signature: await account.signMessage({ message }) }
}
