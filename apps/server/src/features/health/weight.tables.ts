import { bigint, date, doublePrecision, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/** The weight log: one entry per user and local day, kg with one decimal (entered by the user). */
export const weightEntries = pgTable(
  'weight_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    weightKg: doublePrecision('weight_kg').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('weight_entries_user_day_key').on(t.userId, t.day)],
)
