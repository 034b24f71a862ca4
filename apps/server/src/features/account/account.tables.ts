import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased; unique when present. */
    email: text('email'),
    phonePrefix: text('phone_prefix'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gender: text('gender').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    height: integer('height'),
    weight: integer('weight'),
    stride: integer('stride'),
    hrZone: integer('hr_zone'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    /** The account's language (wire `lang`: zh-cn, us-en, zh-hk): its mails and notifications use it. */
    lang: text('lang').notNull().default('zh-cn'),
    /** When the owner was last mailed about repeated wrong passwords (one mail per burst). */
    loginAlertAt: timestamp('login_alert_at', { withTimezone: true }),
    /** Google authenticator (TOTP) secret, base32; set once bound (issue 6 binds it). */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a used code is refused a second time. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A secret offered by `/v1/googleauth create`, waiting to be confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** Set when the account was deleted (`/v1/logoff`): the row stays, anonymized. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phonePrefix, t.phone),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    /** Referral rewards and /v1/invite find the accounts a user invited. */
    index('users_invited_by_idx')
      .on(t.invitedBy)
      .where(sql`${t.invitedBy} IS NOT NULL`),
  ],
)

/** One-time verification codes, stored as salted hashes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** Lower-cased e-mail, or `+prefix phone`. */
    target: text('target').notNull(),
    scene: text('scene').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.scene, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
)

/** Sign-in attempts: the delay per account and address, the account's cap, known addresses. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    ok: boolean('ok').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_account_idx')
      .on(t.accountKey, t.createdAt)
      .where(sql`NOT ok`),
    /** The addresses an account signed in from (they pass the cap without a mailed code). */
    index('login_attempts_ok_idx')
      .on(t.accountKey, t.ip, t.createdAt)
      .where(sql`ok`),
  ],
)

/** One-time recovery codes of a Google authenticator, as SHA-256; each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)
