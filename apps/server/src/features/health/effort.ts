import type { health } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { addDays, today } from './dates.ts'
import { CADENCE, hrMax } from './formulas.ts'
import { claimVerdict } from './claims.ts'
import { healthRepo, type HealthRepo, type MinuteRow } from './health.repo.ts'
import {
  aerobicFloor,
  judgeMinutes,
  judgeWorkout,
  SPEED_LIMIT_MPS,
  worstOf,
  type Baseline,
  type Verdict,
  type WorkoutFacts,
} from './plausibility.ts'

/** The user's own baseline looks this many days back. */
export const BASELINE_DAYS = 90

/** What a local day's effort is worth to earning, beyond its steps and active minutes (the rollup's). */
export interface DayEffort {
  /**
   * Minutes at or above the aerobic zone (the user's HRmax) that were not active minutes (under
   * walking cadence, so a minute is never paid twice), from heart rate not rejected.
   */
  zoneMinutes: number
  /** Workouts of the day whose verdict is not rejected (duplicates are never stored). */
  workouts: number
  /** The day's verdict: the worst of its minute record's and its workouts'. */
  verdict: Verdict
  /** Some part of the day is only `reduced` (not rejected): its effort earns REDUCED_PERCENT. */
  reduced: boolean
  /**
   * Workouts of the day that earned or may earn and now do not (`claims.ts`): `frozen` under the
   * operator's review (earning holds their credit), `revoked` lost after earning (it is taken back).
   */
  withheld: { id: number; claim: 'frozen' | 'revoked' }[]
}

/** The effort of a day without data (or not judged yet): nothing counted, nothing doubted. */
export const NO_EFFORT: DayEffort = {
  zoneMinutes: 0,
  workouts: 0,
  verdict: { verdict: 'ok', reasons: [] },
  reduced: false,
  withheld: [],
}

const MINUTE_MS = 60_000
const minuteKey = (d: Date) => Math.floor(d.getTime() / MINUTE_MS)
type Profile = Awaited<ReturnType<HealthRepo['profile']>>
const bpmOf = (m: Pick<MinuteRow, 'hrSum' | 'hrCount'>) => (m.hrCount > 0 ? m.hrSum / m.hrCount : null)

type WorkoutRow = Pick<
  Awaited<ReturnType<HealthRepo['workoutsOfDay']>>[number],
  'id' | 'type' | 'startAt' | 'endAt' | 'distanceM' | 'hrSeries' | 'claim'
>

/** A workout's per-minute heart rate: its own series when imported, else the watch's minutes it spans. */
function workoutFacts(w: WorkoutRow, minutes: Map<number, Pick<MinuteRow, 'hrSum' | 'hrCount'>>): WorkoutFacts {
  const durationS = Math.round((w.endAt.getTime() - w.startAt.getTime()) / 1000)
  let hr: (number | null)[]
  if (w.hrSeries) hr = w.hrSeries.map((b) => (b > 0 ? b : null))
  else {
    hr = []
    for (let k = minuteKey(w.startAt); k < Math.ceil(w.endAt.getTime() / MINUTE_MS); k++) {
      const m = minutes.get(k)
      hr.push(m ? bpmOf(m) : null)
    }
  }
  return { type: w.type as health.WorkoutType, durationS, distanceM: w.distanceM, hr }
}

/** The user's best average speed per type from their earlier workouts (those beyond human limits do not count). */
export function baselineOf(earlier: { type: string; durationS: number; distanceM: number }[]): Baseline {
  const baseline: Baseline = {}
  for (const w of earlier) {
    const type = w.type as health.WorkoutType
    if (w.durationS <= 0 || w.distanceM / w.durationS > SPEED_LIMIT_MPS[type]) continue
    const own = baseline[type] ?? { count: 0, bestMps: 0 }
    baseline[type] = { count: own.count + 1, bestMps: Math.max(own.bestMps, w.distanceM / w.durationS) }
  }
  return baseline
}

/** What `effortOf` reads of a local day: its minutes, its workouts and the earlier ones of the baseline. */
export interface EffortData {
  minutes: MinuteRow[]
  workouts: WorkoutRow[]
  /** The user's workouts with a distance in the BASELINE_DAYS local days before the day. */
  earlier: { type: string; durationS: number; distanceM: number }[]
}

/** One local day's zone minutes, the workouts that count and its verdict, from its data. */
export function effortOf(profile: Profile, day: string, data: EffortData): DayEffort {
  const max = hrMax(profile, day)
  const floor = aerobicFloor(max)
  const rows = data.minutes
  const own = baselineOf(data.earlier)
  // a workout claimed by another account (or under review) counts for nothing here
  const list = data.workouts.filter((w) => w.claim === null)
  const minutes = new Map(rows.map((m) => [minuteKey(m.minute), m]))

  // the watch's record as consecutive minutes (a gap is a minute without a reading)
  const consecutive: { bpm: number | null; steps: number }[] = []
  if (rows.length > 0) {
    for (let k = minuteKey(rows[0]!.minute); k <= minuteKey(rows.at(-1)!.minute); k++) {
      const m = minutes.get(k)
      consecutive.push(m ? { bpm: bpmOf(m), steps: m.steps } : { bpm: null, steps: 0 })
    }
  }
  const stream = judgeMinutes(consecutive, max)
  const zone = new Set<number>()
  const active = (k: number) => (minutes.get(k)?.steps ?? 0) >= CADENCE.walk.from
  if (stream.verdict !== 'rejected')
    for (const [k, m] of minutes) if ((bpmOf(m) ?? 0) >= floor && !active(k)) zone.add(k)

  const verdicts = [stream]
  let counted = 0
  for (const w of list) {
    const facts = workoutFacts(w, minutes)
    const verdict = judgeWorkout(facts, max, own)
    verdicts.push(verdict)
    if (verdict.verdict === 'rejected') continue
    counted++
    // an imported series adds its minutes (the watch's own are in the record already)
    if (w.hrSeries) {
      const first = minuteKey(w.startAt)
      facts.hr.forEach((bpm, i) => {
        if (bpm !== null && bpm >= floor && !active(first + i)) zone.add(first + i)
      })
    }
  }
  return {
    zoneMinutes: zone.size,
    workouts: counted,
    verdict: worstOf(verdicts),
    reduced: verdicts.some((v) => v.verdict === 'reduced'),
    withheld: data.workouts.flatMap((w) =>
      w.claim === 'frozen' || w.claim === 'revoked' ? [{ id: w.id, claim: w.claim }] : [],
    ),
  }
}

