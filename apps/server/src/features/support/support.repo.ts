import type { support, Texts } from '@kinetic/protocol'
import { and, asc, count, desc, eq, gt, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { users } from '../../platform/db/users.tables.ts'
import type { Db } from '../../platform/db/client.ts'
import type { SupportHours } from './hours.ts'
import { chatMessages, supportHours, ticketCategories, ticketReplies, tickets } from './support.tables.ts'

type Status = support.TicketStatus
type Author = support.Author

/** How an operator recognises a user: nickname and e-mail or phone. */
const userLabel = sql<string>`trim(both ' ' from ${users.nickname} || ' ' || coalesce(${users.email}, '+' || ${users.phonePrefix} || ' ' || ${users.phone}, ''))`

const ticketColumns = {
  id: tickets.id,
  userId: tickets.userId,
  categoryId: tickets.categoryId,
  categoryName: ticketCategories.name,
  title: tickets.title,
  content: tickets.content,
  attachments: tickets.attachments,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  userLabel,
}

/** A user's tickets, as a subquery column other features embed (the console's user search). */
export const ticketCount = (userId: SQL.Aliased | AnyColumn | SQL) =>
  sql<number>`(select count(*) from ${tickets} where ${tickets.userId} = ${userId})`.mapWith(Number)

/** A user's chat messages, as a subquery column other features embed (the console's user search). */
export const chatMessageCount = (userId: SQL.Aliased | AnyColumn | SQL) =>
  sql<number>`(select count(*) from ${chatMessages} where ${chatMessages.userId} = ${userId})`.mapWith(Number)

export function supportRepo(db: Db) {
  return {
    categories: () => db.select().from(ticketCategories).orderBy(asc(ticketCategories.sort)),

    async categoryExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: ticketCategories.id })
        .from(ticketCategories)
        .where(eq(ticketCategories.id, id))
      return row !== undefined
    },

    async insertCategories(rows: readonly { id: number; sort: number; name: Texts; seedVersion: string }[]) {
      if (rows.length > 0)
        await db
          .insert(ticketCategories)
          .values([...rows])
          .onConflictDoNothing()
    },

    /** Writes a seed's name and version over the category, only while it still has `expected`. */
    async reseedCategory(id: number, name: Texts, seedVersion: string, expected: Texts): Promise<void> {
      await db
        .update(ticketCategories)
        .set({ name, seedVersion })
        .where(and(eq(ticketCategories.id, id), eq(ticketCategories.name, expected)))
    },

    async insertTicket(row: {
      userId: number
      categoryId: number
      title: string
      content: string
      attachments: string[]
    }): Promise<number> {
      const [created] = await db.insert(tickets).values(row).returning({ id: tickets.id })
      if (!created) throw new Error('ticket insert returned nothing')
      return created.id
    },

    /** Tickets (of one user when `userId` is given), newest activity first. */
    async ticketPage(filter: { userId?: number; status?: Status }, page: number, limit: number) {
      const conditions: SQL[] = []
      if (filter.userId !== undefined) conditions.push(eq(tickets.userId, filter.userId))
      if (filter.status) conditions.push(eq(tickets.status, filter.status))
      const where = and(...conditions)
      const rows = await db
        .select(ticketColumns)
        .from(tickets)
        .innerJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId))
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(where)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(limit)
        .offset((page - 1) * limit)
      const [totals] = await db.select({ total: count() }).from(tickets).where(where)
      return { rows, total: totals?.total ?? 0 }
    },

    /** One ticket (only when it is `userId`'s, if given); `lock` holds its row until the transaction ends. */
    async ticket(id: number, userId?: number, lock = false) {
      const query = db
        .select(ticketColumns)
        .from(tickets)
        .innerJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId))
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(and(eq(tickets.id, id), userId === undefined ? undefined : eq(tickets.userId, userId)))
      const [row] = lock ? await query.for('update', { of: tickets }) : await query
      return row
    },

    replies: (ticketId: number) =>
      db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId)).orderBy(asc(ticketReplies.id)),

    async addReply(row: { ticketId: number; author: Author; operatorId?: number; content: string }): Promise<void> {
      await db.insert(ticketReplies).values(row)
    },

    async setStatus(id: number, status: Status): Promise<void> {
      await db.update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.id, id))
    },

    /** Stores a chat message once per (user, author, client id); undefined when it was already stored. */
    async insertChat(row: {
      userId: number
      author: Author
      operatorId?: number
      clientId: string
      content: string
      image?: string
    }) {
      const [created] = await db.insert(chatMessages).values(row).onConflictDoNothing().returning()
      return created
    },

    async chatByClientId(userId: number, author: Author, clientId: string) {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.userId, userId), eq(chatMessages.author, author), eq(chatMessages.clientId, clientId)),
        )
      return row
    },

    /** After `afterId`: the next `limit`, oldest first; else the newest `limit` (before `beforeId`), oldest first. */
    async chatWindow(userId: number, window: { afterId?: number; beforeId?: number; limit: number }) {
      const mine = eq(chatMessages.userId, userId)
      if (window.afterId !== undefined) {
        return db
          .select()
          .from(chatMessages)
          .where(and(mine, gt(chatMessages.id, window.afterId)))
          .orderBy(asc(chatMessages.id))
          .limit(window.limit)
      }
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(mine, window.beforeId === undefined ? undefined : lt(chatMessages.id, window.beforeId)))
        .orderBy(desc(chatMessages.id))
        .limit(window.limit)
      return rows.reverse()
    },

    /** Each user's latest chat message, most recent conversation first. */
    async conversations(page: number, limit: number) {
      const latest = db
        .selectDistinctOn([chatMessages.userId])
        .from(chatMessages)
        // the automatic acknowledgement is not what an operator looks for in the list
        .where(ne(chatMessages.author, 'system'))
        .orderBy(chatMessages.userId, desc(chatMessages.id))
        .as('latest')
      const rows = await db
        .select({
          id: latest.id,
          userId: latest.userId,
          author: latest.author,
          operatorId: latest.operatorId,
          clientId: latest.clientId,
          content: latest.content,
          image: latest.image,
          createdAt: latest.createdAt,
          userLabel,
        })
        .from(latest)
        .innerJoin(users, eq(users.id, latest.userId))
        .orderBy(desc(latest.id))
        .limit(limit)
        .offset((page - 1) * limit)
      const [totals] = await db
        .select({ total: sql<number>`count(distinct ${chatMessages.userId})`.mapWith(Number) })
        .from(chatMessages)
      return { rows, total: totals?.total ?? 0 }
    },

    /** Whether a ticket or a chat message carries this file (so an operator may read it). */
    async isSupportFile(fileId: string): Promise<boolean> {
      const { rows } = await db.execute<{ found: boolean }>(
        sql`select exists (select 1 from ${tickets} where ${fileId} = any(${tickets.attachments})) or exists (select 1 from ${chatMessages} where ${chatMessages.image} = ${fileId}) as found`,
      )
      return rows[0]?.found === true
    },

    /** The id of the operator's latest message in a user's chat (0: none yet). */
    async lastOperatorChat(userId: number): Promise<number> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.author, 'operator')))
        .orderBy(desc(chatMessages.id))
        .limit(1)
      return row?.id ?? 0
    },

    /** The user's language and time zone, to write them an acknowledgement. */
    async reader(userId: number): Promise<{ lang: string; timeZone: string } | undefined> {
      const [row] = await db
        .select({ lang: users.lang, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    async hours(): Promise<SupportHours | undefined> {
      const [row] = await db.select().from(supportHours).where(eq(supportHours.id, 1))
      return (
        row && { timeZone: row.timeZone, days: row.days, open: row.open, close: row.close, replyHours: row.replyHours }
      )
    },

    async setHours(hours: SupportHours): Promise<void> {
      await db
        .insert(supportHours)
        .values({ id: 1, ...hours })
        .onConflictDoUpdate({ target: supportHours.id, set: { ...hours, updatedAt: new Date() } })
    },

    async userLabel(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ label: userLabel }).from(users).where(eq(users.id, userId))
      return row?.label
    },
  }
}
export type SupportRepo = ReturnType<typeof supportRepo>
