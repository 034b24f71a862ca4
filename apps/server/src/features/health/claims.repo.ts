import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from '../../platform/db/users.tables.ts'
import { workoutClaims, workoutDisputes, workouts } from './health.tables.ts'

export type Claim = 'held' | 'frozen' | 'lost' | 'revoked'
export type ClaimRow = typeof workoutClaims.$inferSelect
export type DisputeRow = typeof workoutDisputes.$inferSelect

/** The SQL of workout claims and disputes (`claims.ts`), in the caller's transaction. */
export function claimsRepo(db: Db) {
  return {
    /** Takes the claim on a fingerprint; false when another workout holds it (also one committed meanwhile). */
    async take(fingerprint: string, workoutId: number, userId: number, watch: boolean): Promise<boolean> {
      const rows = await db
        .insert(workoutClaims)
        .values({ fingerprint, workoutId, userId, watch })
        .onConflictDoNothing()
        .returning({ workoutId: workoutClaims.workoutId })
      return rows.length > 0
    },

    /** The claim on a fingerprint, its row locked until the transaction ends. */
    async holder(fingerprint: string): Promise<ClaimRow | undefined> {
      const [row] = await db
        .select()
        .from(workoutClaims)
        .where(eq(workoutClaims.fingerprint, fingerprint))
        .for('update')
      return row
    },

    async moveClaim(fingerprint: string, workoutId: number, userId: number, watch: boolean): Promise<void> {
      await db.update(workoutClaims).set({ workoutId, userId, watch }).where(eq(workoutClaims.fingerprint, fingerprint))
    },

    async setClaim(workoutIds: number[], claim: Claim | null): Promise<void> {
      if (workoutIds.length === 0) return
      await db.update(workouts).set({ claim }).where(inArray(workouts.id, workoutIds))
    },

    /** A workout's owner, local-day anchor and claim. */
    async workout(id: number) {
      const [row] = await db
        .select({ id: workouts.id, userId: workouts.userId, startAt: workouts.startAt, claim: workouts.claim })
        .from(workouts)
        .where(eq(workouts.id, id))
      return row
    },

    async setFingerprint(workoutId: number, fingerprint: string): Promise<void> {
      await db.update(workouts).set({ fingerprint }).where(eq(workouts.id, workoutId))
    },

    /** The watch's workouts inserted at these starts (the batch just stored). */
    async watchWorkoutsAt(userId: number, starts: Date[]) {
      if (starts.length === 0) return []
      return db
        .select({
          id: workouts.id,
          type: workouts.type,
          startAt: workouts.startAt,
          endAt: workouts.endAt,
          distanceM: workouts.distanceM,
          fingerprint: workouts.fingerprint,
        })
        .from(workouts)
        .where(and(eq(workouts.userId, userId), eq(workouts.source, 'watch'), inArray(workouts.startAt, starts)))
    },

    /** The watch's per-minute heart rate (rounded mean, 0 without a reading) over [from, to), minute by minute. */
    async minuteHr(userId: number, from: Date, to: Date): Promise<number[]> {
      const result = await db.execute<{ bpm: number }>(sql`
        SELECT coalesce(round(m.hr_sum::numeric / nullif(m.hr_count, 0)), 0)::int AS bpm
        FROM generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 minute', interval '1 minute') AS g(minute)
        LEFT JOIN health_minutes m ON m.user_id = ${userId} AND m.minute = g.minute
        ORDER BY g.minute`)
      return result.rows.map((r) => Number(r.bpm))
    },

    async openDispute(fingerprint: string, heldWorkoutId: number, frozenWorkoutId: number): Promise<number> {
      const [row] = await db
        .insert(workoutDisputes)
        .values({ fingerprint, heldWorkoutId, frozenWorkoutId })
        .returning({ id: workoutDisputes.id })
      return row!.id
    },

    /** A dispute, its row locked until the transaction ends (a second decision waits, then sees the first). */
    async lockDispute(id: number): Promise<DisputeRow | undefined> {
      const [row] = await db.select().from(workoutDisputes).where(eq(workoutDisputes.id, id)).for('update')
      return row
    },

    async decide(id: number, winnerWorkoutId: number | null, operatorId: number | null): Promise<void> {
      await db
        .update(workoutDisputes)
        .set({ status: 'decided', winnerWorkoutId, decidedBy: operatorId, decidedAt: new Date() })
        .where(eq(workoutDisputes.id, id))
    },

    /** Other open disputes of a fingerprint follow the claim to its new holder. */
    async repointOpen(fingerprint: string, except: number, frozenWorkoutId: number): Promise<number> {
      const moved = await db
        .update(workoutDisputes)
        .set({ frozenWorkoutId })
        .where(
          and(
            eq(workoutDisputes.fingerprint, fingerprint),
            eq(workoutDisputes.status, 'open'),
            ne(workoutDisputes.id, except),
          ),
        )
        .returning({ id: workoutDisputes.id })
      return moved.length
    },

    /** The open disputes of a fingerprint. */
    async openOf(fingerprint: string): Promise<DisputeRow[]> {
      return db
        .select()
        .from(workoutDisputes)
        .where(and(eq(workoutDisputes.fingerprint, fingerprint), eq(workoutDisputes.status, 'open')))
        .for('update')
    },

    /** Whether another open dispute freezes this workout. */
    async stillFrozen(workoutId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: workoutDisputes.id })
        .from(workoutDisputes)
        .where(and(eq(workoutDisputes.frozenWorkoutId, workoutId), eq(workoutDisputes.status, 'open')))
        .limit(1)
      return row !== undefined
    },

    /** Open disputes, oldest first, with both workouts and their accounts (the console's list). */
    async open(page: number, limit: number) {
      const held = sql.raw('h')
      const frozen = sql.raw('f')
      const result = await db.execute<{
        id: string
        created_at: Date
        held_id: string
        held_user: string
        held_label: string
        held_source: string
        held_start: Date
        held_claim: string | null
        frozen_id: string
        frozen_user: string
        frozen_label: string
        frozen_source: string
        frozen_start: Date
        frozen_claim: string | null
        type: string
        duration_s: number
        distance_m: number
      }>(sql`
        SELECT d.id, d.created_at,
          ${held}.id AS held_id, ${held}.user_id AS held_user, trim(both ' ' from hu.nickname || ' ' || coalesce(hu.email, '+' || hu.phone_prefix || ' ' || hu.phone, '')) AS held_label,
          ${held}.source AS held_source, ${held}.start_at AS held_start, ${held}.claim AS held_claim,
          ${frozen}.id AS frozen_id, ${frozen}.user_id AS frozen_user, trim(both ' ' from fu.nickname || ' ' || coalesce(fu.email, '+' || fu.phone_prefix || ' ' || fu.phone, '')) AS frozen_label,
          ${frozen}.source AS frozen_source, ${frozen}.start_at AS frozen_start, ${frozen}.claim AS frozen_claim,
          ${held}.type, extract(epoch FROM ${held}.end_at - ${held}.start_at)::int AS duration_s, ${held}.distance_m
        FROM ${workoutDisputes} d
        JOIN ${workouts} h ON h.id = d.held_workout_id
        JOIN ${workouts} f ON f.id = d.frozen_workout_id
        JOIN ${users} hu ON hu.id = h.user_id
        JOIN ${users} fu ON fu.id = f.user_id
        WHERE d.status = 'open'
        ORDER BY d.id
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`)
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workoutDisputes)
        .where(eq(workoutDisputes.status, 'open'))
      return { rows: result.rows, total: total?.n ?? 0 }
    },

    /** The dispute ids, oldest first, that name a workout (tests and the console's lookups). */
    async ofWorkout(workoutId: number): Promise<number[]> {
      const rows = await db
        .select({ id: workoutDisputes.id })
        .from(workoutDisputes)
        .where(
          sql`${workoutDisputes.heldWorkoutId} = ${workoutId} OR ${workoutDisputes.frozenWorkoutId} = ${workoutId}`,
        )
        .orderBy(asc(workoutDisputes.id))
      return rows.map((r) => r.id)
    },
  }
}