/** Plausibility and zone minutes of users' days and workouts, from health's own tables. */
export function effortReads(db: Db) {
  const repo = healthRepo(db)

  return {
    /** One local day: its zone minutes, the workouts that count and its verdict. */
    async day(userId: number, day: string): Promise<DayEffort> {
      const profile = await repo.profile(userId)
      const tz = profile.timeZone
      const [rows, list, earlier] = await Promise.all([
        repo.minutes(userId, tz, day),
        repo.workoutsOfDay(userId, tz, day),
        repo.workoutsBefore(userId, tz, day, BASELINE_DAYS),
      ])
      return effortOf(profile, day, { minutes: rows, workouts: list, earlier })
    },

    /** Judges one local day and keeps the result with its rollup, where Home reads it (`DayRow.effort`). */
    async judge(userId: number, day: string): Promise<DayEffort> {
      const effort = await this.day(userId, day)
      await repo.keepEffort(userId, day, effort)
      return effort
    },

    /**
     * What a reviewer needs to check a day's verdict, as plain data: the verdict, the HRmax, the
     * day's workouts with their heart rate and every minute the watch recorded.
     */
    async evidence(userId: number, day: string) {
      const profile = await repo.profile(userId)
      const tz = profile.timeZone
      const [effort, rows, list] = await Promise.all([
        this.day(userId, day),
        repo.minutes(userId, tz, day),
        repo.workoutsOfDay(userId, tz, day),
      ])
      return {
        day,
        time_zone: tz,
        hr_max: hrMax(profile, day),
        verdict: effort.verdict,
        zone_minutes: effort.zoneMinutes,
        workouts: list.map((w) => ({
          id: w.id,
          source: w.source,
          type: w.type,
          start: w.startAt.toISOString(),
          end: w.endAt.toISOString(),
          distance_m: w.distanceM,
          steps: w.steps,
          heart_rate: w.hrSeries,
        })),
        /** `HH:MM bpm steps` per recorded minute (bpm `-` without a reading). */
        minutes: rows.map((m) => `${m.time} ${m.hrCount > 0 ? Math.round(m.hrSum / m.hrCount) : '-'} ${m.steps}`),
      }
    },

    /**
     * The verdicts of several stored workouts of a user (a page of the sports record), by id, in
     * two queries whatever their number (and the profile, unless `known`): the watch's heart rate
     * over the workouts without a series of their own, and the earlier workouts their baselines read.
     */
    async workouts(
      userId: number,
      rows: readonly WorkoutRow[],
      known?: Awaited<ReturnType<HealthRepo['profile']>>,
    ): Promise<Map<number, Verdict>> {
      const verdicts = new Map<number, Verdict>()
      if (rows.length === 0) return verdicts
      const profile = known ?? (await repo.profile(userId))
      const tz = profile.timeZone
      const dayOf = new Map(rows.map((w) => [w.id, today(tz, w.startAt)]))
      const days = [...new Set(dayOf.values())].sort()
      const [watchHr, earlier] = await Promise.all([
        repo.heartRateOfWorkouts(
          userId,
          rows.filter((w) => !w.hrSeries).map((w) => w.id),
        ),
        repo.workoutsBetween(userId, tz, addDays(days[0]!, -BASELINE_DAYS), days.at(-1)!),
      ])
      const baselines = new Map(
        days.map((day) => {
          const from = addDays(day, -BASELINE_DAYS)
          return [day, baselineOf(earlier.filter((w) => w.day >= from && w.day < day))]
        }),
      )
      for (const w of rows) {
        const day = dayOf.get(w.id)!
        const minutes = new Map(watchHr.filter((m) => m.workoutId === w.id).map((m) => [minuteKey(m.minute), m]))
        verdicts.set(
          w.id,
          claimVerdict(w.claim) ?? judgeWorkout(workoutFacts(w, minutes), hrMax(profile, day), baselines.get(day)!),
        )
      }
      return verdicts
    },

    /** One stored workout of the user: its local day and verdict; undefined for another user's or a missing id. */
    async workout(userId: number, id: number): Promise<{ day: string; verdict: Verdict } | undefined> {
      const row = await repo.workout(userId, id)
      if (!row) return undefined
      const profile = await repo.profile(userId)
      return {
        day: today(profile.timeZone, row.startAt),
        verdict: (await this.workouts(userId, [row], profile)).get(id)!,
      }
    },
  }
}
export type EffortReads = ReturnType<typeof effortReads>
