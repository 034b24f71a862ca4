import type { ErrorCode } from './errors.ts'

/**
 * The encrypted wallet ("vault") format that wallet-core writes and the server stores: JSON
 * `{v, kdf, iter, salt, iv, ct}` — PBKDF2-SHA256 over the wallet password to an AES-256-GCM
 * key; salt, iv and ciphertext (with its 16-byte tag) in standard padded base64. The checker
 * lives here, without zod and without key code, so wallet-core (before decrypting) and the
 * server (before storing) apply one rule.
 */
export const VAULT_VERSION = 1
export const VAULT_KDF = 'pbkdf2-sha256'
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (DESIGN §6): no cheaper vault is accepted. */
export const VAULT_MIN_ITERATIONS = 600_000
/** More would make a browser hash for minutes. */
export const VAULT_MAX_ITERATIONS = 10_000_000
export const VAULT_SALT_BYTES = 16
export const VAULT_IV_BYTES = 12
export const VAULT_TAG_BYTES = 16
/**
 * The sealed plaintext is the secret's JSON: `{"kind":"mnemonic","mnemonic":…}` with 12
 * BIP39 English words of 3–8 letters (80–140 bytes), plus `,"index":n` for a further account
 * of the phrase (n up to 2^31 − 1: at most 19 bytes more), or `{"kind":"private_key","privateKey":…}`
 * with 0x and 64 hex digits (104 bytes); the ciphertext is as long plus the tag.
 */
export const VAULT_CT_MIN_BYTES = 80 + VAULT_TAG_BYTES
export const VAULT_CT_MAX_BYTES = 140 + 19 + VAULT_TAG_BYTES

/** The vault's own fields; a problem is reported at `vault.<part>` (or `vault` for the whole). */
export const VAULT_PARTS = ['v', 'kdf', 'iter', 'salt', 'iv', 'ct'] as const
export type VaultPart = (typeof VAULT_PARTS)[number]

export interface VaultFile {
  v: typeof VAULT_VERSION
  kdf: typeof VAULT_KDF
  iter: number
  salt: Uint8Array<ArrayBuffer>
  iv: Uint8Array<ArrayBuffer>
  ct: Uint8Array<ArrayBuffer>
}

export type VaultCheck =
  | { ok: true; vault: VaultFile }
  /** `part` names the vault's field at fault (undefined: the text is no vault at all). */
  | { ok: false; code: ErrorCode; part?: string }

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The bytes of a standard padded base64 string, or undefined when it is not one. */
function bytesOf(value: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (typeof value !== 'string' || !BASE64_RE.test(value)) return undefined
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
}

export const isVaultIterationCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= VAULT_MIN_ITERATIONS && (value as number) <= VAULT_MAX_ITERATIONS

/**
 * Checks that `text` is a well-formed vault of this version: nothing more, nothing less, a
 * known KDF at no less than the minimum cost, salt and iv of their lengths, a ciphertext long
 * enough for a wallet secret and no longer. It cannot tell whether the password opens it.
 */
export function checkVault(text: string): VaultCheck {
  let file: unknown
  try {
    file = JSON.parse(text)
  } catch {
    return { ok: false, code: 'VAULT_MALFORMED' }
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return { ok: false, code: 'VAULT_MALFORMED' }
  const fields = file as Record<string, unknown>
  const extra = Object.keys(fields).find((key) => !(VAULT_PARTS as readonly string[]).includes(key))
  if (extra !== undefined) return { ok: false, code: 'FIELD_UNKNOWN', part: extra }
  if (fields.v !== VAULT_VERSION) return { ok: false, code: 'VAULT_VERSION_UNKNOWN', part: 'v' }
  if (fields.kdf !== VAULT_KDF) return { ok: false, code: 'VAULT_KDF_UNKNOWN', part: 'kdf' }
  if (!isVaultIterationCount(fields.iter)) return { ok: false, code: 'VAULT_ITERATIONS', part: 'iter' }
  const salt = bytesOf(fields.salt)
  if (salt?.length !== VAULT_SALT_BYTES) return { ok: false, code: 'FIELD_INVALID', part: 'salt' }
  const iv = bytesOf(fields.iv)
  if (iv?.length !== VAULT_IV_BYTES) return { ok: false, code: 'FIELD_INVALID', part: 'iv' }
  const ct = bytesOf(fields.ct)
  if (ct === undefined || ct.length < VAULT_CT_MIN_BYTES || ct.length > VAULT_CT_MAX_BYTES) {
    return { ok: false, code: 'FIELD_INVALID', part: 'ct' }
  }
  return { ok: true, vault: { v: VAULT_VERSION, kdf: VAULT_KDF, iter: fields.iter, salt, iv, ct } }
}
