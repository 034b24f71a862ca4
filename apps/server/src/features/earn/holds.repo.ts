import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { energyHolds } from './energy.tables.ts'

export type HoldRow = typeof energyHolds.$inferSelect

/** Energy frozen for a workout under review (`energy_holds`), in the caller's transaction. */
export function holdsRepo(db: Db) {
  return {
    /** Every hold of a user's day, oldest first (the credit reads them under the day's lock). */
    async ofDay(userId: number, day: string): Promise<HoldRow[]> {
      return db
        .select()
        .from(energyHolds)
        .where(and(eq(energyHolds.userId, userId), eq(energyHolds.day, day)))
        .orderBy(energyHolds.id)
    },

    /** The days among these that have an open hold. */
    async openDays(userId: number, days: string[]): Promise<Set<string>> {
      if (days.length === 0) return new Set()
      const rows = await db
        .selectDistinct({ day: energyHolds.day })
        .from(energyHolds)
        .where(and(eq(energyHolds.userId, userId), inArray(energyHolds.day, days), eq(energyHolds.status, 'open')))
      return new Set(rows.map((r) => r.day))
    },

    async insert(userId: number, day: string, workoutId: number, amount: bigint): Promise<number> {
      const [row] = await db
        .insert(energyHolds)
        .values({ userId, day, workoutId, amount: amount.toString() })
        .returning({ id: energyHolds.id })
      return row!.id
    },

    async settle(id: number, status: 'released' | 'forfeited'): Promise<void> {
      await db.update(energyHolds).set({ status, settledAt: new Date() }).where(eq(energyHolds.id, id))
    },

    /** What the open holds hold, in energy base units (the reconciliation compares `system:held`). */
    async openTotal(): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${energyHolds.amount}), 0)::text` })
        .from(energyHolds)
        .where(eq(energyHolds.status, 'open'))
      return BigInt(row?.total ?? '0')
    },
  }
}
