import { bigint, date, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from '../../platform/db/users.tables.ts'

/**
 * Energy credited to a user for a local day's activity so far, in base units: the sum of that
 * day's `energy` postings, kept by the credit in its own transaction under the user-day lock
 * (crediting.ts). Home and the credit read it by key instead of summing the user's whole energy
 * history (docs/adr/2026-11-25-home-in-one-read.md); `npm run ledger:check` compares it with the ledger.
 */
export const energyDays = pgTable(
  'energy_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    credited: numeric('credited', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/**
 * Energy frozen while the operator reviews a workout imported into two accounts (crediting.ts):
 * what the day had been credited beyond what it earns without the workout, moved from the user to
 * `system:held` (never more than the user holds). Released back when the workout wins, forfeited
 * to `system:rewards` when it loses; `npm run ledger:check` compares the open ones with `system:held`.
 */
export const energyHolds = pgTable(
  'energy_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** Health's workout (no foreign key across features). */
    workoutId: bigint('workout_id', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** open | released | forfeited */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('energy_holds_user_day_idx').on(t.userId, t.day),
    // one open hold per workout: a second freeze waits for the first to be settled
    uniqueIndex('energy_holds_open_key')
      .on(t.workoutId)
      .where(sql`${t.status} = 'open'`),
  ],
)
