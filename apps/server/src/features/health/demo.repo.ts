import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from '../../platform/db/users.tables.ts'
import { fitnessPasses, healthConsents, healthGoals } from './health.tables.ts'

/** The demo account of `npm start` (never in production). */
export function demoRepo(db: Db) {
  return {
    async userByEmail(email: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      return row?.id
    },

    async createUser(row: typeof users.$inferInsert): Promise<number> {
      const [created] = await db.insert(users).values(row).returning({ id: users.id })
      return created!.id
    },

    async settings(userId: number, validUntil: Date): Promise<void> {
      await db.insert(healthGoals).values({ userId, step: 8000, calorie: 300, distance: 5000 }).onConflictDoNothing()
      await db
        .insert(healthConsents)
        .values({ userId, exercise: true, sleep: true, heartRate: true })
        .onConflictDoNothing()
      await db.insert(fitnessPasses).values({ userId, validUntil })
    },

    /** Unix seconds of the user's newest heart-rate sample, or null. */
    async lastHeartRate(userId: number): Promise<number | null> {
      const [row] = await db
        .execute<{ t: number | null }>(
          sql`SELECT extract(epoch FROM max(t))::bigint AS t FROM hr_samples WHERE user_id = ${userId}`,
        )
        .then((r) => r.rows)
      return row?.t === null || row?.t === undefined ? null : Number(row.t)
    },
  }
}
