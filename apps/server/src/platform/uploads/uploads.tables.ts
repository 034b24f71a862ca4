import { bigint, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../db/users.tables.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * Uploaded files, bytes included, so every server instance serves every file. Rows are
 * written only after the bytes were decoded and re-encoded (images.ts).
 */
export const files = pgTable(
  'files',
  {
    /** 128 random bits, base64url: the URL is unguessable. */
    id: text('id').primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `avatar` (readable by anyone with the URL) or `attachment` (owner and whom a rule allows). */
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Written from the app's clock: a rule compares it with a time the app computed. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.kind)],
)
