import { fromBase64, toBase64 } from './base64.ts'
import { InvalidMnemonicError, InvalidVaultError, WrongPasswordError } from './errors.ts'
import { accountFromPrivateKey } from './hd.ts'
import { isValidMnemonic, normalizeMnemonic } from './mnemonic.ts'

/** What a vault protects: the 12 words of an HD wallet, or one imported private key. */
export type VaultSecret = { kind: 'mnemonic'; mnemonic: string } | { kind: 'private_key'; privateKey: `0x${string}` }

/** Format version written as `v`; decryptVault refuses any other. */
export const VAULT_VERSION = 1

const KDF = 'pbkdf2-sha256'
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (DESIGN §6). */
const DEFAULT_ITERATIONS = 600_000
/** Refuse vaults that would make the browser hash for minutes. */
const MAX_ITERATIONS = 10_000_000
const SALT_BYTES = 16
const IV_BYTES = 12
const TAG_BYTES = 16

/** The stored JSON: KDF parameters, salt, iv and AES-256-GCM ciphertext with its tag, all base64. */
interface VaultFile {
  v: typeof VAULT_VERSION
  kdf: typeof KDF
  iter: number
  salt: string
  iv: string
  ct: string
}

/**
 * Encrypts the secret with the wallet password: PBKDF2-SHA256 (600,000 iterations unless
 * options.iterations is given) to an AES-256-GCM key, fresh random salt and iv each time.
 * Returns the vault JSON, the only form in which the secret leaves the browser.
 * Throws InvalidMnemonicError / InvalidPrivateKeyError when the secret is not valid.
 */
export async function encryptVault(
  secret: VaultSecret,
  password: string,
  options: { iterations?: number } = {},
): Promise<string> {
  const iter = options.iterations ?? DEFAULT_ITERATIONS
  if (!isIterationCount(iter)) throw new RangeError(`iterations must be an integer from 1 to ${MAX_ITERATIONS}`)
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const key = await deriveKey(password, salt, iter)
  const plaintext = new TextEncoder().encode(JSON.stringify(canonical(secret)))
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext))
  const file: VaultFile = { v: VAULT_VERSION, kdf: KDF, iter, salt: toBase64(salt), iv: toBase64(iv), ct: toBase64(ct) }
  return JSON.stringify(file)
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

function isIterationCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ITERATIONS
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

/** The secret in its one stored form (normalized words, lower-case key), validated. */
function canonical(secret: VaultSecret): VaultSecret {
  if (secret.kind === 'mnemonic') {
    if (!isValidMnemonic(secret.mnemonic)) throw new InvalidMnemonicError()
    return { kind: 'mnemonic', mnemonic: normalizeMnemonic(secret.mnemonic) }
  }
  return { kind: 'private_key', privateKey: accountFromPrivateKey(secret.privateKey).privateKey }
}

function parseVault(vault: string) {
  let file: Partial<Record<keyof VaultFile, unknown>>
  try {
    file = JSON.parse(vault) as typeof file
  } catch {
    throw new InvalidVaultError('The vault is not JSON')
  }
  if (typeof file !== 'object' || file === null) throw new InvalidVaultError()
  if (file.v !== VAULT_VERSION) throw new InvalidVaultError(`Unknown vault version: ${String(file.v)}`)
  if (file.kdf !== KDF) throw new InvalidVaultError(`Unknown vault KDF: ${String(file.kdf)}`)
  if (!isIterationCount(file.iter)) throw new InvalidVaultError('Invalid iteration count')
  const salt = typeof file.salt === 'string' ? fromBase64(file.salt) : undefined
  const iv = typeof file.iv === 'string' ? fromBase64(file.iv) : undefined
  const ct = typeof file.ct === 'string' ? fromBase64(file.ct) : undefined
  if (salt?.length !== SALT_BYTES || iv?.length !== IV_BYTES || ct === undefined || ct.length < TAG_BYTES) {
    throw new InvalidVaultError()
  }
  return { iter: file.iter, salt, iv, ct }
}

/** The decrypted JSON back to a secret; it was authenticated, so a bad shape means a foreign writer. */
function parseSecret(json: string): VaultSecret {
  try {
    const secret = JSON.parse(json) as Partial<Record<'kind' | 'mnemonic' | 'privateKey', unknown>> | null
    if (secret?.kind === 'mnemonic' && typeof secret.mnemonic === 'string') {
      return canonical({ kind: 'mnemonic', mnemonic: secret.mnemonic })
    }
    if (secret?.kind === 'private_key' && typeof secret.privateKey === 'string') {
      return canonical({ kind: 'private_key', privateKey: secret.privateKey as `0x${string}` })
    }
  } catch {
    // not JSON, or a secret that is not valid: both mean the same to the caller
  }
  throw new InvalidVaultError('The vault holds no wallet secret')
}
