import type { health } from '@kinetic/protocol'
import {
  activeMinutes,
  activityCalories,
  distanceM,
  nightEnded,
  NIGHT_ENDED_AFTER_MIN,
  percentOf,
  sleepScore,
  strideCm,
  weightKg,
  type Profile,
} from './formulas.ts'
import type { DayRow } from './health.repo.ts'

/** Turns rollup rows into report figures with the profile's stride and weight. */
export function dayTotals(date: string, row: DayRow | undefined, profile: Profile): health.DayTotals {
  const minutes = {
    slow: row?.slowMinutes ?? 0,
    walk: row?.walkMinutes ?? 0,
    brisk: row?.briskMinutes ?? 0,
    run: row?.runMinutes ?? 0,
  }
  const steps = row?.steps ?? 0
  const weight = weightKg(profile)
  // imported workouts add what the watch did not record (imported.ts)
  return {
    date,
    steps: steps + (row?.importSteps ?? 0),
    distance_m: distanceM(steps, strideCm(profile)) + (row?.importDistanceM ?? 0),
    calories: activityCalories(minutes, weight) + Math.round(((row?.importMetMinutes ?? 0) * weight) / 60),
    active_minutes: activeMinutes(minutes) + (row?.importActiveMinutes ?? 0),
  }
}

export type Goal = { step: number; calorie: number; distance: number }

export function progress(totals: health.DayTotals, goal: Goal) {
  const step_pct = percentOf(totals.steps, goal.step)
  const calorie_pct = percentOf(totals.calories, goal.calorie)
  const distance_pct = percentOf(totals.distance_m, goal.distance)
  return {
    ...goal,
    step_pct,
    calorie_pct,
    distance_pct,
    met: totals.steps >= goal.step && totals.calories >= goal.calorie && totals.distance_m >= goal.distance,
  }
}

const min = (seconds: number) => Math.round(seconds / 60)

/** The night that ends on `date`, once it has ended by `now`; null without one or while in progress. */
export function sleepSummary(date: string, row: DayRow | undefined, now: Date): health.SleepSummary | null {
  if (!row?.sleepStart || !row.sleepEnd || !nightEnded(row.sleepEnd, now)) return null
  const stages = {
    awake: min(row.sleepAwakeS),
    light: min(row.sleepLightS),
    deep: min(row.sleepDeepS),
    rem: min(row.sleepRemS),
  }
  return {
    date,
    start: row.sleepStart.toISOString(),
    end: row.sleepEnd.toISOString(),
    duration_min: min(row.sleepLightS + row.sleepDeepS + row.sleepRemS),
    awake_min: stages.awake,
    light_min: stages.light,
    deep_min: stages.deep,
    rem_min: stages.rem,
    score: sleepScore(stages),
  }
}

/** The night that ends on `date` while it is still in progress at `now`; null otherwise. */
export function nightInProgress(row: DayRow | undefined, now: Date): health.NightInProgress | null {
  if (!row?.sleepStart || !row.sleepEnd || nightEnded(row.sleepEnd, now)) return null
  return {
    start: row.sleepStart.toISOString(),
    last_at: row.sleepEnd.toISOString(),
    asleep_min: min(row.sleepLightS + row.sleepDeepS + row.sleepRemS),
    ends_after_min: NIGHT_ENDED_AFTER_MIN,
  }
}

export const round = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x))
export const hrAvg = (row: { hrSum: number; hrCount: number } | undefined) =>
  row && row.hrCount > 0 ? Math.round(row.hrSum / row.hrCount) : null
