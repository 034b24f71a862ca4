import type { Texts } from '@kinetic/protocol'
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { messageReads, messages } from './messages.tables.ts'

/** A user sees the notices (no user) and their own system messages. */
const visibleTo = (userId: number) => or(isNull(messages.userId), eq(messages.userId, userId))
const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.userId} = ${userId})`

export function messagesRepo(db: Db) {
  return {
    /** A page of the user's messages, how many there are and how many unread, in one statement. */
    async page(userId: number, page: number, limit: number) {
      const totals = db
        .select({
          total: count().as('total'),
          unread: sql<number>`count(*) filter (where not ${readBy(userId)})`.mapWith(Number).as('unread'),
        })
        .from(messages)
        .where(visibleTo(userId))
        .as('totals')
      const paged = db
        .select({
          id: messages.id,
          kind: messages.kind,
          title: messages.title,
          content: messages.content,
          createdAt: messages.createdAt,
          read: readBy(userId).as('read'),
        })
        .from(messages)
        .where(visibleTo(userId))
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .as('paged')
      // the totals' one row, joined to the page's rows (none past the last page: one row, no message)
      const rows = await db
        .select()
        .from(totals)
        .leftJoinLateral(paged, sql`true`)
        .orderBy(desc(paged.id))
      const [first] = rows
      return {
        rows: rows.flatMap((r) => (r.paged ? [r.paged] : [])),
        total: first?.totals.total ?? 0,
        unread: first?.totals.unread ?? 0,
      }
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
