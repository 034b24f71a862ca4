import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { deviceBindings } from '../device/device.tables.ts'
import { wallets } from '../wallet/wallet.tables.ts'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.tables.ts'

/** Lock space of the per-user, per-day energy credit (pg_advisory_xact_lock's first key). */
const ENERGY_LOCK = 7340501

/**
 * Home's reads of other features' tables (devices, wallets) and the energy credit's lock;
 * health's data comes through `healthReads`. Read-only against those tables; writes go through the ledger.
 */
export function homeRepo(db: Db) {
  return {
    async boundWatches(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(deviceBindings)
        .where(and(eq(deviceBindings.userId, userId), isNull(deviceBindings.unboundAt)))
      return row?.n ?? 0
    },

    async backedUpWallets(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(wallets)
        .where(and(eq(wallets.userId, userId), eq(wallets.backedUp, true), isNull(wallets.deletedAt)))
      return row?.n ?? 0
    },

    /** Serializes energy credits of one user's day until the transaction ends. */
    async lockEnergyDay(userId: number, day: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${ENERGY_LOCK}, hashtext(${`${userId}:${day}`}))`)
    },

    /** Energy credited to the user for a local day's activity so far, in base units. */
    async energyCredited(userId: number, day: string): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(
            eq(ledgerAccounts.userId, userId),
            eq(ledgerEntries.asset, 'energy'),
            eq(ledgerPostings.kind, 'energy'),
            sql`${ledgerPostings.memo}->>'day' = ${day}`,
          ),
        )
      return BigInt(row?.total ?? '0')
    },

    /** Whether a posting with this key exists (a task received in its period). */
    async posted(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ledgerPostings.id })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.idempotencyKey, key))
      return row !== undefined
    },
  }
}
export type HomeRepo = ReturnType<typeof homeRepo>
