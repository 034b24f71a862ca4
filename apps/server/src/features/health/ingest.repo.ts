import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { CADENCE, RESTING_WINDOW_MINUTES, SLEEP_DAY_STARTS_HOUR } from './formulas.ts'
import { DEFAULT_RAW_RETENTION_DAYS, rawCutoff } from './raw-retention.ts'

/** A Postgres array literal from numbers or simple strings, sent as ONE parameter (fast for 100k values). */
const arr = (values: readonly (number | string)[]) => `{${values.join(',')}}`

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query)
  return result.rows as T[]
}

/** Stored rows, samples older than the raw data kept (not stored), and the local days they touched. */
export interface Stored {
  accepted: number
  expired: number
  days: string[]
}

/**
 * The ingest SQL: raw samples keyed for idempotency (ON CONFLICT DO NOTHING) and the rollups
 * of exactly the rows that were new, in the caller's transaction. Times are Unix seconds.
 */
export function ingestRepo(db: Db, rawRetentionDays = DEFAULT_RAW_RETENTION_DAYS) {
  const one = async (query: SQL): Promise<Stored> => {
    const [row] = await rows<{ accepted: number; expired?: number; days?: string[] | null }>(db, query)
    return { accepted: row?.accepted ?? 0, expired: row?.expired ?? 0, days: row?.days ?? [] }
  }
  /**
   * A raw sample older than this is neither stored nor rolled up: its day partition is dropped
   * (or about to be), so it could not be recognised as a duplicate (ADR 2026-11-25-raw-retention).
   */
  const keep = () =>
    sql`(SELECT greatest(to_timestamp(${rawCutoff(new Date(), rawRetentionDays).getTime() / 1000}),
          coalesce((SELECT kept_from FROM raw_retention WHERE id = 1), '-infinity'::timestamptz)) AS since)`
  const expired = sql`(SELECT count(*) FROM src, keep WHERE src.t < keep.since)::int AS expired`
  const localDay = (column: SQL, tz: string) => sql`(${column} AT TIME ZONE ${tz})::date::text`
  /** A fixed list of column names (from this file, never from a request) as SQL. */
  const names = (list: readonly string[]) => sql.raw(list.join(', '))

  /**
   * The ingest of one raw sample type, one statement: `src` unnests the samples (the Unix second
   * `t`, then each of `columns` as smallint, one array parameter each); `ins` stores those inside
   * the raw data kept (`keep`) in `table`, a duplicate skipped; `rollup` adds CTEs over the new
   * rows (`ins`) ending with `up`, whose `minute`s give the local days touched in `tz`.
   */
  function rawSamples<C extends string>(
    userId: number,
    table: string,
    samples: readonly ({ t: number } & Record<C, number>)[],
    columns: readonly C[],
    rollup?: { tz: string; ctes: SQL },
  ): SQL {
    const arrays = [
      sql`${arr(samples.map((s) => s.t))}::bigint[]`,
      ...columns.map((c) => sql`${arr(samples.map((s) => s[c]))}::smallint[]`),
    ]
    const of = (alias: string) => names(columns.map((c) => `${alias}.${c}`))
    return sql`
        WITH src AS (
          SELECT to_timestamp(s.t) AS t, ${of('s')} FROM unnest(${sql.join(arrays, sql`, `)}) AS s(t, ${names(columns)})
        ), keep AS ${keep()}, ins AS (
          INSERT INTO ${sql.raw(table)} (user_id, t, ${names(columns)})
          SELECT ${userId}, src.t, ${of('src')} FROM src, keep WHERE src.t >= keep.since
          ON CONFLICT DO NOTHING
          RETURNING ${rollup ? names(['t', ...columns]) : sql`1`}
        )${rollup ? sql`, ${rollup.ctes}` : sql``}
        SELECT (SELECT count(*) FROM ins)::int AS accepted, ${expired}${
          rollup ? sql`, (SELECT array_agg(DISTINCT ${localDay(sql`minute`, rollup.tz)}) FROM up) AS days` : sql``
        }`
  }

  return {
    async heartRate(userId: number, tz: string, samples: { t: number; bpm: number }[]): Promise<Stored> {
      return one(
        rawSamples(userId, 'hr_samples', samples, ['bpm'], {
          tz,
          ctes: sql`agg AS (
          SELECT date_trunc('minute', t) AS minute, sum(bpm)::int AS s, count(*)::int AS c, min(bpm) AS lo, max(bpm) AS hi
          FROM ins GROUP BY 1
        ), up AS (
          INSERT INTO health_minutes (user_id, minute, hr_sum, hr_count, hr_min, hr_max)
          SELECT ${userId}, minute, s, c, lo, hi FROM agg
          ON CONFLICT (user_id, minute) DO UPDATE SET
            hr_sum = health_minutes.hr_sum + excluded.hr_sum,
            hr_count = health_minutes.hr_count + excluded.hr_count,
            hr_min = LEAST(health_minutes.hr_min, excluded.hr_min),
            hr_max = GREATEST(health_minutes.hr_max, excluded.hr_max)
          RETURNING minute
        )`,
        }),
      )
    },

    /** `t` already aligned to the minute. */
    async steps(userId: number, tz: string, samples: { t: number; count: number }[]): Promise<Stored> {
      return one(
        rawSamples(userId, 'step_samples', samples, ['count'], {
          tz,
          ctes: sql`up AS (
          INSERT INTO health_minutes (user_id, minute, steps)
          SELECT ${userId}, t, count FROM ins
          ON CONFLICT (user_id, minute) DO UPDATE SET steps = health_minutes.steps + excluded.steps
          RETURNING minute
        )`,
        }),
      )
    },

    async bloodPressure(
      userId: number,
      samples: { t: number; systolic: number; diastolic: number }[],
    ): Promise<Stored> {
      return one(rawSamples(userId, 'bp_samples', samples, ['systolic', 'diastolic']))
    },

    async spo2(userId: number, samples: { t: number; percent: number }[]): Promise<Stored> {
      return one(rawSamples(userId, 'spo2_samples', samples, ['percent']))
    },

    /** Sleep counts on the day it ends on: local start at 18:00 or later → the next day. */
    async sleep(
      userId: number,
      tz: string,
      segments: { start: number; end: number; stage: string }[],
    ): Promise<Stored> {
      const start = segments.map((s) => s.start)
      const end = segments.map((s) => s.end)
      const stage = segments.map((s) => s.stage)
      return one(sql`
        WITH ins AS (
          INSERT INTO sleep_segments (user_id, start_at, end_at, stage)
          SELECT ${userId}, to_timestamp(s.a), to_timestamp(s.b), s.stage
          FROM unnest(${arr(start)}::bigint[], ${arr(end)}::bigint[], ${arr(stage)}::text[]) AS s(a, b, stage)
          ON CONFLICT DO NOTHING RETURNING start_at
        )
        SELECT count(*)::int AS accepted,
               array_agg(DISTINCT ((start_at AT TIME ZONE ${tz}) + make_interval(hours => ${24 - SLEEP_DAY_STARTS_HOUR}))::date::text) AS days
        FROM ins`)
    },

    async workouts(
      userId: number,
      tz: string,
      list: { start: number; end: number; type: string; distance_m: number; steps: number }[],
    ): Promise<Stored> {
      const w = {
        start: list.map((x) => x.start),
        end: list.map((x) => x.end),
        type: list.map((x) => x.type),
        distance: list.map((x) => x.distance_m),
        steps: list.map((x) => x.steps),
      }
      return one(sql`
        WITH ins AS (
          INSERT INTO workouts (user_id, source, type, start_at, end_at, distance_m, steps)
          SELECT ${userId}, 'watch', s.type, to_timestamp(s.a), to_timestamp(s.b), s.d, s.n
          FROM unnest(${arr(w.start)}::bigint[], ${arr(w.end)}::bigint[], ${arr(w.type)}::text[], ${arr(w.distance)}::int[], ${arr(w.steps)}::int[])
            AS s(a, b, type, d, n)
          ON CONFLICT DO NOTHING RETURNING start_at
        )
        SELECT count(*)::int AS accepted, array_agg(DISTINCT ${localDay(sql`start_at`, tz)}) AS days FROM ins`)
    },

    /** Recomputes the step and heart-rate columns of these local days from health_minutes. */
    async rollMinutesIntoDays(userId: number, tz: string, days: string[]): Promise<void> {
      if (days.length === 0) return
      await db.execute(sql`
        WITH b AS (
          SELECT day, (day::timestamp AT TIME ZONE ${tz}) AS lo, ((day + 1)::timestamp AT TIME ZONE ${tz}) AS hi
          FROM unnest(${arr(days)}::date[]) AS day
        ), m AS (
          SELECT b.day, hm.minute, hm.steps, hm.hr_sum, hm.hr_count, hm.hr_min, hm.hr_max
          FROM b JOIN health_minutes hm ON hm.user_id = ${userId} AND hm.minute >= b.lo AND hm.minute < b.hi
        ), w AS (
          SELECT day, (sum(hr_sum) OVER win)::float8 / (sum(hr_count) OVER win) AS avg, count(*) OVER win AS n
          FROM m WHERE hr_count > 0
          WINDOW win AS (PARTITION BY day ORDER BY minute
            RANGE BETWEEN make_interval(mins => ${RESTING_WINDOW_MINUTES - 1}) PRECEDING AND CURRENT ROW)
        ), r AS (
          SELECT day, min(avg) AS resting FROM w WHERE n = ${RESTING_WINDOW_MINUTES} GROUP BY day
        )
        INSERT INTO health_days (user_id, day, steps, slow_minutes, walk_minutes, brisk_minutes, run_minutes,
                                 hr_sum, hr_count, hr_min, hr_max, hr_resting)
        SELECT ${userId}, m.day, sum(m.steps),
          count(*) FILTER (WHERE m.steps >= ${CADENCE.slow.from} AND m.steps < ${CADENCE.walk.from}),
          count(*) FILTER (WHERE m.steps >= ${CADENCE.walk.from} AND m.steps < ${CADENCE.brisk.from}),
          count(*) FILTER (WHERE m.steps >= ${CADENCE.brisk.from} AND m.steps < ${CADENCE.run.from}),
          count(*) FILTER (WHERE m.steps >= ${CADENCE.run.from}),
          sum(m.hr_sum), sum(m.hr_count), min(m.hr_min), max(m.hr_max), max(r.resting)
        FROM m LEFT JOIN r ON r.day = m.day
        GROUP BY m.day
        ON CONFLICT (user_id, day) DO UPDATE SET
          steps = excluded.steps, slow_minutes = excluded.slow_minutes, walk_minutes = excluded.walk_minutes,
          brisk_minutes = excluded.brisk_minutes, run_minutes = excluded.run_minutes, hr_sum = excluded.hr_sum,
          hr_count = excluded.hr_count, hr_min = excluded.hr_min, hr_max = excluded.hr_max, hr_resting = excluded.hr_resting`)
    },

    async rollSleepIntoDays(userId: number, tz: string, days: string[]): Promise<void> {
      if (days.length === 0) return
      const secondsOf = (stage: string) =>
        sql`coalesce(sum(extract(epoch FROM s.end_at - s.start_at)) FILTER (WHERE s.stage = ${stage}), 0)::int`
      const shift = sql`make_interval(hours => ${SLEEP_DAY_STARTS_HOUR})`
      await db.execute(sql`
        INSERT INTO health_days (user_id, day, sleep_awake_s, sleep_light_s, sleep_deep_s, sleep_rem_s, sleep_start, sleep_end)
        SELECT ${userId}, d.day, ${secondsOf('awake')}, ${secondsOf('light')}, ${secondsOf('deep')}, ${secondsOf('rem')},
               min(s.start_at), max(s.end_at)
        FROM unnest(${arr(days)}::date[]) AS d(day)
        JOIN sleep_segments s ON s.user_id = ${userId}
          AND s.start_at >= (((d.day - 1)::timestamp + ${shift}) AT TIME ZONE ${tz})
          AND s.start_at < ((d.day::timestamp + ${shift}) AT TIME ZONE ${tz})
        GROUP BY d.day
        ON CONFLICT (user_id, day) DO UPDATE SET
          sleep_awake_s = excluded.sleep_awake_s, sleep_light_s = excluded.sleep_light_s,
          sleep_deep_s = excluded.sleep_deep_s, sleep_rem_s = excluded.sleep_rem_s,
          sleep_start = excluded.sleep_start, sleep_end = excluded.sleep_end`)
    },

    async rollWorkoutsIntoDays(userId: number, tz: string, days: string[]): Promise<void> {
      if (days.length === 0) return
      await db.execute(sql`
        INSERT INTO health_days (user_id, day, workouts, workout_seconds)
        SELECT ${userId}, d.day, count(*), sum(extract(epoch FROM w.end_at - w.start_at))::int
        FROM unnest(${arr(days)}::date[]) AS d(day)
        JOIN workouts w ON w.user_id = ${userId}
          AND w.start_at >= (d.day::timestamp AT TIME ZONE ${tz}) AND w.start_at < ((d.day + 1)::timestamp AT TIME ZONE ${tz})
        GROUP BY d.day
        ON CONFLICT (user_id, day) DO UPDATE SET workouts = excluded.workouts, workout_seconds = excluded.workout_seconds`)
    },

    /** Imported (not the watch's) workouts starting on this local day that earn (no claim against them: `claims.ts`). */
    async importedWorkoutsOfDay(userId: number, tz: string, day: string) {
      return (
        await rows<{ id: string; type: string; start_at: Date; end_at: Date; distance_m: number; steps: number }>(
          db,
          sql`SELECT id, type, start_at, end_at, distance_m, steps FROM workouts
              WHERE user_id = ${userId} AND source <> 'watch' AND claim IS NULL
                AND start_at >= (${day}::date::timestamp AT TIME ZONE ${tz})
                AND start_at < ((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`,
        )
      ).map((r) => ({
        id: Number(r.id),
        type: r.type,
        startAt: new Date(r.start_at),
        endAt: new Date(r.end_at),
        distanceM: r.distance_m,
        steps: r.steps,
      }))
    },

    /** Minutes in [from, to) in which the watch (or a restored sample) recorded steps. */
    async stepMinutesBetween(userId: number, from: Date, to: Date): Promise<Date[]> {
      const found = await rows<{ minute: Date }>(
        db,
        sql`SELECT minute FROM health_minutes WHERE user_id = ${userId} AND steps > 0
            AND minute >= ${from.toISOString()}::timestamptz AND minute < ${to.toISOString()}::timestamptz`,
      )
      return found.map((r) => new Date(r.minute))
    },

    /** Sets the imported-workout columns of a day; a day without a row gets one only when `create`. */
    async setImportedOfDay(
      userId: number,
      day: string,
      c: { steps: number; distanceM: number; activeMinutes: number; metMinutes: number },
      create: boolean,
    ): Promise<void> {
      const set = sql`import_steps = ${c.steps}, import_distance_m = ${c.distanceM},
        import_active_minutes = ${c.activeMinutes}, import_met_minutes = ${c.metMinutes}`
      if (!create) {
        await db.execute(sql`UPDATE health_days SET ${set} WHERE user_id = ${userId} AND day = ${day}::date`)
        return
      }
      await db.execute(sql`
        INSERT INTO health_days (user_id, day, import_steps, import_distance_m, import_active_minutes, import_met_minutes)
        VALUES (${userId}, ${day}::date, ${c.steps}, ${c.distanceM}, ${c.activeMinutes}, ${c.metMinutes})
        ON CONFLICT (user_id, day) DO UPDATE SET ${set}`)
    },

    /** Marks days whose data came from a Kinetic export: they count in health, never earn. */
    async markRestored(userId: number, days: readonly string[]): Promise<void> {
      if (days.length === 0) return
      await db.execute(sql`
        INSERT INTO health_days (user_id, day, restored)
        SELECT ${userId}, d, true FROM unnest(${arr(days)}::date[]) AS d
        ON CONFLICT (user_id, day) DO UPDATE SET restored = true`)
    },

    async timeZone(userId: number): Promise<string> {
      const [row] = await rows<{ tz: string }>(db, sql`SELECT time_zone AS tz FROM users WHERE id = ${userId}`)
      return row?.tz ?? 'UTC'
    },
  }
}
