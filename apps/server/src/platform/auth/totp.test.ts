import { createHmac } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { matchTotp, newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp.ts'

// RFC 6238 Appendix B: the seeds are the ASCII strings below (20, 32 and 64 bytes), 8 digits.
const SEEDS = {
  SHA1: OTPAuth.Secret.fromLatin1('12345678901234567890'),
  SHA256: OTPAuth.Secret.fromLatin1('12345678901234567890123456789012'),
  SHA512: OTPAuth.Secret.fromLatin1('1234567890123456789012345678901234567890123456789012345678901234'),
} as const

const VECTORS: { time: number; SHA1: string; SHA256: string; SHA512: string }[] = [
  { time: 59, SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' },
  { time: 1111111109, SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' },
  { time: 1111111111, SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' },
  { time: 1234567890, SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' },
  { time: 2000000000, SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' },
  { time: 20000000000, SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' },
]

describe('TOTP (RFC 6238, through otpauth)', () => {
  it.each(VECTORS)('matches the Appendix B vectors at T = $time s', (vector) => {
    for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
      const totp = new OTPAuth.TOTP({ secret: SEEDS[algorithm], algorithm, digits: 8, period: 30 })
      expect(totp.generate({ timestamp: vector.time * 1000 }), algorithm).toBe(vector[algorithm])
    }
    // the app's 6-digit SHA-1 codes are the vector's last six digits, accepted in their own step
    const secret = SEEDS.SHA1.base32
    const code = vector.SHA1.slice(2)
    expect(totpCode(secret, vector.time * 1000)).toBe(code)
    expect(matchTotp(secret, code, vector.time * 1000)).toBe(Math.floor(vector.time / 30))
  })

  it('accepts a code one step early or late and names its step, nothing further', () => {
    const secret = SEEDS.SHA1.base32
    const now = 1_700_000_000_000
    const step = totpStep(now)
    for (const delta of [-1, 0, 1]) {
      expect(matchTotp(secret, totpCode(secret, now + delta * 30_000), now)).toBe(step + delta)
    }
    for (const delta of [-2, 2]) expect(matchTotp(secret, totpCode(secret, now + delta * 30_000), now)).toBeUndefined()
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined()
    expect(matchTotp(secret, `${totpCode(secret, now)}0`, now)).toBeUndefined()
  })

  it('agrees with an independent HMAC computation for a new random secret', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const key = Buffer.from(OTPAuth.Secret.fromBase32(secret).buffer)
    expect(key).toHaveLength(20)
    const now = Date.now()
    const counter = Buffer.alloc(8)
    counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)))
    const mac = createHmac('sha1', key).update(counter).digest()
    const offset = (mac[19] ?? 0) & 15
    const code = String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
    expect(totpCode(secret, now)).toBe(code)
  })

  it('builds an otpauth URL that an authenticator reads back as the same SHA-1, 6-digit, 30 s generator', () => {
    const secret = newTotpSecret()
    const url = otpauthUrl(secret, 'a@b.co')
    expect(url).toMatch(/^otpauth:\/\/totp\/Kinetic:a%40b\.co\?/)
    const read = OTPAuth.URI.parse(url)
    expect(read).toBeInstanceOf(OTPAuth.TOTP)
    expect(read).toMatchObject({ issuer: 'Kinetic', label: 'a@b.co', algorithm: 'SHA1', digits: 6, period: 30 })
    expect(read.secret.base32).toBe(secret)
    expect(read.generate({ timestamp: 1_700_000_000_000 })).toBe(totpCode(secret, 1_700_000_000_000))
  })
})
