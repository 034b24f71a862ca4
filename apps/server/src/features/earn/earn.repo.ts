import { count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from '../../platform/db/users.tables.ts'
import { ledgerEntries, ledgerPostings } from './ledger.tables.ts'
import { referralBacklog } from './referrals.tables.ts'

/** The posting that paid the referral reward for an invited account. */
export const referralKey = (invitedUserId: number) => `referral:${invitedUserId}`

export function earnRepo(db: Db) {
  const rewardPosting = sql`${ledgerPostings.idempotencyKey} = 'referral:' || ${users.id}::text`
  return {
    /** The account's IANA time zone (users.time_zone): a CSV export's times are written in it. */
    async timeZone(userId: number): Promise<string> {
      const [row] = await db.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId))
      return row?.tz ?? 'UTC'
    },

    async inviteCode(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId))
      return row?.code
    },

    /**
     * A page of the accounts the migration listed as owed a referral reward (earliest first),
     * with who invited them.
     */
    async backlog(limit: number) {
      return db
        .select({ id: users.id, email: users.email, phone: users.phone, invitedBy: users.invitedBy })
        .from(referralBacklog)
        .innerJoin(users, eq(users.id, referralBacklog.invitedId))
        .orderBy(referralBacklog.invitedId)
        .limit(limit)
    },

    /** Any listed ids whose account is gone or was invited by no one (nothing to pay). */
    async orphanBacklog(): Promise<number[]> {
      const rows = await db
        .select({ id: referralBacklog.invitedId })
        .from(referralBacklog)
        .leftJoin(users, eq(users.id, referralBacklog.invitedId))
        .where(isNull(users.invitedBy))
      return rows.map((r) => r.id)
    },

    /** Takes invited accounts off the backlog (paid, or nothing to pay). */
    async doneBacklog(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(referralBacklog).where(inArray(referralBacklog.invitedId, ids))
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
