import { wallet } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { InvalidMnemonicError, InvalidVaultError, WrongPasswordError } from './errors.ts'
import { VAULT_VERSION, decryptVault, encryptVault, secretAccount, vaultSealer, type VaultSecret } from './vault.ts'

const PASSWORD = 'correct-horse'
const WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const MNEMONIC: VaultSecret = { kind: 'mnemonic', mnemonic: WORDS }
const PRIVATE_KEY: VaultSecret = { kind: 'private_key', privateKey: KEY }

const fields = (vault: string) => JSON.parse(vault) as Record<string, unknown>
const withFields = (vault: string, change: Record<string, unknown>) => JSON.stringify({ ...fields(vault), ...change })

/** A vault encrypted correctly, as a foreign writer could, around any plaintext. */
async function sealRaw(plaintext: string, iterations = 600_000): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSWORD), 'PBKDF2', false, [
    'deriveKey',
  ])
  const key = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  )
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)),
  )
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
  return JSON.stringify({ v: 1, kdf: 'pbkdf2-sha256', iter: iterations, salt: b64(salt), iv: b64(iv), ct: b64(ct) })
}

/** The base64 field with one bit of its byte at `index` flipped. */
function flipByte(b64: string, index: number): string {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
  bytes[index] = (bytes[index] ?? 0) ^ 1
  return btoa(String.fromCharCode(...bytes))
}

