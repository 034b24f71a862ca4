import { bigint, date, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core'
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
