import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * The accounts, in the shared schema module: every feature's rows key on `users.id`, and
 * platform tables (sessions, files) reference it. The account feature writes it; other
 * features read the columns they need (docs/adr/2026-11-24-server-feature-plugins.md).
 */
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
    /** kg, one decimal: the latest day of the weight log when it has one. */
    weight: doublePrecision('weight'),
    stride: integer('stride'),
    hrZone: integer('hr_zone'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    /** The account's language (wire `lang`: zh-cn, us-en, zh-hk): its mails and notifications use it. */
    lang: text('lang').notNull().default('zh-cn'),
    /** When the owner was last mailed about repeated wrong passwords (one mail per burst). */
    loginAlertAt: timestamp('login_alert_at', { withTimezone: true }),
    /** Google authenticator (TOTP) secret, base32; set once bound (`/v1/googleauth`). */
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
