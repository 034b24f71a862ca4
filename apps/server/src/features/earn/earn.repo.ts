import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from '../../platform/db/users.tables.ts'
import { ledgerEntries, ledgerPostings } from './ledger.tables.ts'

/** The posting that paid the referral reward for an invited account. */
export const referralKey = (invitedUserId: number) => `referral:${invitedUserId}`

export function earnRepo(db: Db) {
  const rewardPosting = sql`${ledgerPostings.idempotencyKey} = 'referral:' || ${users.id}::text`
  return {
    async inviteCode(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId))
      return row?.code
    },

    /** Accounts the user invited whose referral reward is not paid yet. */
    async unrewardedInvitees(userId: number) {
      return db
        .select({ id: users.id, email: users.email, phone: users.phone })
        .from(users)
        .leftJoin(ledgerPostings, rewardPosting)
        .where(and(eq(users.invitedBy, userId), isNull(ledgerPostings.id)))
        .orderBy(users.id)
    },

    /** The user's invited accounts, newest first, with the points each paid (0 if none). */
    async invitees(userId: number, page: number, limit: number) {
      const where = eq(users.invitedBy, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            email: users.email,
            phonePrefix: users.phonePrefix,
            phone: users.phone,
            createdAt: users.createdAt,
            points: sql<string>`coalesce((SELECT ${ledgerEntries.amount} FROM ${ledgerEntries}
              WHERE ${ledgerEntries.postingId} = ${ledgerPostings.id} AND ${ledgerEntries.amount} > 0), 0)`,
          })
          .from(users)
          .leftJoin(ledgerPostings, rewardPosting)
          .where(where)
          .orderBy(desc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },
  }
}
