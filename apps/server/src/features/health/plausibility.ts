/**
 * Plausibility of effort (docs/adr/2026-11-24-verifiable-effort.md): pure rules that
 * judge a workout or a day's per-minute record, and the fingerprint that recognises a workout
 * imported again with its times shifted. No I/O: `effort.ts` reads the data and calls these.
 */
import { createHash } from 'node:crypto'
import type { health } from '@kinetic/protocol'
import { CADENCE, ZONE_FLOORS } from './formulas.ts'
import type { TrackRow } from './health.tables.ts'

type Reason = health.EffortReason
type Kind = health.EffortVerdictKind
export type Verdict = health.EffortVerdict

/** Consecutive readings within FLAT_SPREAD_BPM of each other for this long: a flat (stuck or invented) trace. */
export const FLAT_MINUTES = 15
export const FLAT_SPREAD_BPM = 1
/** A run of this many readings seen again later, value for value: a copied trace. */
export const REPEAT_MINUTES = 10
/** Readings below this share of HRmax are rest, where flat and repeated runs say nothing. */
export const ELEVATED_SHARE = 0.5
/** Average speed (m/s) no person keeps up over a whole workout of the type. */
export const SPEED_LIMIT_MPS: Record<health.WorkoutType, number> = {
  walk: 3,
  hike: 3,
  run: 7,
  cycle: 20,
  swim: 2.5,
  other: 20,
}
/** Faster than the user's own best of the type by this factor: reduced until reviewed. */
export const BASELINE_FACTOR = 1.5
/** The baseline counts only with this many earlier workouts of the type. */
export const BASELINE_MIN_WORKOUTS = 3
/** Minutes of walking cadence or more paired with heart rate before cadence and HR are compared. */
export const CADENCE_MIN_MINUTES = 10
/** Heart rate follows effort within this many minutes. */
export const HR_LAG_MINUTES = 3
/** A workout's share of energy when its verdict is reduced. */
export const REDUCED_PERCENT = 50n

const SEVERITY: Record<Kind, number> = { ok: 0, reduced: 1, held: 2, rejected: 3 }
const REASON_VERDICT: Record<Reason, Kind> = {
  same_workout_elsewhere: 'held',
  same_workout_under_review: 'held',
  hr_flat: 'rejected',
  hr_repeated: 'rejected',
  speed_beyond_human: 'rejected',
  hr_cadence_mismatch: 'reduced',
  above_baseline: 'reduced',
}

/** The verdict of a set of reasons: the most severe of them, ok without any. */
export function verdictOf(reasons: Iterable<Reason>): Verdict {
  const unique = [...new Set(reasons)]
  let verdict: Kind = 'ok'
  for (const r of unique) if (SEVERITY[REASON_VERDICT[r]] > SEVERITY[verdict]) verdict = REASON_VERDICT[r]
  return { verdict, reasons: unique }
}

/** The worst of several verdicts, with every reason. */
export const worstOf = (verdicts: Verdict[]): Verdict => verdictOf(verdicts.flatMap((v) => v.reasons))

/**
 * A flat trace: FLAT_MINUTES consecutive readings (null = no reading, which breaks a run) at or
 * above `floor` whose highest and lowest differ by at most FLAT_SPREAD_BPM.
 */
export function isFlat(series: readonly (number | null)[], floor: number): boolean {
  let start = 0
  for (let i = 0; i < series.length; i++) {
    const bpm = series[i]
    if (bpm === null || bpm === undefined || bpm < floor) {
      start = i + 1
      continue
    }
    // shrink the run from the left until its spread fits
    let lo = Infinity
    let hi = -Infinity
    for (let j = i; j >= start; j--) {
      const v = series[j]!
      lo = Math.min(lo, v)
      hi = Math.max(hi, v)
      if (hi - lo > FLAT_SPREAD_BPM) {
        start = j + 1
        break
      }
    }
    if (i - start + 1 >= FLAT_MINUTES) return true
  }
  return false
}

/**
 * A copied trace: a run of REPEAT_MINUTES readings at or above `floor`, not itself flat, that
 * appears again later in the series without overlapping itself.
 */
export function isRepeated(series: readonly (number | null)[], floor: number): boolean {
  const seen = new Map<string, number>()
  for (let i = 0; i + REPEAT_MINUTES <= series.length; i++) {
    const window = series.slice(i, i + REPEAT_MINUTES)
    if (window.some((b) => b === null || b < floor)) continue
    const values = window as number[]
    if (Math.max(...values) - Math.min(...values) <= FLAT_SPREAD_BPM) continue
    const key = values.join(',')
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else if (i - first >= REPEAT_MINUTES) return true
  }
  return false
}

function correlation(a: number[], b: number[]): number {
  const n = a.length
  const ma = a.reduce((s, x) => s + x, 0) / n
  const mb = b.reduce((s, x) => s + x, 0) / n
  let num = 0
  let da = 0
  let db = 0
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb)
    da += (a[i]! - ma) ** 2
    db += (b[i]! - mb) ** 2
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db)
}

/**
 * Heart rate and cadence disagree: with CADENCE_MIN_MINUTES of walking cadence or more, heart
 * rate does not rise with effort within HR_LAG_MINUTES (its best correlation with the cadence
 * it follows is not positive), or it rises before the effort (it correlates clearly better with
 * the cadence that comes after it). Minutes are consecutive; null is no reading.
 */
