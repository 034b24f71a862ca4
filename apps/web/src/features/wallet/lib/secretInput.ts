import { isMnemonicShape, mnemonicWords } from '@kinetic/protocol'
import {
  accountFromPrivateKey,
  isValidMnemonic,
  isValidPrivateKey,
  normalizeMnemonic,
  type VaultSecret,
} from '@kinetic/wallet-core'
import type { Checked } from './transferChecks'

/** Words typed or pasted: exactly 12 words of the BIP39 list, with a valid checksum. */
export function readMnemonic(phrase: string): Checked<VaultSecret> {
  if (!isMnemonicShape(phrase)) return { ok: false, code: 'MNEMONIC_INVALID' }
  const mnemonic = normalizeMnemonic(mnemonicWords(phrase).join(' '))
  if (!isValidMnemonic(mnemonic)) return { ok: false, code: 'MNEMONIC_INVALID' }
  return { ok: true, value: { kind: 'mnemonic', mnemonic } }
}

/** A private key: 64 hex characters, with or without 0x, within the secp256k1 range. */
export function readPrivateKey(text: string): Checked<VaultSecret> {
  if (!isValidPrivateKey(text)) return { ok: false, code: 'PRIVATE_KEY_INVALID' }
  return { ok: true, value: { kind: 'private_key', privateKey: accountFromPrivateKey(text).privateKey } }
}
