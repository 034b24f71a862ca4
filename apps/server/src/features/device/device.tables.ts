import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * Device codes issued by the provider in batches (seeded demo batch; the operator console
 * issues more). The activation code is kept only as a salted SHA-256.
 */
export const deviceCodes = pgTable(
  'device_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceCode: text('device_code').notNull(),
    salt: text('salt').notNull(),
    activeCodeHash: text('active_code_hash').notNull(),
    batch: text('batch').notNull(),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_codes_code_key').on(t.deviceCode)],
)

/** A watch bound to an account; `unbound_at` ends it. One live binding per device code. */
export const deviceBindings = pgTable(
  'device_bindings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceCodeId: bigint('device_code_id', { mode: 'number' })
      .notNull()
      .references(() => deviceCodes.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    /** The last accepted upload: online = within DEVICE_ONLINE_MINUTES. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_bindings_live_key')
      .on(t.deviceCodeId)
      .where(sql`unbound_at IS NULL`),
    index('device_bindings_user_idx').on(t.userId, t.boundAt),
  ],
)

/** Upload tokens (SHA-256 of 256 random bits); valid while their binding is live. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bindingId: bigint('binding_id', { mode: 'number' })
      .notNull()
      .references(() => deviceBindings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_tokens_hash_key').on(t.tokenHash)],
)

/** Failed bind attempts, for the per-account limit (no guessing activation codes). */
export const deviceBindFailures = pgTable(
  'device_bind_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Written from the app's clock: a rule compares it with a time the app computed. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('device_bind_failures_user_idx').on(t.userId, t.createdAt)],
)
