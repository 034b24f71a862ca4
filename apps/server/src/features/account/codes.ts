import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { WireLang } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import type { AccountRepo } from './account.repo.ts'

/** Verification codes (DESIGN §4): 6 digits, 10 min, 5 tries, 60 s between sends, stored hashed. */
export const CODE_TTL_MS = 10 * 60_000
export const CODE_MAX_ATTEMPTS = 5
export const CODE_COOLDOWN_S = 60
/** Codes one IP may request in an hour, over all targets. */
export const CODES_PER_IP_HOUR = 30

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest()

const SUBJECT: Record<WireLang, string> = {
  'us-en': 'Your Kinetic verification code',
  'zh-cn': 'Kinetic 验证码',
  'zh-hk': 'Kinetic 驗證碼',
}
const BODY: Record<WireLang, (code: string) => string> = {
  'us-en': (code) =>
    `Your verification code is ${code}. It is valid for 10 minutes. If you did not request it, ignore this message.`,
  'zh-cn': (code) => `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本消息。`,
  'zh-hk': (code) => `您的驗證碼是 ${code}，10 分鐘內有效。如非本人操作，請忽略本訊息。`,
}

export interface CodeTarget {
  channel: 'email' | 'sms'
  /** Where the message goes: the e-mail address or `+prefix phone`. */
  address: string
}

export function codeService(repo: AccountRepo, mailer: Mailer, perIpHour = CODES_PER_IP_HOUR) {
  return {
    async send(target: CodeTarget, scene: string, ip: string, lang: WireLang): Promise<void> {
      if (target.channel === 'sms' && !mailer.smsAvailable) throw new AppError('SMS_UNAVAILABLE')
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
      await mailer.send({ channel: target.channel, to: target.address, subject: SUBJECT[lang], text: BODY[lang](code) })
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
