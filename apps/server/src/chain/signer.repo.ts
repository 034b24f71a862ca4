import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../platform/db/client.ts'
import { signedTransactions } from './signer.tables.ts'

export type SignedRow = typeof signedTransactions.$inferSelect
/** First key of a server key's signing lock (the second is a hash of chain id and address). */
const SIGNER_LOCK = 7_340_303

export function signerRepo(db: Db, chainId: number, sender: string) {
  const mine = and(eq(signedTransactions.chainId, chainId), eq(signedTransactions.sender, sender))
  return {
    /** One signer per key across instances (held until the transaction ends). */
    async tryLock(): Promise<boolean> {
      const result = await db.execute<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${SIGNER_LOCK}, hashtext(${`${chainId}:${sender}`})) AS locked`,
      )
      return result.rows[0]?.locked === true
    },

    /**
     * What the next nonce is counted from: the highest nonce that may still be (or was) mined,
     * and the newest row (any new row between reading and saving means sign again).
     */
    async mark(): Promise<{ highest: number | undefined; newest: number }> {
      const [row] = await db
        .select({
          highest: sql<
            number | null
          >`max(${signedTransactions.nonce}) FILTER (WHERE ${signedTransactions.status} IN ('open', 'mined', 'reverted'))`,
          newest: max(signedTransactions.id),
        })
        .from(signedTransactions)
        .where(mine)
      return { highest: row?.highest ?? undefined, newest: row?.newest ?? 0 }
    },

    async insert(values: {
      nonce: number
      hash: string
      raw: string
      purpose: string
    }): Promise<SignedRow | undefined> {
      const [row] = await db
        .insert(signedTransactions)
        .values({ chainId, sender, ...values })
        .onConflictDoNothing()
        .returning()
      return row
    },

    async open(): Promise<SignedRow[]> {
      return db
        .select()
        .from(signedTransactions)
        .where(and(mine, eq(signedTransactions.status, 'open')))
        .orderBy(asc(signedTransactions.nonce), asc(signedTransactions.id))
    },

    async ofPurpose(purpose: string): Promise<SignedRow[]> {
      return db
        .select()
        .from(signedTransactions)
        .where(and(mine, eq(signedTransactions.purpose, purpose)))
        .orderBy(asc(signedTransactions.id))
    },

    /** Moves an open transaction on; false when it is not open any more. */
    async settle(id: number, status: 'mined' | 'reverted' | 'absent' | 'refused', error = ''): Promise<boolean> {
      const rows = await db
        .update(signedTransactions)
        .set({ status, error, updatedAt: new Date() })
        .where(and(eq(signedTransactions.id, id), eq(signedTransactions.status, 'open')))
        .returning({ id: signedTransactions.id })
      return rows.length === 1
    },

    /** The other open transactions with a nonce that a mined one took. */
    async supersede(nonce: number, minedId: number): Promise<void> {
      await db
        .update(signedTransactions)
        .set({ status: 'absent', updatedAt: new Date() })
        .where(
          and(
            mine,
            eq(signedTransactions.nonce, nonce),
            eq(signedTransactions.status, 'open'),
            sql`${signedTransactions.id} <> ${minedId}`,
          ),
        )
    },

    async passed(ids: number[], head: number): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(signedTransactions)
        .set({ passedAt: head, updatedAt: new Date() })
        .where(and(inArray(signedTransactions.id, ids), sql`${signedTransactions.passedAt} IS NULL`))
    },
  }
}
