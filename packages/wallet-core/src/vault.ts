import {
  checkVault,
  isVaultIterationCount,
  VAULT_IV_BYTES,
  VAULT_KDF,
  VAULT_MAX_ITERATIONS,
  VAULT_MIN_ITERATIONS,
  VAULT_SALT_BYTES,
  VAULT_VERSION as FORMAT_VERSION,
} from '@kinetic/protocol'
import { toBase64 } from './base64.ts'
import { InvalidMnemonicError, InvalidVaultError, WrongPasswordError } from './errors.ts'
import { accountFromMnemonic, accountFromPrivateKey, isAccountIndex, type KeyPair } from './hd.ts'
import { isValidMnemonic, normalizeMnemonic } from './mnemonic.ts'

/**
 * What a vault protects: the 12 words of an HD wallet with the account index the wallet uses
 * (m/44'/60'/0'/0/index; absent means 0), or one imported private key.
 */
export type VaultSecret =
  | { kind: 'mnemonic'; mnemonic: string; index?: number | undefined }
  | { kind: 'private_key'; privateKey: `0x${string}` }

/** Format version written as `v`; decryptVault refuses any other. */
export const VAULT_VERSION = FORMAT_VERSION

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (DESIGN §6), the least the format accepts. */
const DEFAULT_ITERATIONS = VAULT_MIN_ITERATIONS

/**
 * Encrypts the secret with the wallet password: PBKDF2-SHA256 (600,000 iterations unless
 * options.iterations asks for more) to an AES-256-GCM key, fresh random salt and iv each time.
 * Returns the vault JSON, the only form in which the secret leaves the browser.
 * Throws InvalidMnemonicError / InvalidPrivateKeyError when the secret is not valid.
 */
export async function encryptVault(
  secret: VaultSecret,
  password: string,
  options: { iterations?: number } = {},
): Promise<string> {
  const seal = await vaultSealer(password, options)
  return seal(secret)
}

/**
 * Derives the key from the password once (one fresh salt) and seals any number of secrets
 * with it, each under a fresh iv: every result is an ordinary vault that decryptVault opens
 * with the password. For a caller that seals many secrets under one password (the bench's
 * simulated people) without paying the key derivation for each.
 */
export async function vaultSealer(
  password: string,
  options: { iterations?: number } = {},
): Promise<(secret: VaultSecret) => Promise<string>> {
  const iter = options.iterations ?? DEFAULT_ITERATIONS
  if (!isVaultIterationCount(iter)) {
    throw new RangeError(`iterations must be an integer from ${VAULT_MIN_ITERATIONS} to ${VAULT_MAX_ITERATIONS}`)
  }
  const salt = crypto.getRandomValues(new Uint8Array(VAULT_SALT_BYTES))
  const key = await deriveKey(password, salt, iter)
  return async (secret) => {
    const plaintext = new TextEncoder().encode(JSON.stringify(canonical(secret)))
    const iv = crypto.getRandomValues(new Uint8Array(VAULT_IV_BYTES))
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext))
    return JSON.stringify({
      v: VAULT_VERSION,
      kdf: VAULT_KDF,
      iter,
      salt: toBase64(salt),
      iv: toBase64(iv),
      ct: toBase64(ct),
    })
  }
}

/**
 * Decrypts a vault made by encryptVault. Throws InvalidVaultError when it is not a vault of
 * this version, WrongPasswordError when the password is wrong or the ciphertext was altered.
 */
export async function decryptVault(vault: string, password: string): Promise<VaultSecret> {
  const { iter, salt, iv, ct } = parseVault(vault)
  const key = await deriveKey(password, salt, iter)
  let plaintext: ArrayBuffer
  try {
    plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ct)
  } catch {
    throw new WrongPasswordError()
  }
  return parseSecret(new TextDecoder().decode(plaintext))
}

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** The account a vault's secret signs with: the words' account at its index, or the key's. */
export function secretAccount(secret: VaultSecret): KeyPair {
  return secret.kind === 'mnemonic'
    ? accountFromMnemonic(secret.mnemonic, secret.index ?? 0)
    : accountFromPrivateKey(secret.privateKey)
}

/** The secret in its one stored form (normalized words, index only above 0, lower-case key), validated. */
function canonical(secret: VaultSecret): VaultSecret {
  if (secret.kind === 'mnemonic') {
    if (!isValidMnemonic(secret.mnemonic)) throw new InvalidMnemonicError()
    const index = secret.index ?? 0
    if (!isAccountIndex(index)) throw new RangeError('The account index must be an integer from 0 to 2^31 − 1')
    const mnemonic = normalizeMnemonic(secret.mnemonic)
    return index === 0 ? { kind: 'mnemonic', mnemonic } : { kind: 'mnemonic', mnemonic, index }
  }
  return { kind: 'private_key', privateKey: accountFromPrivateKey(secret.privateKey).privateKey }
}

/** The vault's parts, after protocol's checkVault: the one rule the server applies before storing it. */
function parseVault(vault: string) {
  const checked = checkVault(vault)
  if (!checked.ok)
    throw new InvalidVaultError(`The vault is malformed: ${checked.part ?? 'not a vault'} (${checked.code})`)
  return checked.vault
}

/** The decrypted JSON back to a secret; it was authenticated, so a bad shape means a foreign writer. */
function parseSecret(json: string): VaultSecret {
  try {
    const secret = JSON.parse(json) as Partial<Record<'kind' | 'mnemonic' | 'privateKey' | 'index', unknown>> | null
    if (
      secret?.kind === 'mnemonic' &&
      typeof secret.mnemonic === 'string' &&
      (secret.index === undefined || isAccountIndex(secret.index))
    ) {
      return canonical({ kind: 'mnemonic', mnemonic: secret.mnemonic, index: secret.index })
    }
    if (secret?.kind === 'private_key' && typeof secret.privateKey === 'string') {
      return canonical({ kind: 'private_key', privateKey: secret.privateKey as `0x${string}` })
    }
  } catch {
    // not JSON, or a secret that is not valid: both mean the same to the caller
  }
  throw new InvalidVaultError('The vault holds no wallet secret')
}
