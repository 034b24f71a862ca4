import * as OTPAuth from 'otpauth'

/**
 * Google authenticator codes (RFC 6238 TOTP) through the `otpauth` library, with what
 * Google Authenticator does: HMAC-SHA-1, 30-second steps, 6 digits; a code is accepted one
 * step early or late. Secrets are stored base32, as otpauth:// URLs carry them.
 */
export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
export const TOTP_WINDOW = 1
const ISSUER = 'Kinetic'

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  })

/** The time step of a moment (seconds since the epoch / 30). */
export const totpStep = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_PERIOD_S)

/** The code of a base32 secret at a moment. */
export const totpCode = (secret: string, timeMs = Date.now()): string => totpOf(secret).generate({ timestamp: timeMs })

/**
 * The time step `code` belongs to, within ±{@link TOTP_WINDOW} steps of `nowMs`, or undefined.
 * Replays are the caller's to refuse (a step used once is never accepted again).
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW })
  return delta === null ? undefined : totpStep(nowMs) + delta
}

/** A new 160-bit secret (RFC 4226 recommends the HMAC-SHA-1 output length), base32. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32

/** The otpauth:// URL authenticator apps scan (Key Uri Format). */
export const otpauthUrl = (secret: string, accountName: string): string => totpOf(secret, accountName).toString()
