/**
 * The health formulas (DESIGN §7), in one place. Every report and the ingest rollups use
 * these; `formulas.test.ts` checks them against worked examples.
 */
import type { health } from '@kinetic/protocol'

type HrZone = health.HrZone
type SleepStage = health.SleepStage
type WorkoutType = health.WorkoutType

export interface Profile {
  birthday: string | null
  gender: string
  heightCm: number | null
  weightKg: number | null
  strideCm: number | null
  /** The profile's heart-rate-zone setting: a maximum heart rate in bpm chosen by the person. */
  hrZone: number | null
}

export const DEFAULT_AGE = 30
export const DEFAULT_WEIGHT_KG = 60
export const DEFAULT_STRIDE_CM = 70

/** Whole years on `date` (YYYY-MM-DD); null without a birthday. */
export function ageOn(birthday: string | null, date: string): number | null {
  if (!birthday) return null
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number]
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
  return age >= 0 && age < 130 ? age : null
}

/** HRmax: the profile's setting when it is plausible (100–230), else 220 − age (age 30 when unknown). */
export function hrMax(profile: Pick<Profile, 'birthday' | 'hrZone'>, date: string): number {
  if (profile.hrZone !== null && profile.hrZone >= 100 && profile.hrZone <= 230) return profile.hrZone
  return 220 - (ageOn(profile.birthday, date) ?? DEFAULT_AGE)
}

/** Where HRmax came from: the profile's setting, 220 − the age, or 220 − 30 without a birthday. */
export function hrMaxSource(profile: Pick<Profile, 'birthday' | 'hrZone'>, date: string) {
  if (profile.hrZone !== null && profile.hrZone >= 100 && profile.hrZone <= 230) return 'profile' as const
  return ageOn(profile.birthday, date) === null ? ('default_age' as const) : ('age' as const)
}

/** Zones as fractions of HRmax: [warm-up 50–60, fat burn 60–70, aerobic 70–80, anaerobic 80–90, limit 90–100+). */
export const ZONE_FLOORS: readonly [HrZone, number][] = [
  ['warmup', 0.5],
  ['fatburn', 0.6],
  ['aerobic', 0.7],
  ['anaerobic', 0.8],
  ['limit', 0.9],
]

/** The zone of a heart rate (an exact average may be fractional); null below 50 % of HRmax. */
export function zoneOf(bpm: number, max: number): HrZone | null {
  let zone: HrZone | null = null
  for (const [name, floor] of ZONE_FLOORS) if (bpm >= floor * max) zone = name
  return zone
}

/** Each zone's bpm range for display: from ⌈floor × HRmax⌉ to the next zone's floor − 1 (limit: HRmax). */
export function zoneBounds(max: number): { zone: HrZone; min_bpm: number; max_bpm: number }[] {
  return ZONE_FLOORS.map(([zone, floor], i) => {
    const next = ZONE_FLOORS[i + 1]
    return { zone, min_bpm: Math.ceil(floor * max), max_bpm: next ? Math.ceil(next[1] * max) - 1 : max }
  })
}

/** Stride: the profile's (30–200 cm), else 41.5 % of height, else 70 cm. */
export function strideCm(profile: Pick<Profile, 'strideCm' | 'heightCm'>): number {
  if (profile.strideCm !== null && profile.strideCm >= 30 && profile.strideCm <= 200) return profile.strideCm
  if (profile.heightCm !== null && profile.heightCm >= 80 && profile.heightCm <= 250)
    return Math.round(profile.heightCm * 0.415)
  return DEFAULT_STRIDE_CM
}

/** Distance in whole metres = steps × stride. */
export function distanceM(steps: number, stride: number): number {
  return Math.round((steps * stride) / 100)
}

export function weightKg(profile: Pick<Profile, 'weightKg'>): number {
  const w = profile.weightKg
  return w !== null && w >= 20 && w <= 300 ? w : DEFAULT_WEIGHT_KG
}

