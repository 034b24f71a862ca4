import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import type { TrackRow } from './health.tables.ts'

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[]
}

/** A page of rows at a time, so an export of years of samples never sits in memory whole. */
export const EXPORT_PAGE = 20_000

/** The profile an export carries and an import fills in where the account has none. */
export interface ExportProfile {
  birthday: string | null
  gender: string | null
  height_cm: number | null
  weight_kg: number | null
  stride_cm: number | null
  hr_zone: number | null
  time_zone: string
}

/** The SQL of the export and the import (own your data): reads by time range, page by page. */
export function dataRepo(db: Db) {
  const from = (t: Date) => sql`${t.toISOString()}::timestamptz`
  return {
    async profile(userId: number): Promise<ExportProfile> {
      const [row] = await rows<ExportProfile>(
        db,
        sql`SELECT birthday::text AS birthday, gender, height AS height_cm, weight AS weight_kg, stride AS stride_cm,
                   hr_zone, time_zone FROM users WHERE id = ${userId}`,
      )
      return row!
    },

    /** Fills the profile fields the account has not set (height, weight, stride, HRmax, birthday, gender). */
    async fillProfile(userId: number, p: ExportProfile): Promise<void> {
      await db.execute(sql`
        UPDATE users SET
          birthday = coalesce(birthday, ${p.birthday}::date),
          gender = CASE WHEN coalesce(gender, '') = '' THEN coalesce(${p.gender}, gender) ELSE gender END,
          height = coalesce(height, ${p.height_cm}),
          weight = coalesce(weight, ${p.weight_kg}),
          stride = coalesce(stride, ${p.stride_cm}),
          hr_zone = coalesce(hr_zone, ${p.hr_zone})
        WHERE id = ${userId}`)
    },

    /** The instants local day `from` starts and local day `until` starts, in `tz`. */
    async localDayBounds(from: string, until: string, tz: string): Promise<[Date, Date]> {
      const [row] = await rows<{ lo: Date; hi: Date }>(
        db,
        sql`SELECT (${from}::date::timestamp AT TIME ZONE ${tz}) AS lo, (${until}::date::timestamp AT TIME ZONE ${tz}) AS hi`,
      )
      return [new Date(row!.lo), new Date(row!.hi)]
    },

    /** Local days with a rollup, oldest first. */
    async dayRange(userId: number): Promise<{ first: string | null; last: string | null }> {
      const [row] = await rows<{ first: string | null; last: string | null }>(
        db,
        sql`SELECT min(day)::text AS first, max(day)::text AS last FROM health_days WHERE user_id = ${userId}`,
      )
      return row ?? { first: null, last: null }
    },

    /** Samples of one kind in [lo, hi) after `after`, in time order, a page at a time. */
    async samples(
      userId: number,
      kind: 'heart_rate' | 'steps' | 'blood_pressure' | 'spo2',
      lo: Date,
      hi: Date,
      after: Date | null,
    ): Promise<{ t: Date; a: number; b: number | null }[]> {
      const table = {
        heart_rate: sql`hr_samples`,
        steps: sql`step_samples`,
        blood_pressure: sql`bp_samples`,
        spo2: sql`spo2_samples`,
      }[kind]
      const a = { heart_rate: sql`bpm`, steps: sql`count`, blood_pressure: sql`systolic`, spo2: sql`percent` }[kind]
      const b = kind === 'blood_pressure' ? sql`diastolic` : sql`NULL::int`
      return rows(
        db,
        sql`SELECT t, ${a}::int AS a, ${b} AS b FROM ${table}
            WHERE user_id = ${userId} AND t >= ${from(lo)} AND t < ${from(hi)}
              ${after ? sql`AND t > ${from(after)}` : sql``}
            ORDER BY t LIMIT ${EXPORT_PAGE}`,
      )
    },

    async sleep(userId: number, lo: Date, hi: Date): Promise<{ start_at: Date; end_at: Date; stage: string }[]> {
      return rows(
        db,
        sql`SELECT start_at, end_at, stage FROM sleep_segments
            WHERE user_id = ${userId} AND start_at >= ${from(lo)} AND start_at < ${from(hi)} ORDER BY start_at`,
      )
    },

    async workouts(userId: number, lo: Date, hi: Date) {
      return (
        await rows<{
          source: string
          type: string
          name: string
          start_at: Date
          end_at: Date
          distance_m: number
          steps: number
          hr_series: number[] | null
          track: TrackRow[] | null
        }>(
          db,
          sql`SELECT w.source, w.type, w.name, w.start_at, w.end_at, w.distance_m, w.steps, w.hr_series, t.points AS track
              FROM workouts w LEFT JOIN workout_tracks t ON t.workout_id = w.id
              WHERE w.user_id = ${userId} AND w.start_at >= ${from(lo)} AND w.start_at < ${from(hi)} ORDER BY w.start_at`,
        )
      ).map((w) => ({ ...w, start_at: new Date(w.start_at), end_at: new Date(w.end_at) }))
    },

    /** A watch's workout restored from an export (its minutes come with the samples); keyed by start. */
    async restoreWatchWorkout(
      userId: number,
      w: { type: string; name: string; startAt: Date; endAt: Date; distanceM: number; steps: number },
    ): Promise<boolean> {
      const inserted = await rows(
        db,
        sql`INSERT INTO workouts (user_id, source, type, name, start_at, end_at, distance_m, steps)
            VALUES (${userId}, 'watch', ${w.type}, ${w.name}, ${from(w.startAt)}, ${from(w.endAt)}, ${w.distanceM}, ${w.steps})
            ON CONFLICT DO NOTHING RETURNING id`,
      )
      return inserted.length > 0
    },
  }
}
