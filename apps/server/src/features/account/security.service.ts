import type { account, Params, Result } from '@kinetic/protocol'
import type { FastifyReply } from 'fastify'
import { hashPassword } from '../../platform/auth/passwords.ts'
import type { SessionService } from '../../platform/auth/sessions.ts'
import { newTotpSecret, otpauthUrl } from '../../platform/auth/totp.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { postSystemMessage, systemMessage, accountMinute } from '../content/index.ts'
import type { AuthedContext } from '../../platform/rpc/registry.ts'
import type { UploadService } from '../../platform/uploads/uploads.service.ts'
import { accountRepo, isUniqueViolation, type AccountRepo, type UserRow } from './account.repo.ts'
import { codeAddress, publicUser } from './account.service.ts'
import type { CodeService } from './codes.ts'
import { newRecoveryCodes, secondFactor } from './second-factor.ts'

type Verification = { code?: string | undefined; google_code?: string | undefined }
type Scene = 'password' | 'logoff'

/** Where an account's own codes go: its e-mail address, else its phone. */
function ownAddress(user: UserRow): string {
  if (user.email) return user.email
  if (user.phone && user.phonePrefix) return codeAddress({ phonePrefix: user.phonePrefix, phone: user.phone })
  throw new AppError('ACCOUNT_NOT_FOUND')
}

