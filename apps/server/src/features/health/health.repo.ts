import { and, count, desc, eq, getTableColumns, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { prepared, type Param, type Placeholders } from '../../platform/db/named.ts'
import { jsonRow, jsonRows, scalar, type Part } from '../../platform/db/json-rows.ts'
import { users } from '../../platform/db/users.tables.ts'
import type { DayEffort } from './effort.ts'
import { SLEEP_DAY_STARTS_HOUR } from './formulas.ts'
import {
  bpSamples,
  fitnessPasses,
  healthConsents,
  healthDays,
  healthGoals,
  questionnaireAnswers,
  sleepSegments,
  spo2Samples,
  workouts,
  workoutTracks,
  type TrackRow,
} from './health.tables.ts'

export type DayRow = typeof healthDays.$inferSelect
export type WorkoutRow = typeof workouts.$inferSelect & { hrAvg: number | null; hrMax: number | null }
export interface MinuteRow {
  minute: Date
  time: string
  hour: number
  steps: number
  hrSum: number
  hrCount: number
  hrMin: number | null
  hrMax: number | null
}

/** A user's latest questionnaire answers (`/v1/wellinfo`): a hot read, built once and sent by name. */
const latestAnswersRead = prepared('health.latest-answers', (v: Placeholders<{ user: number }>) => ({
  sql: sql`SELECT ${questionnaireAnswers.answers}, ${questionnaireAnswers.createdAt}
    FROM ${questionnaireAnswers} WHERE ${eq(questionnaireAnswers.userId, v.user)}
    ORDER BY ${questionnaireAnswers.createdAt} DESC, ${questionnaireAnswers.id} DESC LIMIT 1`,
  decode: (found): { answers: string[]; createdAt: Date } | undefined => {
    const row = found[0]
    if (!row) return undefined
    return {
      answers: row.answers as string[],
      createdAt: new Date(row.created_at as string),
    }
  },
}))

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[]
}

/** The local day's bounds as timestamptz expressions. */
const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp AT TIME ZONE ${tz})`
const dayEnd = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`

/** The profile fields the formulas read. */
const profileColumns = {
  birthday: users.birthday,
  gender: users.gender,
  heightCm: users.height,
  weightKg: users.weight,
  strideCm: users.stride,
  hrZone: users.hrZone,
  timeZone: users.timeZone,
}

