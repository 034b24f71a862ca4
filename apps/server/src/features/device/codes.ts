import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** Codes are compared trimmed and upper-cased (they are printed on the watch's box). */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

export function hashActiveCode(salt: string, activeCode: string): string {
  return createHash('sha256')
    .update(`${salt}:${normalizeCode(activeCode)}`)
    .digest('hex')
}

export function activeCodeMatches(row: { salt: string; activeCodeHash: string }, activeCode: string): boolean {
  const a = Buffer.from(hashActiveCode(row.salt, activeCode), 'hex')
  const b = Buffer.from(row.activeCodeHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

export function newCodeRow(deviceCode: string, activeCode: string, batch: string, model: string) {
  const salt = randomBytes(16).toString('hex')
  return { deviceCode: normalizeCode(deviceCode), salt, activeCodeHash: hashActiveCode(salt, activeCode), batch, model }
}

export const newDeviceToken = () => randomBytes(32).toString('base64url')
export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The demo batch seeded outside production (README lists a few): device codes
 * `KW-DEMO-0001`…`KW-DEMO-0020`, activation code of number n = `ACT` + n × 7919 mod 100000 (5 digits).
 * Never seeded in production: anyone can read these.
 */
export const DEMO_BATCH = 'demo'
export const DEMO_MODEL = 'Kinetic Watch S1'
export const DEMO_CODE_COUNT = 20
export function demoCodes(): { deviceCode: string; activeCode: string }[] {
  return Array.from({ length: DEMO_CODE_COUNT }, (_, i) => {
    const n = i + 1
    return {
      deviceCode: `KW-DEMO-${String(n).padStart(4, '0')}`,
      activeCode: `ACT${String((n * 7919) % 100_000).padStart(5, '0')}`,
    }
  })
}
