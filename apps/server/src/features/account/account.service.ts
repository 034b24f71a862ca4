import { randomInt } from 'node:crypto'
import type { account, WireLang } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/auth/passwords.ts'
import type { SessionService } from '../../platform/auth/sessions.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { accountRepo, isUniqueViolation, type AccountKey, type UserRow } from './account.repo.ts'
import type { CodeService } from './codes.ts'
import { secondFactor } from './second-factor.ts'

/** Failed sign-ins an account may have in an hour before it is refused (ASVS: ≤ 100). */
export const MAX_FAILED_LOGINS_PER_HOUR = 20
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

type AccountType = (typeof account.ACCOUNT_TYPES)[number]
type Web = { request: FastifyRequest; reply: FastifyReply; ip: string }

export function accountKey(type: AccountType, accountText: string, prefix: string): AccountKey {
  return type === 'email' ? { email: accountText.toLowerCase() } : { phonePrefix: prefix, phone: accountText }
}

/** The address a code is sent to and stored under. */
export const codeAddress = (key: AccountKey) => ('email' in key ? key.email : `+${key.phonePrefix} ${key.phone}`)

export function publicUser(row: UserRow): account.User {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : '',
    birthday: row.birthday ?? '',
    height: row.height,
    weight: row.weight,
    stride: row.stride,
    hr_zone: row.hrZone,
    invite_code: row.inviteCode,
    email: row.email ?? '',
    phone: row.phone ? `+${row.phonePrefix} ${row.phone}` : '',
    time_zone: row.timeZone,
    google_bound: row.totpSecret !== null,
  }
}

/** `ab***@mail.com`, `138****5678`: enough to recognise one's own account on a shared device. */
export function maskedAccount(row: UserRow): string {
  if (row.email) {
    const [local = '', domain = ''] = row.email.split('@')
    return `${local.slice(0, 2)}***@${domain}`
  }
  const phone = row.phone ?? ''
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`
}

function defaultNickname(key: AccountKey): string {
  return 'email' in key ? (key.email.split('@')[0] ?? 'user').slice(0, 24) : `Kinetic${key.phone.slice(-4)}`
}

const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('')

export function accountService(deps: { db: Db; sessions: SessionService; codes: CodeService }) {
  const { db, sessions, codes } = deps
  const repo = accountRepo(db)
  const google = secondFactor(repo)

  async function signIn(web: Web, user: UserRow) {
    await sessions.signIn(web.request, web.reply, user.id)
    return { user: publicUser(user) }
  }

  return {
    async sendCode(
      params: { type: AccountType; account: string; prefix: string; scene: string },
      ip: string,
      lang: WireLang,
    ) {
      const key = accountKey(params.type, params.account, params.prefix)
      const exists = (await repo.findByKey(key)) !== undefined
      if (params.scene === 'register' && exists) throw new AppError('ACCOUNT_EXISTS', { field: 'account' })
      // a new address to bind must be free; password and logoff codes go to an existing account
      if (params.scene === 'bind' && exists) throw new AppError('EMAIL_TAKEN', { field: 'account' })
      if (['forget', 'password', 'logoff'].includes(params.scene) && !exists) {
        throw new AppError('ACCOUNT_NOT_FOUND', { field: 'account' })
      }
      const channel = params.type === 'email' ? 'email' : 'sms'
      await codes.send({ channel, address: codeAddress(key) }, params.scene, ip, lang)
    },

    async register(
      params: {
        type: AccountType
        account: string
        prefix: string
        code: string
        password: string
        invite_code?: string | undefined
      },
      web: Web,
    ) {
      const key = accountKey(params.type, params.account, params.prefix)
      const passwordHash = await hashPassword(params.password)
      const user = await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        if (await txRepo.findByKey(key)) throw new AppError('ACCOUNT_EXISTS', { field: 'account' })
        let invitedBy: number | undefined
        if (params.invite_code) {
          invitedBy = await txRepo.findIdByInviteCode(params.invite_code.toUpperCase())
          if (invitedBy === undefined) throw new AppError('INVITE_CODE_INVALID', { field: 'invite_code' })
        }
        await codes.consume(txRepo, codeAddress(key), 'register', params.code)
        try {
          return await txRepo.insertUser({
            ...('email' in key ? { email: key.email } : { phonePrefix: key.phonePrefix, phone: key.phone }),
            passwordHash,
            nickname: defaultNickname(key),
            inviteCode: newInviteCode(),
            invitedBy,
          })
        } catch (error) {
          // Two registrations of one account at once: the second loses and keeps its code.
          if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS', { field: 'account' })
          throw error
        }
      })
      return signIn(web, user)
    },

    async login(
      params: { account: string; prefix: string; password: string; google_code?: string | undefined },
      web: Web,
    ) {
      const key: AccountKey = params.account.includes('@')
        ? { email: params.account.toLowerCase() }
        : { phonePrefix: params.prefix, phone: params.account }
      const keyText = codeAddress(key)
      const failures = await repo.failedLoginsSince(keyText, new Date(Date.now() - 3_600_000))
      if (failures >= MAX_FAILED_LOGINS_PER_HOUR) throw new AppError('TOO_MANY_ATTEMPTS')
      const user = await repo.findByKey(key)
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, params.password)
        : await verifyDecoy(params.password)
      if (!user || !passwordOk) {
        await repo.recordLogin(keyText, web.ip, false)
        throw new AppError('LOGIN_FAILED')
      }
      if (user.totpSecret) {
        if (!params.google_code) throw new AppError('GOOGLE_CODE_REQUIRED', { field: 'google_code' })
        try {
          await google.check(user, params.google_code, web.ip)
        } catch (error) {
          await repo.recordLogin(keyText, web.ip, false)
          throw error
        }
      }
      await repo.recordLogin(keyText, web.ip, true)
      return signIn(web, user)
    },

    async resetPassword(params: {
      type: AccountType
      account: string
      prefix: string
      code: string
      password: string
    }) {
      const key = accountKey(params.type, params.account, params.prefix)
      const passwordHash = await hashPassword(params.password)
      const userId = await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        const user = await txRepo.findByKey(key)
        if (!user) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'account' })
        await codes.consume(txRepo, codeAddress(key), 'forget', params.code)
        await txRepo.setPassword(user.id, passwordHash)
        return user.id
      })
      // A new password ends every session: whoever knew the old one is out.
      await sessions.revokeAllOfUser(userId)
      return { ok: true as const }
    },

    /** The accounts signed in on the requesting device, most recent first. */
    async deviceAccounts(request: FastifyRequest) {
      const live = await sessions.deviceSessions(request)
      const rows = new Map((await repo.findByIds(live.map((s) => s.userId))).map((u) => [u.id, u]))
      const list = live.flatMap((s) => {
        const row = rows.get(s.userId)
        return row ? [{ id: row.id, nickname: row.nickname, avatar: row.avatar, account: maskedAccount(row) }] : []
      })
      return { list }
    },

    logout: (reply: FastifyReply, session: { id: number; userId: number }) => sessions.signOut(reply, session),
  }
}

export type AccountService = ReturnType<typeof accountService>
