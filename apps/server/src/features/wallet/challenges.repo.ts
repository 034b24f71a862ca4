import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { walletChallenges } from './wallet.tables.ts'

/** Proofs of control: the one-time challenges an account signs to prove it holds an address. */
export function challengesRepo(db: Db) {
  return {
    async insertChallenge(row: typeof walletChallenges.$inferInsert): Promise<void> {
      await db.insert(walletChallenges).values(row)
    },

    /**
     * Consumes the challenge `nonce` if it is this account's, for this (lower-case) address and
     * purpose, and not expired at `now`: true once, false for any other (a replay, another
     * account's, another address's or purpose's, an expired one).
     */
    async consumeChallenge(q: {
      nonce: string
      userId: number
      address: string
      purpose: string
      now: Date
    }): Promise<boolean> {
      const used = await db
        .delete(walletChallenges)
        .where(
          and(
            eq(walletChallenges.nonce, q.nonce),
            eq(walletChallenges.userId, q.userId),
            eq(walletChallenges.address, q.address.toLowerCase()),
            eq(walletChallenges.purpose, q.purpose),
            sql`${walletChallenges.expiresAt} > ${q.now.toISOString()}`,
          ),
        )
        .returning({ nonce: walletChallenges.nonce })
      return used.length === 1
    },

    /** Drops the account's challenges that expired before `now` (each new challenge tidies up). */
    async dropExpiredChallenges(userId: number, now: Date): Promise<void> {
      await db
        .delete(walletChallenges)
        .where(and(eq(walletChallenges.userId, userId), sql`${walletChallenges.expiresAt} <= ${now.toISOString()}`))
    },
  }
}