/** Reads for the reports (rollups, plus the sparse blood-pressure, SpO2 and sleep-stage rows of one day). */
export function healthRepo(db: Db) {
  return {
    async profile(userId: number) {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId))
      return row!
    },

    async days(userId: number, from: string, to: string): Promise<DayRow[]> {
      return db
        .select()
        .from(healthDays)
        .where(and(eq(healthDays.userId, userId), gte(healthDays.day, from), lte(healthDays.day, to)))
        .orderBy(healthDays.day)
    },

    /**
     * Keeps a day's effort as just judged (a day without a rollup has none to keep). An unchanged
     * verdict writes nothing: the daily catch-up judges every day of the window again, and each
     * write would move the user's Home version.
     */
    async keepEffort(userId: number, day: string, effort: DayEffort): Promise<void> {
      await db
        .update(healthDays)
        .set({ effort })
        .where(
          and(
            eq(healthDays.userId, userId),
            eq(healthDays.day, day),
            sql`${healthDays.effort} IS DISTINCT FROM ${JSON.stringify(effort)}::jsonb`,
          ),
        )
    },

    /** Users with a day rollup on or after `from`, in id order after `afterUserId` (a page of `limit`). */
    async usersWithDaysSince(from: string, afterUserId: number, limit: number): Promise<number[]> {
      const found = await db
        .selectDistinct({ userId: healthDays.userId })
        .from(healthDays)
        .where(and(gte(healthDays.day, from), gt(healthDays.userId, afterUserId)))
        .orderBy(healthDays.userId)
        .limit(limit)
      return found.map((r) => r.userId)
    },

    async firstDay(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ day: sql<string | null>`min(${healthDays.day})::text` })
        .from(healthDays)
        .where(eq(healthDays.userId, userId))
      return row?.day ?? null
    },

    /** Per-minute rollups of a local day, with the local time. */
    async minutes(userId: number, tz: string, day: string): Promise<MinuteRow[]> {
      const list = await rows<MinuteRow & { minute: string }>(
        db,
        sql`SELECT minute, to_char(minute AT TIME ZONE ${tz}, 'HH24:MI') AS time,
                   extract(hour FROM minute AT TIME ZONE ${tz})::int AS hour,
                   steps, hr_sum AS "hrSum", hr_count AS "hrCount", hr_min AS "hrMin", hr_max AS "hrMax"
            FROM health_minutes
            WHERE user_id = ${userId} AND minute >= ${dayStart(day, tz)} AND minute < ${dayEnd(day, tz)}
            ORDER BY minute`,
      )
      return list.map((m) => ({ ...m, minute: new Date(m.minute) }))
    },

    async heartRateBetween(userId: number, from: Date, to: Date) {
      const list = await rows<{ minute: string; hrSum: number; hrCount: number }>(
        db,
        sql`SELECT minute, hr_sum AS "hrSum", hr_count AS "hrCount" FROM health_minutes
            WHERE user_id = ${userId} AND minute >= date_trunc('minute', ${from.toISOString()}::timestamptz)
              AND minute < ${to.toISOString()}::timestamptz AND hr_count > 0
            ORDER BY minute`,
      )
      return list.map((m) => ({ ...m, minute: new Date(m.minute) }))
    },

    async bloodPressure(userId: number, tz: string, day: string) {
      return db
        .select()
        .from(bpSamples)
        .where(and(eq(bpSamples.userId, userId), gte(bpSamples.t, dayStart(day, tz)), lt(bpSamples.t, dayEnd(day, tz))))
        .orderBy(bpSamples.t)
    },

    async spo2(userId: number, tz: string, day: string) {
      return db
        .select()
        .from(spo2Samples)
        .where(
          and(
            eq(spo2Samples.userId, userId),
            gte(spo2Samples.t, dayStart(day, tz)),
            lt(spo2Samples.t, dayEnd(day, tz)),
          ),
        )
        .orderBy(spo2Samples.t)
    },

    /** Segments of the night ending on `day`: starts from the day before at 18:00 to the day at 18:00. */
    async sleepSegments(userId: number, tz: string, day: string) {
      const shift = sql`make_interval(hours => ${SLEEP_DAY_STARTS_HOUR})`
      return db
        .select()
        .from(sleepSegments)
        .where(
          and(
            eq(sleepSegments.userId, userId),
            gte(sleepSegments.startAt, sql`((${day}::date - 1)::timestamp + ${shift}) AT TIME ZONE ${tz}`),
            lt(sleepSegments.startAt, sql`(${day}::date::timestamp + ${shift}) AT TIME ZONE ${tz}`),
          ),
        )
        .orderBy(sleepSegments.startAt)
    },

    /** Workouts newest first (of one local day when `day` is set), with heart rate from the minute rollups. */
    async workouts(
      userId: number,
      tz: string,
      day: string | null,
      page: number,
      limit: number,
    ): Promise<{ rows: WorkoutRow[]; total: number }> {
      const where = and(
        eq(workouts.userId, userId),
        day ? gte(workouts.startAt, dayStart(day, tz)) : undefined,
        day ? lt(workouts.startAt, dayEnd(day, tz)) : undefined,
      )
      const list = await db
        .select({ ...workoutColumns, ...workoutHr })
        .from(workouts)
        .where(where)
        .orderBy(desc(workouts.startAt))
        .limit(limit)
        .offset((page - 1) * limit)
      const [total] = await db.select({ n: count() }).from(workouts).where(where)
      return { rows: list, total: total?.n ?? 0 }
    },

    async workout(userId: number, id: number): Promise<WorkoutRow | undefined> {
      const [row] = await db
        .select({ ...workoutColumns, ...workoutHr })
        .from(workouts)
        .where(and(eq(workouts.id, id), eq(workouts.userId, userId)))
      return row
    },

    /** Inserts an imported workout; undefined when one with that start exists already. */
    async insertWorkout(row: typeof workouts.$inferInsert): Promise<number | undefined> {
      const [inserted] = await db.insert(workouts).values(row).onConflictDoNothing().returning({ id: workouts.id })
      return inserted?.id
    },

    async insertTrack(workoutId: number, points: TrackRow[]): Promise<void> {
      await db.insert(workoutTracks).values({ workoutId, points }).onConflictDoNothing()
    },

    /** A workout's track points (callers check the workout is the user's); empty without one. */
    async track(workoutId: number): Promise<TrackRow[]> {
      const [row] = await db
        .select({ points: workoutTracks.points })
        .from(workoutTracks)
        .where(eq(workoutTracks.workoutId, workoutId))
      return row?.points ?? []
    },

    /** The user's stored workout with this fingerprint (the first), if any. */
    async workoutByFingerprint(userId: number, fingerprint: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: workouts.id })
        .from(workouts)
        .where(and(eq(workouts.userId, userId), eq(workouts.fingerprint, fingerprint)))
        .orderBy(workouts.id)
        .limit(1)
      return row?.id
    },

    /** Workouts starting on a local day, oldest first. */
    async workoutsOfDay(userId: number, tz: string, day: string) {
      return db
        .select(workoutColumns)
        .from(workouts)
        .where(
          and(
            eq(workouts.userId, userId),
            gte(workouts.startAt, dayStart(day, tz)),
            lt(workouts.startAt, dayEnd(day, tz)),
          ),
        )
        .orderBy(workouts.startAt)
    },

    /** Type, seconds and metres of the user's workouts with a distance in the `days` local days before `day`. */
    async workoutsBefore(userId: number, tz: string, day: string, days: number) {
      return rows<{ type: string; durationS: number; distanceM: number }>(
        db,
        sql`SELECT type, extract(epoch FROM end_at - start_at)::int AS "durationS", distance_m AS "distanceM"
            FROM workouts
            WHERE user_id = ${userId} AND distance_m > 0
              AND start_at >= ((${day}::date - ${days}::int)::timestamp AT TIME ZONE ${tz}) AND start_at < ${dayStart(day, tz)}`,
      )
    },

    /**
     * The watch's per-minute heart rate over each of these workouts without an imported series
     * (what their verdicts read), in one query.
     */
    async heartRateOfWorkouts(userId: number, ids: readonly number[]) {
      if (ids.length === 0) return []
      const list = await rows<{ workoutId: number; minute: string; hrSum: number; hrCount: number }>(
        db,
        sql`SELECT w.id::int AS "workoutId", m.minute, m.hr_sum AS "hrSum", m.hr_count AS "hrCount"
            FROM workouts w
            JOIN health_minutes m ON m.user_id = w.user_id
              AND m.minute >= date_trunc('minute', w.start_at) AND m.minute < w.end_at AND m.hr_count > 0
            WHERE w.user_id = ${userId} AND w.hr_series IS NULL
              AND w.id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      )
      return list.map((m) => ({ ...m, minute: new Date(m.minute) }))
    },

    /**
     * Type, seconds, metres and local start day of the user's workouts with a distance whose
     * local day lies in [`from`, `to`): the baselines of several days in one query.
     */
    async workoutsBetween(userId: number, tz: string, from: string, to: string) {
      return rows<{ type: string; durationS: number; distanceM: number; day: string }>(
        db,
        sql`SELECT type, extract(epoch FROM end_at - start_at)::int AS "durationS", distance_m AS "distanceM",
                   to_char(start_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day
            FROM workouts
            WHERE user_id = ${userId} AND distance_m > 0
              AND start_at >= ${dayStart(from, tz)} AND start_at < ${dayStart(to, tz)}`,
      )
    },

    /** Type, seconds, metres and local start day and time of every workout whose local day lies in [`from`, `to`], oldest first. */
    async workoutDaysBetween(userId: number, tz: string, from: string, to: string) {
      return rows<{ type: string; durationS: number; distanceM: number; day: string; time: string }>(
        db,
        sql`SELECT type, extract(epoch FROM end_at - start_at)::int AS "durationS", distance_m AS "distanceM",
                   to_char(start_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
                   to_char(start_at AT TIME ZONE ${tz}, 'HH24:MI') AS time
            FROM workouts
            WHERE user_id = ${userId} AND start_at >= ${dayStart(from, tz)} AND start_at < ${dayEnd(to, tz)}
            ORDER BY start_at`,
      )
    },

    async workoutAt(userId: number, start: Date): Promise<number | undefined> {
      const [row] = await db
        .select({ id: workouts.id })
        .from(workouts)
        .where(and(eq(workouts.userId, userId), eq(workouts.startAt, start)))
      return row?.id
    },

    async goal(userId: number) {
      const [row] = await db.select().from(healthGoals).where(eq(healthGoals.userId, userId))
      return row
    },

    async setGoal(userId: number, goal: { step: number; calorie: number; distance: number }) {
      await db
        .insert(healthGoals)
        .values({ userId, ...goal })
        .onConflictDoUpdate({ target: healthGoals.userId, set: { ...goal, updatedAt: new Date() } })
    },

    async consent(userId: number) {
      const [row] = await db.select().from(healthConsents).where(eq(healthConsents.userId, userId))
      return row
    },

    async setConsent(userId: number, change: Partial<{ exercise: boolean; sleep: boolean; heartRate: boolean }>) {
      await db
        .insert(healthConsents)
        .values({ userId, ...change })
        .onConflictDoUpdate({ target: healthConsents.userId, set: { ...change, updatedAt: new Date() } })
    },

    latestAnswers: (userId: number) => latestAnswersRead(db, { user: userId }),

    async addAnswers(userId: number, answers: string[]) {
      await db.insert(questionnaireAnswers).values({ userId, answers })
    },

    /**
     * The physical-fitness analysis unlocked `days` more, from the
     * later of now and the user's current expiry. The shop runs it in the purchase's
     * transaction, after the points debit locked the user's points account, so a user's
     * redemptions queue.
     */
    async extendFitnessPass(userId: number, days: number): Promise<void> {
      const latest = db
        .select({ until: sql`max(${fitnessPasses.validUntil})` })
        .from(fitnessPasses)
        .where(eq(fitnessPasses.userId, userId))
      const now = new Date()
      await db.insert(fitnessPasses).values({
        userId,
        validUntil: sql`greatest(${now}::timestamptz, coalesce((${latest}), ${now}::timestamptz)) + make_interval(days => ${days})`,
      })
    },

    async activeFitnessPass(userId: number) {
      const [row] = await db
        .select()
        .from(fitnessPasses)
        .where(and(eq(fitnessPasses.userId, userId), gt(fitnessPasses.validUntil, new Date())))
        .orderBy(desc(fitnessPasses.validUntil))
        .limit(1)
      return row
    },
  }
}
export type HealthRepo = ReturnType<typeof healthRepo>

const workoutColumns = {
  id: workouts.id,
  userId: workouts.userId,
  source: workouts.source,
  type: workouts.type,
  name: workouts.name,
  startAt: workouts.startAt,
  endAt: workouts.endAt,
  distanceM: workouts.distanceM,
  steps: workouts.steps,
  hrSeries: workouts.hrSeries,
  fingerprint: workouts.fingerprint,
  claim: workouts.claim,
}
/** A watch's workout: heart rate of the minutes it spans (imported ones carry their own series). */
const workoutHr = {
  hrAvg: sql<number | null>`(SELECT sum(m.hr_sum)::float8 / nullif(sum(m.hr_count), 0) FROM health_minutes m
    WHERE m.user_id = ${workouts.userId} AND m.minute >= date_trunc('minute', ${workouts.startAt}) AND m.minute < ${workouts.endAt})`,
  hrMax: sql<number | null>`(SELECT max(m.hr_max) FROM health_minutes m
    WHERE m.user_id = ${workouts.userId} AND m.minute >= date_trunc('minute', ${workouts.startAt}) AND m.minute < ${workouts.endAt})`,
}

type Profile = Awaited<ReturnType<HealthRepo['profile']>>

/**
 * Health's reads as parts of another feature's statement (`platform/db/json-rows.ts`): the same
 * rows as `healthRepo`'s methods of the same name, so earning's Home reads them with its own in
 * one round trip. Each is the owner's SQL on its own tables.
 */
export const healthParts = {
  profile: (userId: Param<number>): Part<Profile> => {
    const part = jsonRow(profileColumns, sql`FROM ${users} WHERE ${eq(users.id, userId)}`)
    return { sql: part.sql, decode: (value) => part.decode(value) as Profile }
  },

  consent: (userId: Param<number>) =>
    jsonRow(
      { exercise: healthConsents.exercise, sleep: healthConsents.sleep, heartRate: healthConsents.heartRate },
      sql`FROM ${healthConsents} WHERE ${eq(healthConsents.userId, userId)}`,
    ),

  goalSteps: (userId: Param<number>): Part<number | undefined> =>
    scalar(sql`SELECT ${healthGoals.step} FROM ${healthGoals} WHERE ${eq(healthGoals.userId, userId)}`, (value) =>
      value === null || value === undefined ? undefined : Number(value),
    ),

  /** As `days`: day rollups from `from` to `to`, oldest first. */
  days: (userId: Param<number>, from: Param<string>, to: Param<string>): Part<DayRow[]> =>
    jsonRows(
      getTableColumns(healthDays),
      sql`FROM ${healthDays} WHERE ${and(eq(healthDays.userId, userId), gte(healthDays.day, from), lte(healthDays.day, to))}`,
      sql`${healthDays.day}`,
    ) as Part<DayRow[]>,
}
