import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { AccountRepo } from './account.repo.ts'
import type { Recipient } from './mails.ts'

/** Verification codes (DESIGN §4): 6 digits, 10 min, 5 tries, 60 s between sends, stored hashed. */
export const CODE_TTL_MS = 10 * 60_000
export const CODE_MAX_ATTEMPTS = 5
export const CODE_COOLDOWN_S = 60
/** Codes one IP may request in an hour, over all targets. */
export const CODES_PER_IP_HOUR = 30

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest()

export function codeService(repo: AccountRepo, options: { smsAvailable: boolean; perIpHour?: number }) {
  const perIpHour = options.perIpHour ?? CODES_PER_IP_HOUR
  return {
    /**
     * Makes a code for `target` and `scene` and stores it (hashed); the caller decides whether
     * and how it is sent. The same checks and the same write for every address, whether an
     * account uses it or not.
     */
    async issue(target: Recipient, scene: string, ip: string): Promise<string> {
      if (target.channel === 'sms' && !options.smsAvailable) throw new AppError('SMS_UNAVAILABLE')
      const last = await repo.lastCodeSentAt(target.address, scene)
      const wait = last ? Math.ceil(CODE_COOLDOWN_S - (Date.now() - last.getTime()) / 1000) : 0
      if (wait > 0) throw new AppError('CODE_COOLDOWN', { args: { seconds: wait } })
      if ((await repo.codesSentFromIpSince(ip, new Date(Date.now() - 3_600_000))) >= perIpHour) {
        throw new AppError('RATE_LIMITED')
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const salt = randomBytes(16).toString('hex')
      await repo.insertCode({
        channel: target.channel,
        target: target.address,
        scene,
        salt,
        codeHash: hashCode(salt, code).toString('hex'),
        ip,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      })
      return code
    },

    /**
     * Checks and uses up a code. Run inside the transaction that acts on it, so a failure
     * later in that transaction gives the code back.
     */
    async consume(txRepo: AccountRepo, address: string, scene: string, code: string): Promise<void> {
      const live = await txRepo.latestLiveCode(address, scene)
      if (!live || live.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_EXPIRED', { field: 'code' })
      const matches = timingSafeEqual(hashCode(live.salt, code), Buffer.from(live.codeHash, 'hex'))
      if (!matches) {
        // counted outside the caller's transaction, so the rollback does not give the try back
        await repo.countCodeAttempt(live.id, CODE_MAX_ATTEMPTS)
        throw new AppError('CODE_INVALID', { field: 'code' })
      }
      if (!(await txRepo.consumeCode(live.id))) throw new AppError('CODE_EXPIRED', { field: 'code' })
    },
  }
}
export type CodeService = ReturnType<typeof codeService>
