import { bigint, date, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/** Reviews of an energy credit's plausibility verdict: one support ticket per user and day. */
export const energyReviews = pgTable(
  'energy_reviews',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Support's ticket (support owns the row; no foreign key across features). */
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)
