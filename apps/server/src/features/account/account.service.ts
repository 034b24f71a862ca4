import { randomInt } from 'node:crypto'
import type { account, WireLang } from '@kinetic/protocol'
import { TransactionRollbackError } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/auth/passwords.ts'
import type { SessionService } from '../../platform/auth/sessions.ts'
import type { Db } from '../../platform/db/client.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { postSystemMessage, systemMessage, accountMinute } from '../content/index.ts'
import { accountRepo, isUniqueViolation, type AccountKey, type ProfileRow, type UserRow } from './account.repo.ts'
import type { CodeService } from './codes.ts'
import { languageOf } from './language.ts'
import { mails, type Recipient } from './mails.ts'
import { secondFactor } from './second-factor.ts'
import { signInGuard } from './sign-in-guard.ts'

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

type AccountType = (typeof account.ACCOUNT_TYPES)[number]
type CodeScene = (typeof account.CODE_SCENES)[number]
type Web = { request: FastifyRequest; reply: FastifyReply; ip: string; lang: WireLang }

export function accountKey(type: AccountType, accountText: string, prefix: string): AccountKey {
  return type === 'email' ? { email: accountText.toLowerCase() } : { phonePrefix: prefix, phone: accountText }
}

/** The address a code is sent to and stored under. */
export const codeAddress = (key: AccountKey) => ('email' in key ? key.email : `+${key.phonePrefix} ${key.phone}`)

