import { createHash, randomInt } from 'node:crypto'
import { account } from '@kinetic/protocol'
import { matchTotp } from '../../platform/auth/totp.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { AccountRepo, UserRow } from './account.repo.ts'

/** Wrong Google codes an account may send in {@link TOTP_FAILURE_WINDOW_MS} (10^6 codes: no brute force). */
export const MAX_TOTP_FAILURES = 5
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `ABCD-EFGH`: 40 random bits from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

/** Recovery codes are compared upper-cased without the dash, as SHA-256. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toUpperCase().replace('-', '')).digest('hex')

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: account.RECOVERY_CODE_COUNT }, newRecoveryCode)
  return { codes, hashes: codes.map(hashRecoveryCode) }
}

/**
 * Checks Google authenticator codes for an account: a TOTP code of its secret (±1 step,
 * a step used once refused after), or one of its unused recovery codes. Every wrong code
 * is counted outside the caller's transaction; after {@link MAX_TOTP_FAILURES} in 15 min
 * even a right one is refused (TOO_MANY_ATTEMPTS).
 */
export function secondFactor(repo: AccountRepo) {
  const failureKey = (userId: number) => `totp:${userId}`

  async function guard(userId: number): Promise<void> {
    const since = new Date(Date.now() - TOTP_FAILURE_WINDOW_MS)
    if ((await repo.failedLoginsSince(failureKey(userId), since)) >= MAX_TOTP_FAILURES) {
      throw new AppError('TOO_MANY_ATTEMPTS', { field: 'google_code' })
    }
  }

  async function refuse(userId: number, ip: string): Promise<never> {
    await repo.recordLogin(failureKey(userId), ip, false)
    throw new AppError('GOOGLE_CODE_INVALID', { field: 'google_code' })
  }

  return {
    /** The bound authenticator's code or a recovery code, used up in `txRepo`'s transaction. */
    async check(user: UserRow, code: string, ip: string, txRepo: AccountRepo = repo): Promise<void> {
      if (!user.totpSecret) throw new AppError('GOOGLE_NOT_BOUND', { field: 'google_code' })
      await guard(user.id)
      const ok = /^\d{6}$/.test(code)
        ? await claim(txRepo, user.id, user.totpSecret, code)
        : await txRepo.useRecoveryCode(user.id, hashRecoveryCode(code))
      if (!ok) await refuse(user.id, ip)
    },

    /** A code of a secret being bound (recovery codes do not count); answers its time step. */
    async checkNewSecret(userId: number, secret: string, code: string, ip: string): Promise<number> {
      await guard(userId)
      const step = matchTotp(secret, code)
      if (step === undefined) return refuse(userId, ip)
      return step
    },
  }
}

async function claim(repo: AccountRepo, userId: number, secret: string, code: string): Promise<boolean> {
  const step = matchTotp(secret, code)
  return step !== undefined && (await repo.claimTotpStep(userId, step))
}
