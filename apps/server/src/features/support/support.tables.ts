import type { Texts } from '@kinetic/protocol'
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'

/** Work ticket categories, named in the three languages (seeded, `ticketCategories.seed.ts`). */
export const ticketCategories = pgTable('ticket_categories', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: jsonb('name').$type<Texts>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** Version of the name the seed last wrote (platform/db/seeded-texts.ts). */
  seedVersion: text('seed_version'),
})

export const tickets = pgTable(
  'tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => ticketCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Ids of attachment files (platform/uploads) the user uploaded for it. */
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['wait', 'replied', 'completed'] })
      .notNull()
      .default('wait'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.updatedAt),
    index('tickets_status_idx').on(t.status, t.updatedAt),
    check('tickets_status_check', sql`${t.status} in ('wait', 'replied', 'completed')`),
  ],
)

/** The conversation of a ticket after its opening text; `operator_id` set for an operator's answer. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['user', 'operator', 'system'] }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.id)],
)

/**
 * Customer-service chat: one conversation per user. `client_id` is the sender's own id for
 * the message, unique per conversation, so a resend after a reconnect is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['user', 'operator', 'system'] }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    clientId: text('client_id').notNull(),
    content: text('content').notNull(),
    /** An attachment file id (platform/uploads), for an image message. */
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_key').on(t.userId, t.author, t.clientId),
    index('chat_messages_user_idx').on(t.userId, t.id),
    index('chat_messages_image_idx')
      .on(t.image)
      .where(sql`${t.image} is not null`),
  ],
)

/**
 * Customer service's working hours, as the operator sets them in the console (one row; none:
 * the defaults of hours.ts): the acknowledgement in chat and tickets gives the expected answer time from them.
 */
export const supportHours = pgTable(
  'support_hours',
  {
    id: integer('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
    /** Working weekdays, 0 Sunday … 6 Saturday. */
    days: integer('days').array().notNull(),
    open: text('open').notNull(),
    close: text('close').notNull(),
    replyHours: integer('reply_hours').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('support_hours_one_row', sql`${t.id} = 1`)],
)
