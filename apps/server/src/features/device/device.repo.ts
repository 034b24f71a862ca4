import { and, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db/client.ts'
import type { Param } from '../../platform/db/named.ts'
import { deviceBindFailures, deviceBindings, deviceCodes, deviceTokens } from './device.tables.ts'

export type DeviceCodeRow = typeof deviceCodes.$inferSelect
export type BindingRow = typeof deviceBindings.$inferSelect
export interface DeviceRow {
  id: number
  deviceCode: string
  model: string
  boundAt: Date
  lastSeenAt: Date | null
}

const live = isNull(deviceBindings.unboundAt)
const deviceColumns = {
  id: deviceBindings.id,
  deviceCode: deviceCodes.deviceCode,
  model: deviceCodes.model,
  boundAt: deviceBindings.boundAt,
  lastSeenAt: deviceBindings.lastSeenAt,
}

/**
 * How many watches a user has bound, as a subquery other features embed in their own reads
 * (earning's home counts it with the wallets in one round trip). Exported through index.ts.
 */
export function boundWatchCount(userId: Param<number>) {
  return new QueryBuilder()
    .select({ n: count() })
    .from(deviceBindings)
    .where(and(eq(deviceBindings.userId, userId), live))
}

export function deviceRepo(db: Db) {
  return {
    async code(deviceCode: string): Promise<DeviceCodeRow | undefined> {
      const [row] = await db.select().from(deviceCodes).where(eq(deviceCodes.deviceCode, deviceCode))
      return row
    },

    /** The live binding of a code, locking the code row (binding one code is serialized). */
    async lockCode(codeId: number): Promise<BindingRow | undefined> {
      await db.select({ id: deviceCodes.id }).from(deviceCodes).where(eq(deviceCodes.id, codeId)).for('update')
      const [row] = await db
        .select()
        .from(deviceBindings)
        .where(and(eq(deviceBindings.deviceCodeId, codeId), live))
      return row
    },

    async liveBindingOfCode(codeId: number): Promise<BindingRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceBindings)
        .where(and(eq(deviceBindings.deviceCodeId, codeId), live))
      return row
    },

    async bind(codeId: number, userId: number): Promise<number> {
      const [row] = await db
        .insert(deviceBindings)
        .values({ deviceCodeId: codeId, userId })
        .returning({ id: deviceBindings.id })
      return row!.id
    },

    async device(userId: number, bindingId: number): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select(deviceColumns)
        .from(deviceBindings)
        .innerJoin(deviceCodes, eq(deviceCodes.id, deviceBindings.deviceCodeId))
        .where(and(eq(deviceBindings.id, bindingId), eq(deviceBindings.userId, userId), live))
      return row
    },

    async list(userId: number, page: number, limit: number): Promise<{ rows: DeviceRow[]; total: number }> {
      const where = and(eq(deviceBindings.userId, userId), live)
      const rows = await db
        .select(deviceColumns)
        .from(deviceBindings)
        .innerJoin(deviceCodes, eq(deviceCodes.id, deviceBindings.deviceCodeId))
        .where(where)
        .orderBy(desc(deviceBindings.boundAt), desc(deviceBindings.id))
        .limit(limit)
        .offset((page - 1) * limit)
      const [total] = await db.select({ n: count() }).from(deviceBindings).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** Ends the binding and deletes its tokens; false when it is not the user's live binding. */
    async unbind(userId: number, bindingId: number): Promise<boolean> {
      const ended = await db
        .update(deviceBindings)
        .set({ unboundAt: new Date() })
        .where(and(eq(deviceBindings.id, bindingId), eq(deviceBindings.userId, userId), live))
        .returning({ id: deviceBindings.id })
      if (ended.length === 0) return false
      await db.delete(deviceTokens).where(eq(deviceTokens.bindingId, bindingId))
      return true
    },

    async failuresSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(deviceBindFailures)
        .where(and(eq(deviceBindFailures.userId, userId), gt(deviceBindFailures.createdAt, since)))
      return row?.n ?? 0
    },

    /** Records a failed bind and drops the user's failures from before the window (the table stays small). */
    async addFailure(userId: number, windowStart: Date): Promise<void> {
      await db
        .delete(deviceBindFailures)
        .where(and(eq(deviceBindFailures.userId, userId), lte(deviceBindFailures.createdAt, windowStart)))
      await db.insert(deviceBindFailures).values({ userId })
    },

    async addToken(bindingId: number, tokenHash: string): Promise<void> {
      await db.insert(deviceTokens).values({ bindingId, tokenHash })
    },

    /** The live binding a token belongs to. */
    async bindingOfToken(tokenHash: string): Promise<{ bindingId: number; userId: number } | undefined> {
      const [row] = await db
        .select({ bindingId: deviceBindings.id, userId: deviceBindings.userId })
        .from(deviceTokens)
        .innerJoin(deviceBindings, eq(deviceBindings.id, deviceTokens.bindingId))
        .where(and(eq(deviceTokens.tokenHash, tokenHash), live))
      return row
    },

    /** Locks a live binding against unbinding until the transaction ends; false when it is gone. */
    async holdLive(bindingId: number): Promise<boolean> {
      const rows = await db
        .select({ id: deviceBindings.id })
        .from(deviceBindings)
        .where(and(eq(deviceBindings.id, bindingId), live))
        .for('share')
      return rows.length > 0
    },

    async touch(bindingId: number): Promise<void> {
      await db.update(deviceBindings).set({ lastSeenAt: new Date() }).where(eq(deviceBindings.id, bindingId))
    },

    /** Live bindings of a user and whether any uploaded since `since`. */
    async presence(userId: number, since: Date): Promise<{ bound: number; online: boolean }> {
      const [row] = await db
        .select({
          bound: count(),
          online: sql<boolean>`coalesce(bool_or(${deviceBindings.lastSeenAt} > ${since}), false)`,
        })
        .from(deviceBindings)
        .where(and(eq(deviceBindings.userId, userId), live))
      return { bound: row?.bound ?? 0, online: row?.online ?? false }
    },

    async seedCodes(
      rows: { deviceCode: string; salt: string; activeCodeHash: string; batch: string; model: string }[],
    ) {
      if (rows.length > 0) await db.insert(deviceCodes).values(rows).onConflictDoNothing()
    },

    /** Issues codes (the console's batches): one statement, and a code issued before fails it all. */
    async insertCodes(
      rows: { deviceCode: string; salt: string; activeCodeHash: string; batch: string; model: string }[],
    ): Promise<void> {
      await db.insert(deviceCodes).values(rows)
    },

    /** Batches newest first, with how many of their codes have a live binding (one at most each). */
    async batches(page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            batch: deviceCodes.batch,
            model: sql<string>`min(${deviceCodes.model})`,
            total: count(),
            bound: count(deviceBindings.id),
            createdAt: sql<Date>`min(${deviceCodes.createdAt})`.mapWith(deviceCodes.createdAt),
          })
          .from(deviceCodes)
          .leftJoin(deviceBindings, and(eq(deviceBindings.deviceCodeId, deviceCodes.id), live))
          .groupBy(deviceCodes.batch)
          .orderBy(desc(sql`min(${deviceCodes.createdAt})`), desc(deviceCodes.batch))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: sql<number>`count(distinct ${deviceCodes.batch})`.mapWith(Number) }).from(deviceCodes),
      ])
      return { rows, total: total?.n ?? 0 }
    },
  }
}
export type DeviceRepo = ReturnType<typeof deviceRepo>
