import { and, count, desc, eq, gt, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { prepared, type Placeholders } from '../../platform/db/named.ts'
import { users } from '../../platform/db/users.tables.ts'
import { loginAttempts, recoveryCodes, verificationCodes } from './account.tables.ts'

export type UserRow = typeof users.$inferSelect
export type AccountKey = { email: string } | { phonePrefix: string; phone: string }

const byKey = (key: AccountKey) =>
  'email' in key ? eq(users.email, key.email) : and(eq(users.phonePrefix, key.phonePrefix), eq(users.phone, key.phone))

/** Postgres unique_violation (drizzle wraps the driver's error in `cause`): taken concurrently. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === '23505' || isUniqueViolation(cause)
}

/** What the profile (`/v1/userinfo`) answers of a user: its columns, and whether a TOTP secret is bound (not the secret). */
export type ProfileRow = Pick<
  UserRow,
  | 'id'
  | 'nickname'
  | 'avatar'
  | 'gender'
  | 'birthday'
  | 'height'
  | 'weight'
  | 'stride'
  | 'hrZone'
  | 'inviteCode'
  | 'email'
  | 'phonePrefix'
  | 'phone'
  | 'timeZone'
  | 'lang'
> & { googleBound: boolean }

/** The profile by id: a hot read, built once and sent by name (platform/db/named.ts). */
const profileRead = prepared('account.profile', (v: Placeholders<{ id: number }>) => ({
  sql: sql`SELECT ${users.id}, ${users.nickname}, ${users.avatar}, ${users.gender}, ${users.birthday}, ${users.height},
      ${users.weight}, ${users.stride}, ${users.hrZone}, ${users.inviteCode}, ${users.email}, ${users.phonePrefix},
      ${users.phone}, ${users.timeZone}, ${users.lang}, ${users.totpSecret} IS NOT NULL AS google_bound
    FROM ${users} WHERE ${eq(users.id, v.id)}`,
  decode: (rows): ProfileRow | undefined => {
    const row = rows[0]
    if (!row) return undefined
    return {
      id: row.id as number,
      nickname: row.nickname as string,
      avatar: row.avatar as string,
      gender: row.gender as string,
      birthday: row.birthday as string | null,
      height: row.height as number | null,
      weight: row.weight as number | null,
      stride: row.stride as number | null,
      hrZone: row.hr_zone as number | null,
      inviteCode: row.invite_code as string,
      email: row.email as string | null,
      phonePrefix: row.phone_prefix as string | null,
      phone: row.phone as string | null,
      timeZone: row.time_zone as string,
      lang: row.lang as string,
      googleBound: row.google_bound as boolean,
    }
  },
}))

export function accountRepo(db: Db) {
  return {
    async findByKey(key: AccountKey): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(byKey(key)).limit(1)
      return row
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    /** What the profile answers of user `id` (undefined: no such user). */
    profile: (id: number): Promise<ProfileRow | undefined> => profileRead(db, { id }),

    findByIds(ids: number[]): Promise<UserRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : db.select().from(users).where(inArray(users.id, ids))
    },

    async findIdByInviteCode(code: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1)
      return row?.id
    },

    async insertUser(row: typeof users.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning()
      if (!created) throw new Error('user insert returned nothing')
      return created
    },

    /** Updates profile columns; undefined values are left as they are. */
    async updateProfile(
      id: number,
      patch: Partial<
        Pick<
          UserRow,
          'nickname' | 'avatar' | 'gender' | 'birthday' | 'height' | 'weight' | 'stride' | 'hrZone' | 'timeZone'
        >
      >,
    ): Promise<UserRow | undefined> {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
      if (Object.keys(set).length === 0) return this.findById(id)
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning()
      return row
    },
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id))
    },

    /** Accepts a TOTP time step only if it is later than the last one used (no replay). */
    async claimTotpStep(id: number, step: number): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id })
      return updated.length === 1
    },

    async setPendingTotp(id: number, secret: string | null): Promise<void> {
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, id))
    },
    /** Binds the pending secret (with the step its confirming code used) and its recovery codes. */
    async bindTotp(id: number, secret: string, step: number, recoveryHashes: string[]): Promise<boolean> {
      // only the pending secret, once: of two concurrent binds one wins
      const bound = await db
        .update(users)
        .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
        .where(and(eq(users.id, id), isNull(users.totpSecret), eq(users.totpPendingSecret, secret)))
        .returning({ id: users.id })
      if (bound.length === 0) return false
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id))
      await db.insert(recoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId: id, codeHash })))
      return true
    },
    async unbindTotp(id: number): Promise<void> {
      await db.update(users).set({ totpSecret: null, totpPendingSecret: null }).where(eq(users.id, id))
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id))
    },
    /** Uses one unused recovery code; false when there is none with this hash. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id })
      return used.length === 1
    },
    async langOf(id: number): Promise<string | undefined> {
      const [row] = await db.select({ lang: users.lang }).from(users).where(eq(users.id, id)).limit(1)
      return row?.lang
    },
    /** Stores the account's language; writes nothing when it is already `lang`. */
    async setLang(id: number, lang: string): Promise<void> {
      await db
        .update(users)
        .set({ lang })
        .where(and(eq(users.id, id), ne(users.lang, lang)))
    },
    /**
     * Marks the owner as told about repeated wrong passwords, unless they were told within
     * `quietMs`; true when this call marked it (exactly one of concurrent calls does).
     */
    async claimLoginAlert(id: number, quietMs: number): Promise<boolean> {
      const claimed = await db
        .update(users)
        .set({ loginAlertAt: new Date() })
        .where(
          and(eq(users.id, id), or(isNull(users.loginAlertAt), lt(users.loginAlertAt, new Date(Date.now() - quietMs)))),
        )
        .returning({ id: users.id })
      return claimed.length === 1
    },
    async setEmail(id: number, email: string): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ email }).where(eq(users.id, id)).returning()
      return row
    },
    /**
     * Deletes an account's personal data and keeps the row (foreign keys, ledger): no e-mail,
     * phone, profile, password or authenticator; `deleted_at` set. Its sign-in attempts and
     * verification codes, which name its address, go too.
     */
    async anonymize(user: UserRow, addresses: string[]): Promise<void> {
      await db
        .update(users)
        .set({
          email: null,
          phonePrefix: null,
          phone: null,
          passwordHash: '!deleted',
          nickname: '',
          avatar: '',
          gender: '',
          birthday: null,
          height: null,
          weight: null,
          stride: null,
          hrZone: null,
          totpSecret: null,
          totpPendingSecret: null,
          deletedAt: new Date(),
        })
        .where(eq(users.id, user.id))
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
      if (addresses.length > 0) {
        await db.delete(loginAttempts).where(inArray(loginAttempts.accountKey, addresses))
        await db.delete(verificationCodes).where(inArray(verificationCodes.target, addresses))
      }
      await db.delete(loginAttempts).where(eq(loginAttempts.accountKey, `totp:${user.id}`))
    },
    // verification codes

    async insertCode(row: typeof verificationCodes.$inferInsert): Promise<void> {
      await db.insert(verificationCodes).values(row)
    },

    async lastCodeSentAt(target: string, scene: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.scene, scene)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
      return row?.createdAt
    },

    async codesSentFromIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)))
      return row?.n ?? 0
    },

    /** The newest usable code for a target and scene: not consumed, not expired. */
    async latestLiveCode(target: string, scene: string) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.target, target),
            eq(verificationCodes.scene, scene),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
      return row
    },

    /** Counts a wrong try; false once the code has no tries left. */
    async countCodeAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const updated = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxAttempts)))
        .returning({ id: verificationCodes.id })
      return updated.length === 1
    },

    /** Marks a code used; false when a concurrent request used it first. */
    async consumeCode(id: number): Promise<boolean> {
      const updated = await db
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id })
      return updated.length === 1
    },

    // sign-in attempts

    async recordLogin(accountKey: string, ip: string, ok: boolean): Promise<void> {
      await db.insert(loginAttempts).values({ accountKey, ip, ok })
    },

    /**
     * Failures of `accountKey` from `ip` since `since` and since that address's last success
     * on it, with the time of the latest one.
     */
    async failuresFromAddress(accountKey: string, ip: string, since: Date): Promise<{ n: number; last?: Date }> {
      const lastOk = db
        .select({ at: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.ip, ip), eq(loginAttempts.ok, true)))
      const [row] = await db
        .select({ n: count(), last: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.accountKey, accountKey),
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.ok, false),
            gt(loginAttempts.createdAt, since),
            sql`${loginAttempts.createdAt} > coalesce((${lastOk}), '-infinity')`,
          ),
        )
      return { n: row?.n ?? 0, ...(row?.last && { last: row.last }) }
    },

    /** Whether `accountKey` was signed in from `ip` since `since`. */
    async signedInFrom(accountKey: string, ip: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: loginAttempts.id })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.accountKey, accountKey),
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.ok, true),
            gt(loginAttempts.createdAt, since),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async failedLoginsSince(accountKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.accountKey, accountKey),
            eq(loginAttempts.ok, false),
            gt(loginAttempts.createdAt, since),
          ),
        )
      return row?.n ?? 0
    },
  }
}
export type AccountRepo = ReturnType<typeof accountRepo>
