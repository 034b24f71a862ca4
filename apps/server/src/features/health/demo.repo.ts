import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { fitnessPasses, healthConsents, healthGoals } from './health.tables.ts'

/** The demo account of `npm start` (never in production). */
export function demoRepo(db: Db) {
  return {
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
