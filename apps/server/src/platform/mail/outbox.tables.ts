import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Messages not sent over SMTP (no MAIL_URL, or text messages): the dev outbox. */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