/** A user as the app shows its own profile: from the whole row, or from the profile read (`ProfileRow`). */
export function publicUser(row: UserRow | ProfileRow): account.User {
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
    google_bound: 'googleBound' in row ? row.googleBound : row.totpSecret !== null,
    lang: languageOf(row),
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

/** Where an account's own messages go: its e-mail address, else its phone by text message. */
export function ownRecipient(user: UserRow): Recipient | undefined {
  if (user.email) return { channel: 'email', address: user.email }
  if (user.phone && user.phonePrefix) {
    return { channel: 'sms', address: codeAddress({ phonePrefix: user.phonePrefix, phone: user.phone }) }
  }
  return undefined
}

/**
 * What a code request mails, decided after the answer went out. An address with an account
 * gets its code in the account's language; `register` and `bind` (which want a free
 * address) tell the owner instead. Nothing goes to an address without an account unless
 * the scene wants a free one.
 */
function codeMail(scene: CodeScene, to: Recipient, code: string, owner: UserRow | undefined, lang: WireLang) {
  if (scene === 'register') return owner ? mails.registerAttempt(to, languageOf(owner)) : mails.code(to, lang, code)
  if (scene === 'bind') return owner ? mails.bindAttempt(to, languageOf(owner)) : mails.code(to, lang, code)
  return owner ? mails.code(to, languageOf(owner), code) : undefined
}

/**
 * Runs inside a registration's transaction when the new account came with an invite code:
 * the inviter's reward is credited by the event that earns it (earning's referral, wired in app.ts).
 */
export type Invited = (tx: Db, inviterId: number, invitee: UserRow) => Promise<void>

export function accountService(deps: {
  db: Db
  sessions: SessionService
  codes: CodeService
  mailer: Mailer
  invited?: Invited | undefined
}) {
  const { db, sessions, codes, mailer, invited } = deps
  const repo = accountRepo(db)
  const google = secondFactor(repo)
  const guard = signInGuard({ repo, mailer, ownRecipient })

  async function signIn(web: Web, user: UserRow) {
    // the answer names the account's language, which the app switches to: the session starts in it
    await sessions.signIn(web.request, web.reply, user.id, languageOf(user))
    return { user: publicUser(user) }
  }

  /** Checks the password; with a mailed `code`, uses the code up only when the password is right. */
  async function checkPassword(check: () => Promise<boolean>, code: { address: string; code: string } | undefined) {
    if (!code) return check()
    let right = false
    await db
      .transaction(async (tx) => {
        await codes.consume(accountRepo(tx), code.address, 'login', code.code)
        right = await check()
        // a mistyped password keeps the code for the next try
        if (!right) tx.rollback()
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error
      })
    return right
  }

  return {
    /**
     * Answers the same for every address — the code is made and stored alike — and mails
     * after answering: who has an account cannot be read from the answer or its time.
     */
    async sendCode(
      params: { type: AccountType; account: string; prefix: string; scene: CodeScene },
      ip: string,
      lang: WireLang,
    ) {
      const key = accountKey(params.type, params.account, params.prefix)
      const to: Recipient = { channel: params.type === 'email' ? 'email' : 'sms', address: codeAddress(key) }
      const code = await codes.issue(to, params.scene, ip)
      mailer.later(async () => codeMail(params.scene, to, code, await repo.findByKey(key), lang))
    },

    async register(
      params: {
        type: AccountType
        account: string
        prefix: string
        code: string
        password: string
        invite_code?: string | undefined
        time_zone?: string | undefined
      },
      web: Web,
    ) {
      const key = accountKey(params.type, params.account, params.prefix)
      const passwordHash = await hashPassword(params.password)
      const user = await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        let invitedBy: number | undefined
        if (params.invite_code) {
          invitedBy = await txRepo.findIdByInviteCode(params.invite_code.toUpperCase())
          if (invitedBy === undefined) throw new AppError('INVITE_CODE_INVALID', { field: 'invite_code' })
        }
        await codes.consume(txRepo, codeAddress(key), 'register', params.code)
        // Only a code mailed to the address gets this far, and an address with an account is
        // sent none: whoever learns here that the account exists holds its mailbox.
        if (await txRepo.findByKey(key)) throw new AppError('ACCOUNT_EXISTS', { field: 'account' })
        let created: UserRow
        try {
          created = await txRepo.insertUser({
            ...('email' in key ? { email: key.email } : { phonePrefix: key.phonePrefix, phone: key.phone }),
            passwordHash,
            nickname: defaultNickname(key),
            inviteCode: newInviteCode(),
            invitedBy,
            lang: web.lang,
            // the device's zone; without a valid one, the column's default
            ...(params.time_zone && { timeZone: params.time_zone }),
          })
        } catch (error) {
          // Two registrations of one account at once: the second loses and keeps its code.
          if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS', { field: 'account' })
          throw error
        }
        // the invitation is earned here: the inviter's points are spendable once this commits
        if (invitedBy !== undefined) await invited?.(tx, invitedBy, created)
        return created
      })
      // the address it registered from is one it signs in from
      await guard.succeeded(codeAddress(key), web.ip)
      return signIn(web, user)
    },

    async login(
      params: {
        account: string
        prefix: string
        password: string
        google_code?: string | undefined
        code?: string | undefined
      },
      web: Web,
    ) {
      const key: AccountKey = params.account.includes('@')
        ? { email: params.account.toLowerCase() }
        : { phonePrefix: params.prefix, phone: params.account }
      const keyText = codeAddress(key)
      const { needsCode } = await guard.admit(keyText, web.ip)
      if (needsCode && !params.code) throw new AppError('LOGIN_CODE_REQUIRED', { field: 'code' })
      const user = await repo.findByKey(key)
      const passwordOk = await checkPassword(
        () => (user ? verifyPassword(user.passwordHash, params.password) : verifyDecoy(params.password)),
        needsCode && params.code ? { address: keyText, code: params.code } : undefined,
      )
      if (!user || !passwordOk) {
        await guard.failed(keyText, web.ip, user)
        throw new AppError('LOGIN_FAILED')
      }
      if (user.totpSecret) {
        // wrong Google codes have their own limit (second-factor.ts): they are no wrong password
        if (!params.google_code) throw new AppError('GOOGLE_CODE_REQUIRED', { field: 'google_code' })
        await google.check(user, params.google_code, web.ip)
      }
      await guard.succeeded(keyText, web.ip)
      const signedIn = await signIn(web, user)
      await postSystemMessage(db, user.id, systemMessage('newSignIn', { ...accountMinute(user.timeZone), ip: web.ip }))
      return signedIn
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
        await codes.consume(txRepo, codeAddress(key), 'forget', params.code)
        // codes for an address without an account are never mailed: only a lucky guess gets here
        const user = await txRepo.findByKey(key)
        if (!user) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'account' })
        await txRepo.setPassword(user.id, passwordHash)
        await postSystemMessage(tx, user.id, systemMessage('passwordChanged', accountMinute(user.timeZone)))
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
