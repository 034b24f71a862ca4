import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { energyReviews } from './review.tables.ts'

/** First key of the per-user review lock (two-key advisory lock: its own key space). */
const REVIEW_LOCK = 7_340_418

export function reviewRepo(db: Db) {
  return {
    /** Serialises one user's review requests in the caller's transaction. */
    async lock(userId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${REVIEW_LOCK}, ${userId})`)
    },

    async ticketOf(userId: number, day: string): Promise<number | undefined> {
      const [row] = await db
        .select({ ticketId: energyReviews.ticketId })
        .from(energyReviews)
        .where(and(eq(energyReviews.userId, userId), eq(energyReviews.day, day)))
      return row?.ticketId
    },

    async insert(userId: number, day: string, ticketId: number): Promise<void> {
      await db.insert(energyReviews).values({ userId, day, ticketId })
    },
  }
}
