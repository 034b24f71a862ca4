import { call } from '@/api'
import { wallet } from '@kinetic/protocol'
import {
  accountIndexOf,
  decryptVault,
  encryptVault,
  secretAccount,
  signProof,
  type VaultSecret,
} from '@kinetic/wallet-core'

export type WalletKind = (typeof wallet.WALLET_KINDS)[number]

/**
 * Where secrets meet the network. The server holds only the vault (ciphertext made here);
 * `unlock` fetches it and decrypts it with the password the person just typed.
 *
 * Locking after idle time: there is no unlocked session to lock. A decrypted secret lives
 * only inside the function that signs or in the export screen that shows it, and is
 * dropped when that finishes or the screen goes away; the next transfer or export asks
 * for the wallet password again. So an idle app never holds a usable key.
 */
export async function unlock(walletId: number, password: string): Promise<VaultSecret> {
  const { vault } = await call(wallet.walletPrivate, { wallet_id: walletId })
  return decryptVault(vault, password)
}

/**
 * Proves to the server that this device holds the secret's key (docs/adr/2026-11-28-proof-of-control.md):
 * a one-time challenge for the account's address and `purpose`, signed here, silently, after
 * the password was typed. Nothing of the key leaves the device: only the signature.
 */
export async function proveControl(
  secret: VaultSecret,
  purpose: (typeof wallet.PROOF_PURPOSES)[number],
): Promise<{ message: string; signature: string }> {
  const { address, privateKey } = accountOf(secret)
  const { message } = await call(wallet.walletChallenge, { address, purpose })
  return signProof(privateKey, message)
}

/** Encrypts a secret with a wallet password (PBKDF2 600k: about a second). */
export function seal(secret: VaultSecret, password: string): Promise<string> {
  return encryptVault(secret, password)
}

/** The account a secret signs with (a phrase's account at the index its vault keeps). */
export function accountOf(secret: VaultSecret): { address: string; privateKey: string } {
  return secretAccount(secret)
}

/**
 * The typed secret as the secret of the wallet at `address`, or undefined when it is not that
 * wallet's: a phrase proves any of its first accounts, so the index is found from the address.
 */
export function secretFor(secret: VaultSecret, address: string): VaultSecret | undefined {
  if (secret.kind === 'private_key') return sameAddress(accountOf(secret).address, address) ? secret : undefined
  const index = accountIndexOf(secret.mnemonic, address)
  return index === undefined ? undefined : { ...secret, index }
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
