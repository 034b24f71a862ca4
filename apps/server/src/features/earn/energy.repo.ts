import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { scalar, type Part } from '../../platform/db/json-rows.ts'
import type { Param } from '../../platform/db/named.ts'
import { energyDays } from './energy.tables.ts'

/** Lock space of the per-user, per-day energy credit (pg_advisory_xact_lock's first key). */
const ENERGY_LOCK = 7340501

/** The energy credited per user-day, as parts of another feature's statement (Home's). */
export const energyParts = {
  /** Energy credited to a user for a local day's activity so far, in base units. */
  credited: (userId: Param<number>, day: Param<string>): Part<bigint> =>
    scalar(
      sql`SELECT ${energyDays.credited}::text FROM ${energyDays}
          WHERE ${and(eq(energyDays.userId, userId), eq(energyDays.day, day))}`,
      (value) => BigInt((value as string | null) ?? '0'),
    ),
}

/** The energy credit's own SQL: its per-user-day lock and the kept credited totals (`energy_days`). */
export function energyRepo(db: Db) {
  return {
    /** Serializes energy credits of one user's day until the transaction ends. */
    async lockEnergyDay(userId: number, day: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ENERGY_LOCK}, hashtext(${`${userId}:${day}`}))`)
    },

    /** Energy credited to the user for each of some local days' activity so far, in base units (days with none are absent). */
    async energyCredited(userId: number, days: string[]): Promise<Map<string, bigint>> {
      const rows = await db
        .select({ day: energyDays.day, credited: energyDays.credited })
        .from(energyDays)
        .where(and(eq(energyDays.userId, userId), inArray(energyDays.day, days)))
      return new Map(rows.map((r) => [r.day, BigInt(r.credited)]))
    },

    /** Users' days whose kept credited energy differs from the sum of that day's energy postings (either side missing counts as 0). */
    async energyDayMismatches() {
      const result = await db.execute<{ user_id: string; day: string; kept: string; posted: string }>(sql`
        WITH posted AS (
          SELECT a.user_id, (p.memo->>'day')::date AS day, sum(e.amount) AS total
          FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_postings p ON p.id = e.posting_id
          WHERE p.kind = 'energy' AND e.asset = 'energy' AND a.user_id IS NOT NULL
          GROUP BY 1, 2
        )
        SELECT coalesce(k.user_id, p.user_id)::text AS user_id, coalesce(k.day, p.day)::text AS day,
               coalesce(k.credited, 0)::text AS kept, coalesce(p.total, 0)::text AS posted
        FROM ${energyDays} k FULL JOIN posted p ON p.user_id = k.user_id AND p.day = k.day
        WHERE coalesce(k.credited, 0) <> coalesce(p.total, 0)
        ORDER BY 1, 2`)
      return result.rows
    },

    /** Keeps a day's credited total (inside the credit's transaction, under its lock). */
    async keepCredited(userId: number, day: string, credited: bigint): Promise<void> {
      await db
        .insert(energyDays)
        .values({ userId, day, credited: credited.toString() })
        .onConflictDoUpdate({ target: [energyDays.userId, energyDays.day], set: { credited: credited.toString() } })
    },
  }
}
