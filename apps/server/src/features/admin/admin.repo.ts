import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { users } from '../../platform/db/users.tables.ts'
import { chatMessageCount, ticketCount } from '../support/index.ts'
import type { Db } from '../../platform/db/client.ts'
import { auditLog, operators, operatorSessions } from './admin.tables.ts'

export function adminRepo(db: Db) {
  return {
    async operatorByEmail(email: string) {
      const [row] = await db.select().from(operators).where(eq(operators.email, email))
      return row
    },

    async operatorById(id: number) {
      const [row] = await db.select().from(operators).where(eq(operators.id, id))
      return row
    },

    /** Counts a wrong password; the `lockAfter`th in a row locks sign-in for `lockMinutes`. */
    async recordFailedLogin(id: number, lockAfter: number, lockMinutes: number): Promise<void> {
      // the app's clock: sign-in compares `locked_until` with it
      const until = new Date(Date.now() + lockMinutes * 60_000)
      await db
        .update(operators)
        .set({
          failedLogins: sql`${operators.failedLogins} + 1`,
          lockedUntil: sql`case when ${operators.failedLogins} + 1 >= ${lockAfter} then ${until}::timestamptz else ${operators.lockedUntil} end`,
        })
        .where(eq(operators.id, id))
    },

    async resetFailedLogins(id: number): Promise<void> {
      await db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, id))
    },

    async insertOperator(row: { email: string; name: string; passwordHash: string }): Promise<number> {
      const [created] = await db
        .insert(operators)
        .values(row)
        .onConflictDoUpdate({
          target: operators.email,
          set: { passwordHash: row.passwordHash, name: row.name, failedLogins: 0, lockedUntil: null },
        })
        .returning({ id: operators.id })
      if (!created) throw new Error('operator insert returned nothing')
      return created.id
    },

    async insertSession(row: { operatorId: number; tokenHash: string; expiresAt: Date }): Promise<number> {
      const [created] = await db.insert(operatorSessions).values(row).returning({ id: operatorSessions.id })
      if (!created) throw new Error('operator session insert returned nothing')
      return created.id
    },

    /** The live session holding this token, with its operator. */
    async liveSession(tokenHash: string) {
      const [row] = await db
        .select({ id: operatorSessions.id, operatorId: operators.id, email: operators.email, name: operators.name })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, new Date()),
          ),
        )
      return row
    },

    async revokeSession(id: number): Promise<void> {
      await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, id))
    },

    async audit(row: { operatorId: number; action: string; target: string; details: Record<string, unknown> }) {
      await db.insert(auditLog).values(row)
    },

    async auditPage(page: number, limit: number) {
      const rows = await db
        .select({
          id: auditLog.id,
          operator: operators.email,
          action: auditLog.action,
          target: auditLog.target,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .innerJoin(operators, eq(operators.id, auditLog.operatorId))
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset((page - 1) * limit)
      const [totals] = await db.select({ total: count() }).from(auditLog)
      return { rows, total: totals?.total ?? 0 }
    },

    /** A user by id, e-mail or phone number: profile basics and support counts, nothing secret. */
    async findUser(query: { id?: number; text: string }) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          phonePrefix: users.phonePrefix,
          phone: users.phone,
          nickname: users.nickname,
          gender: users.gender,
          birthday: users.birthday,
          inviteCode: users.inviteCode,
          createdAt: users.createdAt,
          // support's own subqueries (support/index.ts): still one round trip
          tickets: ticketCount(users.id),
          chatMessages: chatMessageCount(users.id),
        })
        .from(users)
        .where(
          or(
            query.id === undefined ? undefined : eq(users.id, query.id),
            eq(users.email, query.text.toLowerCase()),
            eq(users.phone, query.text),
          ),
        )
        .orderBy(users.id)
        .limit(1)
      return row
    },
  }
}
export type AdminRepo = ReturnType<typeof adminRepo>
