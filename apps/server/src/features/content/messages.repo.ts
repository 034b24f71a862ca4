import type { Texts, WireLang } from '@kinetic/protocol'
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { jsonRow, jsonRows } from '../../platform/db/json-rows.ts'
import { preparedParts, type Param, type Placeholders } from '../../platform/db/named.ts'
import { messageReads, messages } from './messages.tables.ts'

/** A user sees the notices (no user) and their own system messages. */
const visibleTo = (userId: Param<number>) => or(isNull(messages.userId), eq(messages.userId, userId))
const readBy = (userId: Param<number>) =>
  sql<boolean>`exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.userId} = ${userId})`

/** What a page of messages shows of each: its texts in one language, and whether `user` read it. */
const pageItem = (user: Param<number>, lang: Param<WireLang>) => ({
  id: messages.id,
  kind: messages.kind,
  title: { sql: sql`${messages.title} ->> ${lang}` },
  content: { sql: sql`${messages.content} ->> ${lang}` },
  createdAt: messages.createdAt,
  read: { sql: readBy(user) },
})
type PageItem = {
  id: number
  kind: 'notice' | 'system'
  title: string
  content: string
  createdAt: Date
  read: boolean
}

/**
 * `/v1/msg`: a page of the user's messages (in `lang`), how many there are and how many are
 * unread, in one statement: a hot read, built once and sent by name (platform/db/named.ts).
 */
const pageRead = preparedParts(
  'content.messages-page',
  (v: Placeholders<{ user: number; lang: WireLang; limit: number; offset: number }>) => {
    const visible = visibleTo(v.user)
    const totals = jsonRow(
      {
        total: { sql: sql`count(*)::int` },
        unread: { sql: sql`(count(*) filter (where not ${readBy(v.user)}))::int` },
      },
      sql`FROM ${messages} WHERE ${visible}`,
    )
    const rows = jsonRows(
      pageItem(v.user, v.lang),
      sql`FROM ${messages} WHERE ${visible}`,
      sql`${messages.id} DESC`,
      v.limit,
      v.offset,
    )
    return {
      totals: {
        sql: totals.sql,
        decode: (value: unknown) => totals.decode(value) as { total: number; unread: number },
      },
      rows: { sql: rows.sql, decode: (value: unknown) => rows.decode(value) as PageItem[] },
    }
  },
)

export function messagesRepo(db: Db) {
  return {
    /** A page of the user's messages in one language, how many there are and how many unread, in one round trip. */
    async page(userId: number, lang: WireLang, page: number, limit: number) {
      const read = await pageRead(db, { user: userId, lang, limit, offset: (page - 1) * limit })
      return { rows: read.rows, total: read.totals.total, unread: read.totals.unread }
    },

    async find(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, id), visibleTo(userId)))
      return row
    },

    async markRead(userId: number, messageId: number): Promise<void> {
      await db.insert(messageReads).values({ userId, messageId }).onConflictDoNothing()
    },

    async insert(row: {
      userId: number | null
      kind: 'notice' | 'system'
      title: Texts
      content: Texts
      operatorId?: number
    }): Promise<number> {
      const [created] = await db.insert(messages).values(row).returning({ id: messages.id })
      if (!created) throw new Error('message insert returned nothing')
      return created.id
    },

    async notices(page: number, limit: number) {
      const where = eq(messages.kind, 'notice')
      const rows = await db
        .select({ id: messages.id, kind: messages.kind, title: messages.title, createdAt: messages.createdAt })
        .from(messages)
        .where(where)
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset((page - 1) * limit)
      const [totals] = await db.select({ total: count() }).from(messages).where(where)
      return { rows, total: totals?.total ?? 0 }
    },
  }
}
