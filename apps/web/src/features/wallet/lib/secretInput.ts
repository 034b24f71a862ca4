import {
  accountFromPrivateKey,
  isValidPrivateKey,
  mnemonicProblem,
  normalizeMnemonic,
  type VaultSecret,
} from '@kinetic/wallet-core'
import type { Problem } from './problems'

export type ReadSecret = { ok: true; value: VaultSecret } | { ok: false; problem: Problem }

/**
 * Words typed or pasted: exactly 12 words of the BIP39 list, with a valid checksum. A refusal
 * names the words off the list by position, else the count, else the checksum.
 */
export function readMnemonic(phrase: string): ReadSecret {
  const problem = mnemonicProblem(phrase)
  if (problem?.kind === 'unknown') return { ok: false, problem: { unknownWords: problem.words } }
  if (problem?.kind === 'count') return { ok: false, problem: { code: 'MNEMONIC_INVALID' } }
  if (problem?.kind === 'checksum') return { ok: false, problem: { code: 'MNEMONIC_CHECKSUM' } }
  return { ok: true, value: { kind: 'mnemonic', mnemonic: normalizeMnemonic(phrase) } }
}

/** A private key: 64 hex characters, with or without 0x, within the secp256k1 range. */
export function readPrivateKey(text: string): ReadSecret {
  if (!isValidPrivateKey(text)) return { ok: false, problem: { code: 'PRIVATE_KEY_INVALID' } }
  return { ok: true, value: { kind: 'private_key', privateKey: accountFromPrivateKey(text).privateKey } }
}
