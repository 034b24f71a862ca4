import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * The server's VAPID key pair, generated on the first start when none is configured
 * (`VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`): one row, kept so browsers' subscriptions stay valid.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
)

/**
 * A browser's push subscription, per device (its endpoint) and account: a device signed in to
 * another account moves its subscription there. Removed when the push service answers 404/410
 * or its host no longer resolves to public addresses; at most 10 per account (the newest).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deliveries in a row that ran out of time; two park the endpoint (docs/adr/2026-11-28-push-egress.md). */
    timeouts: integer('timeouts').notNull().default(0),
    /** Not sent to before this instant (null: not parked); doubles with each further timeout. */
    parkedUntil: timestamp('parked_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/** The kinds of push an account switched off (no row: on). */
export const pushMuted = pgTable(
  'push_muted',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)
