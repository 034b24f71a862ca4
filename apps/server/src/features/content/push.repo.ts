import { and, count, desc, eq, gt, inArray, isNull, lte, notExists, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from '../../platform/db/users.tables.ts'
import { pushKeys, pushMuted, pushSubscriptions } from './push.tables.ts'

export interface StoredSubscription {
  id: number
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  /** The account's language (wire `lang`): the push is written in it. */
  lang: string
}

const subscriptionColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
  lang: users.lang,
}

export function pushRepo(db: Db) {
  const notMuted = (kind: string) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(pushMuted)
        .where(and(eq(pushMuted.userId, pushSubscriptions.userId), eq(pushMuted.kind, kind))),
    )
  // the app's clock, not Postgres' (docs/adr/2026-11-28-time-is-an-input.md)
  const notParked = () => or(isNull(pushSubscriptions.parkedUntil), lte(pushSubscriptions.parkedUntil, new Date()))
  return {
    async keys() {
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1))
      return row
    },

    /** Stores a generated pair unless another instance stored one first; answers the pair kept. */
    async keepKeys(pair: { publicKey: string; privateKey: string }) {
      await db
        .insert(pushKeys)
        .values({ id: 1, ...pair })
        .onConflictDoNothing()
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1))
      if (!row) throw new Error('push key pair vanished after its insert')
      return row
    },

    /**
     * One row per endpoint: the same device again (any account) takes it over with fresh keys.
     * An account keeps its `keep` newest subscriptions: one more replaces the oldest.
     */
    async upsert(userId: number, sub: { endpoint: string; p256dh: string; auth: string }, keep: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId, ...sub })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: new Date(), timeouts: 0, parkedUntil: null },
          })
        const newest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(keep)
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
      })
    },

    /** A delivery ran out of time: the second in a row parks the endpoint, 1 min doubling to a day. */
    async timedOut(id: number, p256dh: string): Promise<void> {
      const next = sql`${pushSubscriptions.timeouts} + 1`
      await db
        .update(pushSubscriptions)
        .set({
          timeouts: next,
          parkedUntil: sql`CASE WHEN ${next} >= 2
            THEN ${new Date()}::timestamptz + least(interval '1 minute' * power(2, ${next} - 2), interval '1 day') END`,
        })
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.p256dh, p256dh)))
    },

    /** A delivery was answered: the timeouts in a row start again from none. */
    async answered(ids: number[]): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(pushSubscriptions)
        .set({ timeouts: 0, parkedUntil: null })
        .where(and(inArray(pushSubscriptions.id, ids), gt(pushSubscriptions.timeouts, 0)))
    },

    async remove(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    },

    /** Removes subscriptions the push service called gone (or the egress check refused), unless a fresh subscribe replaced their keys since. */
    async removeGone(gone: { id: number; p256dh: string }[]): Promise<void> {
      if (gone.length === 0) return
      await db.delete(pushSubscriptions).where(
        and(
          inArray(
            pushSubscriptions.id,
            gone.map((g) => g.id),
          ),
          inArray(
            pushSubscriptions.p256dh,
            gone.map((g) => g.p256dh),
          ),
        ),
      )
    },

    async deviceCount(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
      return row?.n ?? 0
    },

    async muted(userId: number): Promise<string[]> {
      const rows = await db.select({ kind: pushMuted.kind }).from(pushMuted).where(eq(pushMuted.userId, userId))
      return rows.map((r) => r.kind)
    },

    async setMuted(userId: number, kind: string, muted: boolean): Promise<void> {
      if (muted) await db.insert(pushMuted).values({ userId, kind }).onConflictDoNothing()
      else await db.delete(pushMuted).where(and(eq(pushMuted.userId, userId), eq(pushMuted.kind, kind)))
    },

    /** One account's newest `limit` subscriptions that take this kind of push and are not parked. */
    forUser(userId: number, kind: string, limit: number): Promise<StoredSubscription[]> {
      return db
        .select(subscriptionColumns)
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(eq(pushSubscriptions.userId, userId), isNull(users.deletedAt), notMuted(kind), notParked()))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(limit)
    },

    /** Every subscription that takes this kind of push, a page at a time by id. */
    everyone(kind: string, afterId: number, limit: number): Promise<StoredSubscription[]> {
      return db
        .select(subscriptionColumns)
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(gt(pushSubscriptions.id, afterId), isNull(users.deletedAt), notMuted(kind), notParked()))
        .orderBy(pushSubscriptions.id)
        .limit(limit)
    },
  }
}
