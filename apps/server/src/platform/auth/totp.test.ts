import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl, totp, totpStep } from './totp.ts'

// RFC 6238 Appendix B: the seeds are the ASCII strings below (20, 32 and 64 bytes), 8 digits.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const

const VECTORS: { time: number; sha1: string; sha256: string; sha512: string }[] = [
  { time: 59, sha1: '94287082', sha256: '46119246', sha512: '90693936' },
  { time: 1111111109, sha1: '07081804', sha256: '68084774', sha512: '25091201' },
  { time: 1111111111, sha1: '14050471', sha256: '67062674', sha512: '99943326' },
  { time: 1234567890, sha1: '89005924', sha256: '91819424', sha512: '93441116' },
  { time: 2000000000, sha1: '69279037', sha256: '90698825', sha512: '38618901' },
  { time: 20000000000, sha1: '65353130', sha256: '77737706', sha512: '47863826' },
]

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the Appendix B vectors at T = $time s', (vector) => {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      expect(totp(SEEDS[algorithm], vector.time * 1000, { digits: 8, algorithm }), algorithm).toBe(vector[algorithm])
    }
  })

  it('matches the RFC 4226 Appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    expected.forEach((code, counter) => expect(hotp(SEEDS.sha1, counter)).toBe(code))
  })

  it('accepts a code one step early or late and names its step, nothing further', () => {
    const key = SEEDS.sha1
    const now = 1_700_000_000_000
    const step = totpStep(now)
    for (const delta of [-1, 0, 1]) expect(matchTotp(key, hotp(key, step + delta), now)).toBe(step + delta)
    for (const delta of [-2, 2]) expect(matchTotp(key, hotp(key, step + delta), now)).toBeUndefined()
    expect(matchTotp(key, 'abcdef', now)).toBeUndefined()
  })

  it('agrees with an independent HMAC computation for a random secret', () => {
    const secret = newTotpSecret()
    const key = base32Decode(secret)
    expect(key).toHaveLength(20)
    const now = Date.now()
    const mac = createHmac('sha1', key)
      .update(
        Buffer.from(
          BigInt(Math.floor(now / 30_000))
            .toString(16)
            .padStart(16, '0'),
          'hex',
        ),
      )
      .digest()
    const offset = (mac[19] ?? 0) & 15
    const code = String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
    expect(totp(key, now)).toBe(code)
  })

  it('round-trips base32 (RFC 4648 test vectors) and builds the otpauth URL', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar')
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar')
    expect(otpauthUrl('MZXW6YTBOI', 'a@b.co')).toBe(
      'otpauth://totp/Kinetic:a%40b.co?secret=MZXW6YTBOI&issuer=Kinetic&algorithm=SHA1&digits=6&period=30',
    )
  })
})