/**
 * Cadence classes of a minute by its steps, with the MET of each (Compendium of Physical
 * Activities: slow walking 2.0, walking 3.5, brisk walking 5.0, running 9.0).
 * A minute with 0 steps adds no activity calories.
 */
export const CADENCE = {
  slow: { from: 1, met: 2.0 },
  walk: { from: 60, met: 3.5 },
  brisk: { from: 100, met: 5.0 },
  run: { from: 130, met: 9.0 },
} as const
export type CadenceClass = keyof typeof CADENCE

export function cadenceOf(steps: number): CadenceClass | null {
  if (steps >= CADENCE.run.from) return 'run'
  if (steps >= CADENCE.brisk.from) return 'brisk'
  if (steps >= CADENCE.walk.from) return 'walk'
  if (steps >= CADENCE.slow.from) return 'slow'
  return null
}

export type CadenceMinutes = Record<CadenceClass, number>

/** kcal = Σ MET × weight (kg) × hours, over the minutes of each cadence class. */
export function activityCalories(minutes: CadenceMinutes, weight: number): number {
  const metMinutes = (Object.keys(CADENCE) as CadenceClass[]).reduce((s, c) => s + CADENCE[c].met * minutes[c], 0)
  return Math.round((metMinutes * weight) / 60)
}

/** Minutes of at least walking cadence (60 steps a minute). */
export function activeMinutes(minutes: CadenceMinutes): number {
  return minutes.walk + minutes.brisk + minutes.run
}

/** MET of a workout: running by speed (1 MET per km/h, 6–20), the others fixed (Compendium). */
export function workoutMet(type: WorkoutType, durationS: number, distance: number): number {
  if (type === 'run') {
    const kmh = durationS > 0 ? distance / 1000 / (durationS / 3600) : 0
    return Math.min(20, Math.max(6, kmh))
  }
  return { walk: 3.5, hike: 6.0, cycle: 7.5, swim: 7.0, other: 5.0 }[type]
}

export function workoutCalories(type: WorkoutType, durationS: number, distance: number, weight: number): number {
  return Math.round((workoutMet(type, durationS, distance) * weight * durationS) / 3600)
}

/** Seconds per kilometre; null under 10 m. */
export function paceSPerKm(durationS: number, distance: number): number | null {
  return distance >= 10 ? Math.round(durationS / (distance / 1000)) : null
}

/** Uth–Sørensen–Overgaard–Pedersen: VO2max ≈ 15.3 × HRmax / HRrest, ml/kg/min, one decimal. */
export function vo2max(max: number, rest: number): number {
  return Math.round((153 * max) / rest) / 10
}

/**
 * Confidence of a VO2max by the Uth method: high with a measured HRmax (the profile's) and at
 * least 10 days of resting heart rate, medium from 7 days, else low. Its range is ±8 % with a
 * measured HRmax and ±15 % with an age-predicted one (220 − age carries a ±10 bpm spread).
 */
export function vo2Confidence(source: 'profile' | 'age' | 'default_age', days: number) {
  const confidence: 'low' | 'medium' | 'high' =
    source === 'profile' && days >= 10 ? 'high' : days >= 7 ? 'medium' : 'low'
  return { confidence, spread: source === 'profile' ? 0.08 : 0.15 }
}

/**
 * Fitness level from VO2max by age and sex: floors of fair, good, excellent and superior
 * (simplified from the Cooper Institute norms); below the first floor is `poor`. Without a
 * known sex the mean of both tables is used, without an age 30.
 */
const LEVEL_FLOORS: Record<'male' | 'female', [maxAge: number, floors: number[]][]> = {
  male: [
    [29, [38, 42, 46, 51]],
    [39, [36, 40, 44, 49]],
    [49, [34, 38, 42, 47]],
    [59, [31, 35, 39, 44]],
    [200, [28, 32, 36, 41]],
  ],
  female: [
    [29, [32, 36, 40, 45]],
    [39, [30, 34, 38, 43]],
    [49, [28, 32, 36, 41]],
    [59, [25, 29, 33, 38]],
    [200, [22, 26, 30, 35]],
  ],
}
export const LEVELS = ['poor', 'fair', 'good', 'excellent', 'superior'] as const