/** Account security: Google authenticator, password change, e-mail binding, deletion, sessions. */
export function securityService(deps: {
  db: Db
  sessions: SessionService
  codes: CodeService
  uploads: UploadService
}) {
  const { db, sessions, codes, uploads } = deps
  const repo = accountRepo(db)
  const google = secondFactor(repo)

  async function liveUser(id: number, txRepo: AccountRepo = repo): Promise<UserRow> {
    const user = await txRepo.findById(id)
    if (!user || user.deletedAt) throw new AppError('ACCOUNT_NOT_FOUND')
    return user
  }

  /**
   * The proof a sensitive change needs, checked and used up inside `txRepo`'s transaction:
   * the Google code (or a recovery code) when an authenticator is bound, else a code sent
   * to the account's own address for `scene`.
   */
  async function verify(user: UserRow, proof: Verification, scene: Scene, ip: string, txRepo: AccountRepo) {
    if (user.totpSecret) {
      if (!proof.google_code) throw new AppError('GOOGLE_CODE_REQUIRED', { field: 'google_code' })
      await google.check(user, proof.google_code, ip, txRepo)
    } else {
      if (!proof.code) throw new AppError('CODE_REQUIRED', { field: 'code' })
      await codes.consume(txRepo, ownAddress(user), scene, proof.code)
    }
  }

  return {
    async googleAuth(
      params: Params<typeof account.googleAuth>,
      ctx: AuthedContext,
    ): Promise<Result<typeof account.googleAuth>> {
      const user = await liveUser(ctx.user.id)
      if (params.action === 'create') {
        if (user.totpSecret) throw new AppError('GOOGLE_ALREADY_BOUND')
        const secret = newTotpSecret()
        await repo.setPendingTotp(user.id, secret)
        const label = user.email ?? (user.phone ? `+${user.phonePrefix} ${user.phone}` : String(user.id))
        return { bound: false, secret, otpauth_url: otpauthUrl(secret, label) }
      }
      if (!params.google_code) throw new AppError('GOOGLE_CODE_REQUIRED', { field: 'google_code' })
      if (params.action === 'bind') {
        if (user.totpSecret) throw new AppError('GOOGLE_ALREADY_BOUND')
        if (!user.totpPendingSecret) throw new AppError('GOOGLE_SETUP_EXPIRED')
        const step = await google.checkNewSecret(user.id, user.totpPendingSecret, params.google_code, ctx.ip)
        const { codes: recovery, hashes } = newRecoveryCodes()
        const secret = user.totpPendingSecret
        const bound = await db.transaction(async (tx) => {
          const done = await accountRepo(tx).bindTotp(user.id, secret, step, hashes)
          if (done) await postSystemMessage(tx, user.id, systemMessage('totpBound', accountMinute(user.timeZone)))
          return done
        })
        if (!bound) throw new AppError('GOOGLE_ALREADY_BOUND')
        return { bound: true, recovery_codes: recovery }
      }
      if (!user.totpSecret) throw new AppError('GOOGLE_NOT_BOUND')
      const code = params.google_code
      await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        await google.check(user, code, ctx.ip, txRepo)
        await txRepo.unbindTotp(user.id)
        await postSystemMessage(tx, user.id, systemMessage('totpUnbound', accountMinute(user.timeZone)))
      })
      return { bound: false }
    },

    /** A new password; every other session of the account ends, this one stays. */
    async changePassword(params: Params<typeof account.changePassword>, ctx: AuthedContext) {
      const passwordHash = await hashPassword(params.password)
      await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        const user = await liveUser(ctx.user.id, txRepo)
        await verify(user, params, 'password', ctx.ip, txRepo)
        await txRepo.setPassword(user.id, passwordHash)
        await postSystemMessage(tx, user.id, systemMessage('passwordChanged', accountMinute(user.timeZone)))
      })
      await sessions.revokeAllOfUser(ctx.user.id, ctx.user.sessionId)
      return { ok: true as const }
    },

    /**
     * Moves the account to a new e-mail address, proven by a code sent there; with a Google
     * authenticator bound, its code (or a recovery code) is needed too, as for a password change.
     */
    async bindEmail(params: Params<typeof account.bindEmail>, ctx: AuthedContext): Promise<account.User> {
      const email = params.account.toLowerCase()
      const user = await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        const me = await liveUser(ctx.user.id, txRepo)
        if (me.totpSecret) {
          if (!params.google_code) throw new AppError('GOOGLE_CODE_REQUIRED', { field: 'google_code' })
          await google.check(me, params.google_code, ctx.ip, txRepo)
        }
        await codes.consume(txRepo, email, 'bind', params.code)
        // A taken address is sent no code (its owner is told instead): whoever learns here
        // that it is taken holds its mailbox.
        if (await txRepo.findByKey({ email })) throw new AppError('EMAIL_TAKEN', { field: 'account' })
        try {
          const changed = await txRepo.setEmail(me.id, email)
          await postSystemMessage(tx, me.id, systemMessage('emailChanged', { email, ...accountMinute(me.timeZone) }))
          return changed
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'account' })
          throw error
        }
      })
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND')
      return publicUser(user)
    },

    /**
     * Deletes the account: personal data and the avatar go, every session ends; the row stays
     * anonymized so foreign keys and ledger entries keep pointing at something.
     */
    async logoff(params: Params<typeof account.logoff>, ctx: AuthedContext, reply: FastifyReply) {
      await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        const user = await liveUser(ctx.user.id, txRepo)
        await verify(user, params, 'logoff', ctx.ip, txRepo)
        await postSystemMessage(tx, user.id, systemMessage('deletionRequested', accountMinute(user.timeZone)))
        const addresses = [user.email, user.phone && `+${user.phonePrefix} ${user.phone}`].filter(
          (a): a is string => !!a,
        )
        await txRepo.anonymize(user, addresses)
        await uploads.removeAvatars(user.id, undefined, tx)
      })
      await sessions.revokeAllOfUser(ctx.user.id)
      sessions.clearCookie(reply, ctx.user.id)
      return { ok: true as const }
    },

    async sessions(ctx: AuthedContext) {
      const rows = await sessions.listOfUser(ctx.user.id)
      return {
        list: rows.map((s) => ({
          id: s.id,
          user_agent: s.userAgent,
          ip: s.ip,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
          current: s.id === ctx.user.sessionId,
        })),
      }
    },

    /** Signs the account out on one of its devices; ending this device's is signing out here. */
    async endSession(id: number, ctx: AuthedContext) {
      if (!(await sessions.revokeOfUser(id, ctx.user.id))) throw new AppError('SESSION_NOT_FOUND', { field: 'id' })
      if (id === ctx.user.sessionId) sessions.clearCookie(ctx.reply, ctx.user.id)
      return { ok: true as const }
    },
  }
}
export type SecurityService = ReturnType<typeof securityService>