export function cadenceMismatch(minutes: readonly { bpm: number | null; steps: number }[]): boolean {
  const moving = minutes.filter((m) => m.bpm !== null && m.steps >= CADENCE.walk.from).length
  if (moving < CADENCE_MIN_MINUTES) return false
  const best = (lead: 'cadence' | 'hr') => {
    let top = -1
    for (let lag = lead === 'cadence' ? 0 : 1; lag <= HR_LAG_MINUTES; lag++) {
      const cadence: number[] = []
      const hr: number[] = []
      for (let i = 0; i + lag < minutes.length; i++) {
        const [c, h] = lead === 'cadence' ? [minutes[i]!, minutes[i + lag]!] : [minutes[i + lag]!, minutes[i]!]
        if (h.bpm === null) continue
        cadence.push(c.steps)
        hr.push(h.bpm)
      }
      if (cadence.length >= CADENCE_MIN_MINUTES) top = Math.max(top, correlation(cadence, hr))
    }
    return top
  }
  const follows = best('cadence')
  return follows <= 0 || best('hr') > follows + 0.3
}

/** The bpm at which the aerobic zone starts for this HRmax. */
export const aerobicFloor = (hrMax: number) => ZONE_FLOORS.find(([z]) => z === 'aerobic')![1] * hrMax

export interface WorkoutFacts {
  type: health.WorkoutType
  durationS: number
  distanceM: number
  /** Per-minute bpm from the start, null for a minute without a reading. */
  hr: (number | null)[]
}

/** The user's best average speed (m/s) per workout type before this workout, and how many there were. */
export type Baseline = Partial<Record<health.WorkoutType, { count: number; bestMps: number }>>

/** A workout's verdict: its heart-rate trace, its speed against human limits and against the user's own best. */
export function judgeWorkout(w: WorkoutFacts, hrMax: number, baseline: Baseline): Verdict {
  const reasons: Reason[] = []
  const floor = ELEVATED_SHARE * hrMax
  if (isFlat(w.hr, floor)) reasons.push('hr_flat')
  if (isRepeated(w.hr, floor)) reasons.push('hr_repeated')
  const mps = w.durationS > 0 ? w.distanceM / w.durationS : 0
  if (mps > SPEED_LIMIT_MPS[w.type]) reasons.push('speed_beyond_human')
  else {
    const own = baseline[w.type]
    if (own && own.count >= BASELINE_MIN_WORKOUTS && own.bestMps > 0 && mps > own.bestMps * BASELINE_FACTOR)
      reasons.push('above_baseline')
  }
  return verdictOf(reasons)
}

/** A day's per-minute record from the watch (consecutive minutes, null = no reading): flat, copied, or against the cadence. */
export function judgeMinutes(minutes: readonly { bpm: number | null; steps: number }[], hrMax: number): Verdict {
  const floor = ELEVATED_SHARE * hrMax
  const hr = minutes.map((m) => m.bpm)
  const reasons: Reason[] = []
  if (isFlat(hr, floor)) reasons.push('hr_flat')
  if (isRepeated(hr, floor)) reasons.push('hr_repeated')
  if (cadenceMismatch(minutes)) reasons.push('hr_cadence_mismatch')
  return verdictOf(reasons)
}

/** Heart rate is quantized to this many bpm in the fingerprint (a re-export may round differently). */
export const FINGERPRINT_BPM_STEP = 2
/** Fewer readings than this give no fingerprint: too little to tell two workouts apart. */
export const FINGERPRINT_MIN_READINGS = 5

/** Track positions are rounded to this many decimals of a degree in the fingerprint (about 11 m). */
export const FINGERPRINT_TRACK_DECIMALS = 4

/**
 * A workout's fingerprint, blind to absolute time: its type, whole minutes, distance to 10 m and
 * the per-minute heart rate from its start quantized to FINGERPRINT_BPM_STEP (0 = no reading).
 * Without enough heart-rate readings, its track stands in: the first position of each minute
 * from the start, rounded to FINGERPRINT_TRACK_DECIMALS. Null without either. The migration's
 * `-- data:` backfill computes the heart-rate form in SQL.
 */
export function fingerprint(
  w: Omit<WorkoutFacts, 'hr'> & { hr: readonly number[]; track?: readonly TrackRow[] | null },
): string | null {
  const head = `${w.type}:${Math.round(w.durationS / 60)}:${Math.round(w.distanceM / 10)}`
  if (w.hr.filter((b) => b > 0).length >= FINGERPRINT_MIN_READINGS) {
    const hr = w.hr.map((b) => Math.floor(b / FINGERPRINT_BPM_STEP)).join(',')
    return createHash('md5').update(`${head}:${hr}`).digest('hex')
  }
  const perMinute = new Map<number, string>()
  for (const [t, lat, lon] of w.track ?? []) {
    const minute = Math.floor(t / 60)
    if (!perMinute.has(minute))
      perMinute.set(minute, `${lat.toFixed(FINGERPRINT_TRACK_DECIMALS)} ${lon.toFixed(FINGERPRINT_TRACK_DECIMALS)}`)
  }
  if (perMinute.size < FINGERPRINT_MIN_READINGS) return null
  const path = [...perMinute].map(([m, p]) => `${m}=${p}`).join(',')
  return createHash('md5').update(`${head}:track:${path}`).digest('hex')
}
