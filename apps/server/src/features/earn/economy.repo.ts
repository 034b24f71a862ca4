import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { pledges } from './settlement.tables.ts'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.tables.ts'
import { SYSTEM } from './ledger.ts'
import { payouts } from './payout.tables.ts'

const sumText = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)::text`

/** The economy page's reads (never a write): pledges, settlement postings and payouts made. */
export function economyRepo(db: Db) {
  const broadcast = (chainId: number) => and(eq(payouts.chainId, chainId), isNotNull(payouts.hash))
  return {
    /** All KNT pledged now. */
    async totalStaked(): Promise<bigint> {
      const [row] = await db.select({ total: sumText(pledges.staked) }).from(pledges)
      return BigInt(row?.total ?? '0')
    },

    /** KNT every settlement batch moved from the treasury into `system:unclaimed`: what was issued. */
    async issued(): Promise<bigint> {
      const [row] = await db
        .select({ total: sumText(ledgerEntries.amount) })
        .from(ledgerEntries)
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerPostings.kind, 'settlement'),
            eq(ledgerAccounts.owner, SYSTEM.unclaimed),
            eq(ledgerEntries.asset, 'knt'),
          ),
        )
      return BigInt(row?.total ?? '0')
    },

    /** Payouts the chain confirmed on this chain: how many and how much KNT. */
    async paidOut(chainId: number): Promise<{ count: number; amount: bigint }> {
      const [row] = await db
        .select({ n: count(), total: sumText(payouts.amount) })
        .from(payouts)
        .where(and(eq(payouts.chainId, chainId), eq(payouts.status, 'confirmed')))
      return { count: row?.n ?? 0, amount: BigInt(row?.total ?? '0') }
    },

    /** Payouts broadcast on this chain (they have a transaction), newest first. */
    async payouts(chainId: number, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: payouts.id,
            amount: payouts.amount,
            status: payouts.status,
            hash: payouts.hash,
            createdAt: payouts.createdAt,
          })
          .from(payouts)
          .where(broadcast(chainId))
          .orderBy(desc(payouts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(payouts).where(broadcast(chainId)),
      ])
      return { rows, total: total?.n ?? 0 }
    },
  }
}
