import type { Texts } from '@kinetic/protocol'
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/**
 * Notices (`user_id` null: to everyone, published by an operator) and system messages (to
 * one user, posted by a feature through `postSystemMessage`), each text in the three languages.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['notice', 'system'] }).notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    content: jsonb('content').$type<Texts>().notNull(),
    /** The operator who published a notice (no foreign key: the audit log keeps the history). */
    operatorId: bigint('operator_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.id)],
)

/** Which user has read which message (a notice is read per user). */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
)
