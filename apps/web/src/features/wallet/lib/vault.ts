import { call } from '@/api'
import { wallet } from '@kinetic/protocol'
import {
  accountFromMnemonic,
  accountFromPrivateKey,
  decryptVault,
  encryptVault,
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

/** Encrypts a secret with a wallet password (PBKDF2 600k: about a second). */
export function seal(secret: VaultSecret, password: string): Promise<string> {
  return encryptVault(secret, password)
}

export function accountOf(secret: VaultSecret): { address: string; privateKey: string } {
  return secret.kind === 'mnemonic' ? accountFromMnemonic(secret.mnemonic) : accountFromPrivateKey(secret.privateKey)
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