describe('encryptVault / decryptVault', () => {
  it.each([MNEMONIC, PRIVATE_KEY])('round-trips a $kind secret', async (secret) => {
    const vault = await encryptVault(secret, PASSWORD)
    await expect(decryptVault(vault, PASSWORD)).resolves.toEqual(secret)
  })

  it("keeps a phrase's account index, and signs as that account", async () => {
    const junk = 'test test test test test test test test test test test junk'
    const vault = await encryptVault({ kind: 'mnemonic', mnemonic: junk, index: 1 }, PASSWORD)
    const secret = await decryptVault(vault, PASSWORD)
    expect(secret).toEqual({ kind: 'mnemonic', mnemonic: junk, index: 1 })
    expect(secretAccount(secret).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    // index 0 is the phrase's first account and is stored as before (no index)
    const first = await decryptVault(
      await encryptVault({ kind: 'mnemonic', mnemonic: junk, index: 0 }, PASSWORD),
      PASSWORD,
    )
    expect(first).toEqual({ kind: 'mnemonic', mnemonic: junk })
    expect(secretAccount(first).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  }, 30_000)

  it('seals the highest account index within the checked vault size', async () => {
    const secret: VaultSecret = { kind: 'mnemonic', mnemonic: WORDS, index: 2 ** 31 - 1 }
    await expect(decryptVault(await encryptVault(secret, PASSWORD), PASSWORD)).resolves.toEqual(secret)
  }, 30_000)

  it('refuses a hardened or fractional account index', async () => {
    for (const index of [-1, 0.5, 2 ** 31]) {
      await expect(encryptVault({ kind: 'mnemonic', mnemonic: WORDS, index }, PASSWORD)).rejects.toThrow(RangeError)
    }
    await expect(
      decryptVault(await sealRaw(JSON.stringify({ kind: 'mnemonic', mnemonic: WORDS, index: -1 })), PASSWORD),
    ).rejects.toThrow(InvalidVaultError)
  }, 30_000)

  it('stores the words normalized and the key in lower case', async () => {
    const words = await encryptVault({ kind: 'mnemonic', mnemonic: ` ${WORDS.toUpperCase()} ` }, PASSWORD)
    await expect(decryptVault(words, PASSWORD)).resolves.toEqual(MNEMONIC)
    const key = await encryptVault({ kind: 'private_key', privateKey: `0x${KEY.slice(2).toUpperCase()}` }, PASSWORD)
    await expect(decryptVault(key, PASSWORD)).resolves.toEqual(PRIVATE_KEY)
  })

  it('refuses to encrypt a secret that is not a valid wallet', async () => {
    await expect(encryptVault({ kind: 'mnemonic', mnemonic: 'legal winner' }, PASSWORD)).rejects.toThrow(
      InvalidMnemonicError,
    )
    await expect(encryptVault({ kind: 'private_key', privateKey: '0x00' }, PASSWORD)).rejects.toMatchObject({
      code: 'PRIVATE_KEY_INVALID',
    })
  })

  it('refuses a wrong password with WALLET_PASSWORD_WRONG', async () => {
    const vault = await encryptVault(MNEMONIC, PASSWORD)
    await expect(decryptVault(vault, 'correct-horsE')).rejects.toThrow(WrongPasswordError)
    await expect(decryptVault(vault, '')).rejects.toMatchObject({ code: 'WALLET_PASSWORD_WRONG' })
  })

  it('treats a changed ciphertext, tag, salt, iv or iteration count like a wrong password', async () => {
    const vault = await encryptVault(PRIVATE_KEY, PASSWORD)
    const { ct, salt, iv } = fields(vault) as { ct: string; salt: string; iv: string }
    const tampered = [
      { ct: flipByte(ct, 0) },
      { ct: flipByte(ct, atob(ct).length - 1) },
      { salt: flipByte(salt, 3) },
      { iv: flipByte(iv, 11) },
      { iter: 600_001 },
    ]
    for (const change of tampered) {
      await expect(decryptVault(withFields(vault, change), PASSWORD)).rejects.toThrow(WrongPasswordError)
    }
  })

  it('refuses a malformed vault or an unknown version with InvalidVaultError (FIELD_INVALID)', async () => {
    const vault = await encryptVault(MNEMONIC, PASSWORD)
    const malformed = [
      '',
      'not json',
      'null',
      '[]',
      vault.slice(0, -1),
      withFields(vault, { v: 2 }),
      withFields(vault, { v: '1' }),
      withFields(vault, { kdf: 'scrypt' }),
      withFields(vault, { iter: 0 }),
      withFields(vault, { iter: 1000 }),
      withFields(vault, { iter: 1e9 }),
      withFields(vault, { words: WORDS }),
      withFields(vault, { salt: 'AAAA' }),
      withFields(vault, { iv: '!!!!' }),
      withFields(vault, { ct: undefined }),
      withFields(vault, { ct: btoa('short') }),
    ]
    for (const text of malformed) {
      await expect(decryptVault(text, PASSWORD), text).rejects.toThrow(InvalidVaultError)
    }
    await expect(decryptVault('{}', PASSWORD)).rejects.toMatchObject({ code: 'FIELD_INVALID' })
  })

  it('decrypts a vault written to the format by another implementation', async () => {
    await expect(decryptVault(await sealRaw(JSON.stringify(PRIVATE_KEY)), PASSWORD)).resolves.toEqual(PRIVATE_KEY)
  })

  it('refuses a correctly encrypted vault that holds no valid wallet secret', async () => {
    const foreign = [
      'not json',
      'null',
      JSON.stringify({ kind: 'seed', mnemonic: WORDS }),
      JSON.stringify({ kind: 'mnemonic', mnemonic: 'legal winner' }),
      JSON.stringify({ kind: 'private_key', privateKey: '0x00' }),
      JSON.stringify({ kind: 'private_key' }),
    ]
    // padded with white space to the length of a real secret, so only the content is wrong
    for (const plaintext of foreign.map((text) => text.padEnd(90))) {
      await expect(decryptVault(await sealRaw(plaintext), PASSWORD), plaintext).rejects.toThrow(InvalidVaultError)
    }
  })

  it('differs on every encryption of the same secret (fresh salt and iv)', async () => {
    const a = fields(await encryptVault(MNEMONIC, PASSWORD))
    const b = fields(await encryptVault(MNEMONIC, PASSWORD))
    expect(a.salt).not.toBe(b.salt)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ct).not.toBe(b.ct)
  })

  it('never holds the words or the key in clear, and fits the server limit', async () => {
    const words = await encryptVault(MNEMONIC, PASSWORD)
    const key = await encryptVault(PRIVATE_KEY, PASSWORD)
    expect(words).not.toContain('legal')
    expect(words).not.toContain('winner')
    expect(key.toLowerCase()).not.toContain(KEY.slice(2, 18))
    expect(words.length).toBeLessThan(wallet.VAULT_MAX)
    expect(key.length).toBeLessThan(wallet.VAULT_MAX)
  })

  it('decrypts with the same password however its accents were composed', async () => {
    const vault = await encryptVault(PRIVATE_KEY, 'caf\u00e9-password')
    await expect(decryptVault(vault, 'cafe\u0301-password')).resolves.toEqual(PRIVATE_KEY)
  })

  it('refuses to encrypt below 600,000 iterations or with an iteration count that is not an integer', async () => {
    for (const iterations of [0, -1, 1.5, 1000, 599_999, 10_000_001]) {
      await expect(encryptVault(MNEMONIC, PASSWORD, { iterations })).rejects.toThrow(RangeError)
    }
  })

  it('refuses to open a correctly encrypted vault that used fewer than 600,000 iterations', async () => {
    await expect(decryptVault(await sealRaw(JSON.stringify(PRIVATE_KEY), 1000), PASSWORD)).rejects.toThrow(
      InvalidVaultError,
    )
  })

  it('seals several secrets under one password with one key derivation, each opened by the password', async () => {
    const seal = await vaultSealer(PASSWORD)
    const [a, b] = [await seal(MNEMONIC), await seal(PRIVATE_KEY)]
    expect(fields(a).salt).toBe(fields(b).salt)
    expect(fields(a).iv).not.toBe(fields(b).iv)
    expect(fields(a).iter).toBe(600_000)
    await expect(decryptVault(a, PASSWORD)).resolves.toEqual(MNEMONIC)
    await expect(decryptVault(b, PASSWORD)).resolves.toEqual(PRIVATE_KEY)
    await expect(decryptVault(b, 'correct-horsE')).rejects.toThrow(WrongPasswordError)
  })

  it('uses PBKDF2-SHA256 with 600,000 iterations by default, and records it', async () => {
    const vault = await encryptVault(MNEMONIC, PASSWORD)
    const { v, kdf, iter, salt, iv, ct } = fields(vault)
    expect({ v, kdf, iter }).toEqual({ v: VAULT_VERSION, kdf: 'pbkdf2-sha256', iter: 600_000 })
    expect(atob(salt as string)).toHaveLength(16)
    expect(atob(iv as string)).toHaveLength(12)
    expect(typeof ct).toBe('string')
    expect(Object.keys(fields(vault)).sort()).toEqual(['ct', 'iter', 'iv', 'kdf', 'salt', 'v'])
    await expect(decryptVault(vault, PASSWORD)).resolves.toEqual(MNEMONIC)
  })
})
