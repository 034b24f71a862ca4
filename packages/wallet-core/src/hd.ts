import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { InvalidMnemonicError, InvalidPrivateKeyError } from './errors.ts'
import { isValidMnemonic, normalizeMnemonic } from './mnemonic.ts'

const ACCOUNT_PARENT = "m/44'/60'/0'/0"
/** BIP44 path of the first Ethereum-style account: the same words give the same address in MetaMask. */
export const DEFAULT_PATH = `${ACCOUNT_PARENT}/0` as const
/** Child indexes at and above 2^31 are hardened, so not valid here. */
export const MAX_ACCOUNT_INDEX = 2 ** 31 - 1
const MAX_INDEX = MAX_ACCOUNT_INDEX
/** How many accounts of one phrase are searched for an address (the phrase proves which account it is). */
export const ACCOUNT_SEARCH_LIMIT = 100

/** The order n of the secp256k1 group: a private key is an integer in 1 … n−1. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const PRIVATE_KEY_RE = /^(?:0x)?([0-9a-fA-F]{64})$/

/** An account: its EIP-55 checksummed address and its private key (0x + 64 lower-case hex). */
export interface KeyPair {
  address: `0x${string}`
  privateKey: `0x${string}`
}

/** The account at m/44'/60'/0'/0/index of a 12-word phrase (no BIP39 passphrase); throws InvalidMnemonicError. */
export function accountFromMnemonic(phrase: string, index = 0): KeyPair {
  if (!isValidMnemonic(phrase)) throw new InvalidMnemonicError()
  if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX) {
    throw new RangeError(`Account index must be an integer from 0 to ${MAX_INDEX}`)
  }
  const seed = mnemonicToSeedSync(normalizeMnemonic(phrase))
  const key = HDKey.fromMasterSeed(seed).derive(`${ACCOUNT_PARENT}/${index}`).privateKey
  if (!key) throw new Error('HD derivation gave no private key')
  return keyPair(toHex(key))
}

/** Whether `index` is a valid non-hardened account index (0 … 2^31 − 1). */
export function isAccountIndex(index: unknown): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index <= MAX_INDEX
}

/**
 * The index n < `limit` at which the phrase derives `address` (compared case-insensitively),
 * or undefined: which account of a phrase a wallet is, proven by the words alone.
 */
export function accountIndexOf(phrase: string, address: string, limit = ACCOUNT_SEARCH_LIMIT): number | undefined {
  if (!isValidMnemonic(phrase)) throw new InvalidMnemonicError()
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(normalizeMnemonic(phrase)))
  const wanted = address.toLowerCase()
  for (let index = 0; index < limit; index++) {
    const key = root.derive(`${ACCOUNT_PARENT}/${index}`).privateKey
    if (key && privateKeyToAccount(toHex(key)).address.toLowerCase() === wanted) return index
  }
  return undefined
}

/** The first account index above 0 whose address is not among `taken` (any case): the next account to add. */
export function nextAccountIndex(phrase: string, taken: readonly string[]): number {
  if (!isValidMnemonic(phrase)) throw new InvalidMnemonicError()
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(normalizeMnemonic(phrase)))
  const used = new Set(taken.map((a) => a.toLowerCase()))
  for (let index = 1; index <= MAX_INDEX; index++) {
    const key = root.derive(`${ACCOUNT_PARENT}/${index}`).privateKey
    if (key && !used.has(privateKeyToAccount(toHex(key)).address.toLowerCase())) return index
  }
  throw new RangeError('Every account index is taken')
}

/** The account of a raw private key, with or without 0x (surrounding white space ignored); throws InvalidPrivateKeyError. */
export function accountFromPrivateKey(key: string): KeyPair {
  const hex = parsePrivateKey(key)
  if (hex === undefined) throw new InvalidPrivateKeyError()
  return keyPair(hex)
}

/** Whether the text is 64 hex characters (0x optional) encoding a key in 1 … n−1 of secp256k1. */
export function isValidPrivateKey(key: string): boolean {
  return parsePrivateKey(key) !== undefined
}

/** The key as 0x + 64 lower-case hex when it is valid (for signing; not re-exported). */
export function parsePrivateKey(key: string): `0x${string}` | undefined {
  const digits = PRIVATE_KEY_RE.exec(key.trim())?.[1]
  if (digits === undefined) return undefined
  const hex = `0x${digits.toLowerCase()}` as const
  const k = BigInt(hex)
  return k > 0n && k < SECP256K1_N ? hex : undefined
}

function keyPair(privateKey: `0x${string}`): KeyPair {
  return { address: privateKeyToAccount(privateKey).address, privateKey }
}
