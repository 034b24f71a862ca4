import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Operator-set values such as `app_version`. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Privacy policy, user protocol and introduction, one row per language. */
export const articles = pgTable(
  'articles',
  {
    type: text('type').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Version of the texts the seed last wrote (platform/db/seeded-texts.ts); null: not seeded. */
    seedVersion: text('seed_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.lang] })],
)