export function fitnessLevel(vo2: number, age: number | null, sex: string): (typeof LEVELS)[number] {
  const band = (s: 'male' | 'female') => LEVEL_FLOORS[s].find(([maxAge]) => (age ?? DEFAULT_AGE) <= maxAge)![1]
  const floors =
    sex === 'male' || sex === 'female' ? band(sex) : band('male').map((m, i) => (m + band('female')[i]!) / 2)
  return LEVELS[floors.filter((f) => vo2 >= f).length]!
}

/** A sleep belongs to the day it ends on: a segment starting at local 18:00 or later counts for the next day. */
export const SLEEP_DAY_STARTS_HOUR = 18

/**
 * A night has ended once no sleep stage has come for this long after its last one (the watch
 * sends no separate waking event); until then it is in progress: not scored, in no average.
 */
export const NIGHT_ENDED_AFTER_MIN = 60

export const nightEnded = (lastEnd: Date, now: Date) =>
  now.getTime() - lastEnd.getTime() >= NIGHT_ENDED_AFTER_MIN * 60_000

/**
 * Sleep score 0–100 = duration (50: asleep minutes / 480, capped) + deep share (20: deep /
 * asleep ÷ 20 %, capped) + REM share (20: REM / asleep ÷ 20 %, capped) + efficiency (10:
 * asleep / in bed). Asleep = light + deep + REM; in bed adds awake.
 */
export function sleepScore(min: Record<SleepStage, number>): number {
  return Math.round(sleepScoreParts(min).reduce((s, p) => s + p.points, 0))
}

/** The score's four parts, unrounded; empty with no sleep. */
export function sleepScoreParts(min: Record<SleepStage, number>) {
  const asleep = min.light + min.deep + min.rem
  if (asleep <= 0) return []
  const cap = (x: number) => Math.min(1, x)
  return [
    { input: 'duration' as const, value: asleep, target: 480, points: 50 * cap(asleep / 480), max_points: 50 },
    {
      input: 'deep_share' as const,
      value: (min.deep / asleep) * 100,
      target: 20,
      points: 20 * cap(min.deep / asleep / 0.2),
      max_points: 20,
    },
    {
      input: 'rem_share' as const,
      value: (min.rem / asleep) * 100,
      target: 20,
      points: 20 * cap(min.rem / asleep / 0.2),
      max_points: 20,
    },
    {
      input: 'efficiency' as const,
      value: (asleep / (asleep + min.awake)) * 100,
      target: 100,
      points: 10 * (asleep / (asleep + min.awake)),
      max_points: 10,
    },
  ]
}

/** Resting heart rate: the lowest average over 30 consecutive minutes that all have readings. */
export const RESTING_WINDOW_MINUTES = 30

/**
 * Blood-pressure class (ACC/AHA 2017, mmHg): crisis above 180 or 120; stage 2 from 140 or 90;
 * stage 1 from 130 or 80; elevated 120–129 with under 80; else normal. The higher class wins.
 */
export function bpClass(systolic: number, diastolic: number): health.BpClass {
  if (systolic > 180 || diastolic > 120) return 'crisis'
  if (systolic >= 140 || diastolic >= 90) return 'stage2'
  if (systolic >= 130 || diastolic >= 80) return 'stage1'
  if (systolic >= 120) return 'elevated'
  return 'normal'
}

/** Percent change, rounded; null when the base is 0. */
export function percentChange(now: number, before: number): number | null {
  return before > 0 ? Math.round(((now - before) / before) * 100) : null
}

export function percentOf(value: number, goal: number): number {
  return goal > 0 ? Math.min(100, Math.floor((value / goal) * 100)) : 0
}
