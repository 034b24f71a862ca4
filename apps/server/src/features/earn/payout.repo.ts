import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { payouts } from './payout.tables.ts'

export type PayoutRow = typeof payouts.$inferSelect
/** First key of the lock that serializes new payouts against the treasury's funds (second: chain id). */
const COMMIT_LOCK = 7_340_302

export function payoutRepo(db: Db) {
  const of = (chainId: number, treasury: string) => and(eq(payouts.chainId, chainId), eq(payouts.treasury, treasury))
  return {
    async insert(values: typeof payouts.$inferInsert): Promise<PayoutRow | undefined> {
      const [row] = await db
        .insert(payouts)
        .values(values)
        .onConflictDoNothing({ target: [payouts.userId, payouts.requestId] })
        .returning()
      return row
    },

    async byRequest(userId: number, requestId: string): Promise<PayoutRow | undefined> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.userId, userId), eq(payouts.requestId, requestId)))
      return row
    },

    async byId(id: number): Promise<PayoutRow | undefined> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id))
      return row
    },

    /** KNT the treasury still owes (queued or sent, not yet confirmed). */
    async owed(chainId: number, treasury: string): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::text` })
        .from(payouts)
        .where(and(of(chainId, treasury), inArray(payouts.status, ['queued', 'sent'])))
      return BigInt(row?.total ?? '0')
    },

    /** New payouts of one chain queue here, so two cannot both count on the same treasury KNT. */
    async lockCommitments(chainId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${COMMIT_LOCK}, ${chainId})`)
    },

    async nextQueued(chainId: number, treasury: string): Promise<PayoutRow | undefined> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(of(chainId, treasury), eq(payouts.status, 'queued')))
        .orderBy(asc(payouts.id))
        .limit(1)
      return row
    },

    async sent(chainId: number, treasury: string): Promise<PayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(and(of(chainId, treasury), eq(payouts.status, 'sent')))
        .orderBy(asc(payouts.nonce), asc(payouts.id))
    },

    /** Saves a queued payout's signed transaction; false when it is not queued any more. */
    async markSent(id: number, signed: { nonce: number; hash: string; raw: string }): Promise<boolean> {
      const rows = await db
        .update(payouts)
        .set({ ...signed, status: 'sent', updatedAt: new Date() })
        .where(and(eq(payouts.id, id), eq(payouts.status, 'queued')))
        .returning({ id: payouts.id })
      return rows.length === 1
    },

    /**
     * Moves a payout on from `from` (confirmed: with the transaction that was mined; queued: its
     * signed one forgotten); false when another instance already did.
     */
    async transition(
      id: number,
      from: string,
      to: 'confirmed' | 'failed' | 'queued',
      error = '',
      mined?: { nonce: number; hash: string; raw: string },
    ): Promise<boolean> {
      const reset = to === 'queued' ? { nonce: null, hash: null, raw: null } : (mined ?? {})
      const rows = await db
        .update(payouts)
        .set({ status: to, error, updatedAt: new Date(), ...reset })
        .where(and(eq(payouts.id, id), eq(payouts.status, from)))
        .returning({ id: payouts.id })
      return rows.length === 1
    },
  }
}
