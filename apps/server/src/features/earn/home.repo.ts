import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { boundWatchCount } from '../device/index.ts'
import { backedUpWalletCount } from '../wallet/index.ts'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.tables.ts'

/** Lock space of the per-user, per-day energy credit (pg_advisory_xact_lock's first key). */
const ENERGY_LOCK = 7340501

/**
 * Home's reads: the setup facts (the device and wallet features' own subqueries), the energy
 * credited and the energy credit's lock. Health's data comes through `healthReads`; writes go
 * through the ledger.
 */
export function homeRepo(db: Db) {
  return {
    /** Bound watches and backed-up wallets, the facts of the setup tasks, in one query. */
    async setupCounts(userId: number): Promise<{ watches: number; backedUpWallets: number }> {
      // the owners' subqueries (device, wallet index.ts): still one round trip
      const watches = boundWatchCount(db, userId)
      const backedUp = backedUpWalletCount(db, userId)
      const result = await db.execute<{ watches: number; wallets: number }>(
        sql`SELECT (${watches})::int AS watches, (${backedUp})::int AS wallets`,
      )
      const row = result.rows[0]
      return { watches: row?.watches ?? 0, backedUpWallets: row?.wallets ?? 0 }
    },

    /** Serializes energy credits of one user's day until the transaction ends. */
    async lockEnergyDay(userId: number, day: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ENERGY_LOCK}, hashtext(${`${userId}:${day}`}))`)
    },

    /** Energy credited to the user for each of some local days' activity so far, in base units (days with none are absent). */
    async energyCredited(userId: number, days: string[]): Promise<Map<string, bigint>> {
      const day = sql<string>`${ledgerPostings.memo}->>'day'`
      const rows = await db
        .select({ day, total: sql<string>`sum(${ledgerEntries.amount})::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(
            eq(ledgerAccounts.userId, userId),
            eq(ledgerEntries.asset, 'energy'),
            eq(ledgerPostings.kind, 'energy'),
            inArray(day, days),
          ),
        )
        .groupBy(day)
      return new Map(rows.map((r) => [r.day, BigInt(r.total)]))
    },

    /** Which of these posting keys exist (tasks received in their periods). */
    async posted(keys: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ key: ledgerPostings.idempotencyKey })
        .from(ledgerPostings)
        .where(inArray(ledgerPostings.idempotencyKey, keys))
      return new Set(rows.map((r) => r.key))
    },
  }
}
export type HomeRepo = ReturnType<typeof homeRepo>
