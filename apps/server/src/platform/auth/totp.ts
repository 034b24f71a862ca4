import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * RFC 6238 TOTP over RFC 4226 HOTP. The app uses what Google Authenticator does:
 * HMAC-SHA-1, 30-second steps, 6 digits; a code is accepted one step early or late.
 */
export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
export const TOTP_WINDOW = 1

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'

/** RFC 4226 §5.3: dynamic truncation of HMAC(key, counter) to `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac(algorithm, key).update(message).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The time step of a moment (seconds since the epoch / 30). */
export const totpStep = (timeMs: number, period = TOTP_PERIOD_S) => Math.floor(timeMs / 1000 / period)

export function totp(
  key: Buffer,
  timeMs: number,
  options: { digits?: number; period?: number; algorithm?: TotpAlgorithm } = {},
): string {
  return hotp(key, totpStep(timeMs, options.period), options.digits, options.algorithm)
}

/**
 * The time step `code` belongs to, within ±{@link TOTP_WINDOW} steps of `nowMs`, or undefined.
 * Replays are the caller's to refuse (a step used once is never accepted again).
 */
export function matchTotp(key: Buffer, code: string, nowMs = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const now = totpStep(nowMs)
  let found: number | undefined
  // every candidate is computed, so the time taken does not tell which one matched
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) found ??= step
  }
  return found
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding (what otpauth:// URLs carry). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new 160-bit secret (RFC 4226 recommends the HMAC-SHA-1 output length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20))

/** The otpauth:// URL authenticator apps scan (Key Uri Format). */
export function otpauthUrl(secret: string, accountName: string, issuer = 'Kinetic'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_S),
  })
  return `otpauth://totp/${label}?${query.toString()}`
}
