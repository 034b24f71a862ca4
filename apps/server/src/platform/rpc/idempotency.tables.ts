import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The idempotency keys each account used, per operation, with a hash of the params they came
 * with: the same key again must bring the same params (platform/rpc/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>`, or `operator:<id>` on the console. */
    scope: text('scope').notNull(),
    /** The operation, e.g. `/v1/collect`. */
    method: text('method').notNull(),
    key: text('key').notNull(),
    /** sha256 (hex) of the canonical JSON of the params without the key. */
    paramsHash: text('params_hash').notNull(),
    /** Written from the app's clock: a rule compares it with a time the app computed. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.scope, t.method, t.key] })],
)
