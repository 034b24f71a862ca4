import { and, desc, eq, gt, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { provenByAccount } from '../wallet/index.ts'
import { kntDeposits } from './deposit.tables.ts'

export type DepositRow = typeof kntDeposits.$inferSelect
export type NewDeposit = typeof kntDeposits.$inferInsert
const d = kntDeposits

export function depositRepo(db: Db) {
  /** One page of the deposits `where` picks, oldest first, with their count. */
  async function pageOf(
    where: SQL | undefined,
    page: number,
    limit: number,
  ): Promise<{ rows: DepositRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(d)
        .where(where)
        .orderBy(d.id)
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(d)
        .where(where),
    ])
    return { rows, total: total?.n ?? 0 }
  }

  return {
    /** The new row, or undefined when this transfer (chain, hash, log index) was recorded before. */
    async insert(row: NewDeposit): Promise<DepositRow | undefined> {
      const [created] = await db
        .insert(d)
        .values(row)
        .onConflictDoNothing({ target: [d.chainId, d.hash, d.logIndex] })
        .returning()
      return created
    },

    /**
     * A reorg above `fork`: every deposit recorded there is held (reason
     * reorg), its credit, if any, kept and shown; returns how many.
     */
    async holdAbove(chainId: number, fork: number): Promise<number> {
      const held = await db
        .update(d)
        .set({ status: 'held', heldReason: 'reorg', updatedAt: new Date() })
        .where(and(eq(d.chainId, chainId), gt(d.blockNumber, fork)))
        .returning({ id: d.id })
      return held.length
    },

    /** The user's deposits: credited to them, or sent from one of `addresses` (held or returned). */
    forUser(userId: number, chainId: number, addresses: string[], limit = 50): Promise<DepositRow[]> {
      const mine =
        addresses.length > 0
          ? or(eq(d.creditedTo, userId), inArray(d.fromAddress, addresses))
          : eq(d.creditedTo, userId)
      return db
        .select()
        .from(d)
        .where(and(eq(d.chainId, chainId), mine))
        .orderBy(desc(d.id))
        .limit(limit)
    },

    /** Held deposits, oldest first (the operator's queue). */
    held: (page: number, limit: number) => pageOf(eq(d.status, 'held'), page, limit),

    /** The held deposit, locked for the operator's decision. */
    async lockHeld(id: number): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(d)
        .where(and(eq(d.id, id), eq(d.status, 'held')))
        .for('update')
      return row
    },

    /**
     * Deposits credited to an account that never proved the sender (credited before proofs),
     * oldest first: the operator's one-off repair listing.
     */
    creditedUnproven: (page: number, limit: number) =>
      pageOf(and(eq(d.status, 'credited'), not(provenByAccount(d.creditedTo, d.fromAddress))), page, limit),

    /** A deposit of that listing, locked for the operator's repair. */
    async lockCreditedUnproven(id: number): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(d)
        .where(and(eq(d.id, id), eq(d.status, 'credited'), not(provenByAccount(d.creditedTo, d.fromAddress))))
        .for('update')
      return row
    },

    /** Holds a deposit for the operator with `reason`, keeping or clearing whom it was credited to. */
    async hold(id: number, reason: string, creditedTo: number | null): Promise<DepositRow> {
      const [row] = await db
        .update(d)
        .set({ status: 'held', heldReason: reason, creditedTo, updatedAt: new Date() })
        .where(eq(d.id, id))
        .returning()
      if (!row) throw new Error(`deposit ${id} vanished`)
      return row
    },

    /**
     * The deposits held as unproven from `address` (lower-case) that `userId` may have, locked:
     * its first proof credits them (one the operator held with another account's credit stays).
     */
    lockUnproven(chainId: number, address: string, userId: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(d)
        .where(
          and(
            eq(d.chainId, chainId),
            eq(d.fromAddress, address),
            eq(d.status, 'held'),
            eq(d.heldReason, 'unproven'),
            or(isNull(d.creditedTo), eq(d.creditedTo, userId)),
          ),
        )
        .orderBy(d.id)
        .for('update')
    },

    async settle(id: number, status: 'credited' | 'returned', creditedTo: number | null): Promise<DepositRow> {
      const [row] = await db
        .update(d)
        .set({ status, heldReason: null, creditedTo, updatedAt: new Date() })
        .where(eq(d.id, id))
        .returning()
      if (!row) throw new Error(`deposit ${id} vanished`)
      return row
    },
  }
}
