import type { health } from '@kinetic/protocol'
import { addDays, localToUnix } from './zone.ts'

export interface Samples {
  heart_rate: { t: number; bpm: number }[]
  steps: { t: number; count: number }[]
  sleep: { start: number; end: number; stage: health.SleepStage }[]
  blood_pressure: { t: number; systolic: number; diastolic: number }[]
  spo2: { t: number; percent: number }[]
  workouts: { start: number; end: number; type: health.WorkoutType; distance_m: number; steps: number }[]
}

export interface GenerateOptions {
  /** Local days simulated, ending with `end`. */
  days: number
  /** The last local day (YYYY-MM-DD); its samples stop at `now`. */
  end: string
  timeZone: string
  seed: number
  /** Seconds between heart-rate readings outside workouts (1 during workouts). Default 10. */
  hrIntervalS?: number
  /** Unix seconds; nothing at or after it is generated. Default: the current time. */
  now?: number
  /**
   * The wearer's maximum heart rate, which the runs' effort is a share of. Default 190: the
   * server's 220 − 30 for a profile without a birthday.
   */
  hrMax?: number
}

/** The maximum heart rate of a wearer whose age the watch does not know (the server's 220 − 30). */
export const DEFAULT_HR_MAX = 190
/** An easy run: minutes of warm-up, from this share of HRmax, to a steady share set by the cadence, drifting up. */
const WARM_UP_MIN = 10
const WARM_UP_FROM = 0.55
const EASY_SLOWEST = { cadence: 155, share: 0.66 }
const EASY_FASTEST = { cadence: 170, share: 0.72 }
const EASY_DRIFT = 0.04

/** mulberry32: a small deterministic PRNG, so the same seed gives the same watch. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Bout {
  from: number
  to: number
  cadence: number
}

/**
 * A realistic watch wearer, day by day (all times local): a night of 90-minute sleep cycles
 * (light, deep, REM, brief awakenings) from about 23:00 to 07:00; walking bouts (commute,
 * lunch, evening) and light pottering; an easy run at about 19:00 every other day (1 Hz heart
 * rate: 10 minutes of warm-up from 55 % of HRmax, then 66–72 % by the cadence, drifting up 4
 * points by the end — the fat-burn and aerobic zones, below the anaerobic one); a heart rate that
 * follows sleep, activity and a daily rhythm; blood pressure morning and evening; SpO2 three
 * times a day.
 */
export function generate(options: GenerateOptions): Samples {
  const { timeZone, hrIntervalS = 10 } = options
  const now = options.now ?? Math.floor(Date.now() / 1000)
  const out: Samples = { heart_rate: [], steps: [], sleep: [], blood_pressure: [], spo2: [], workouts: [] }
  for (let i = options.days - 1; i >= 0; i--) {
    const day = addDays(options.end, -i)
    const dayIndex = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
    oneDay(out, day, prng(options.seed * 100_003 + dayIndex), timeZone, hrIntervalS, options.hrMax ?? DEFAULT_HR_MAX)
  }
  const before = <T>(items: T[], time: (x: T) => number) => items.filter((x) => time(x) < now)
  return {
    heart_rate: before(out.heart_rate, (s) => s.t),
    steps: before(out.steps, (s) => s.t + 60),
    sleep: before(out.sleep, (s) => s.end),
    blood_pressure: before(out.blood_pressure, (s) => s.t),
    spo2: before(out.spo2, (s) => s.t),
    workouts: before(out.workouts, (s) => s.end),
  }
}

/** The heart rate an easy run of this cadence asks for `elapsedS` into its `durationS`. */
export function easyRunTarget(cadence: number, elapsedS: number, durationS: number, hrMax: number): number {
  const pace = (cadence - EASY_SLOWEST.cadence) / (EASY_FASTEST.cadence - EASY_SLOWEST.cadence)
  const steady =
    EASY_SLOWEST.share +
    Math.max(0, Math.min(1, pace)) * (EASY_FASTEST.share - EASY_SLOWEST.share) +
    EASY_DRIFT * (elapsedS / durationS)
  const warm = Math.min(1, elapsedS / (WARM_UP_MIN * 60))
  return hrMax * (WARM_UP_FROM + (steady - WARM_UP_FROM) * warm)
}

function oneDay(out: Samples, day: string, rnd: () => number, tz: string, hrIntervalS: number, hrMax: number): void {
  const at = (hours: number) => localToUnix(day, hours, tz)
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd()
  const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1))
  const resting = int(56, 62)

  // the night ending this morning: starts the previous evening
  const sleepStart = localToUnix(addDays(day, -1), between(22.4, 24.3), tz)
  const wake = at(between(6.5, 7.4))
  let t = sleepStart
  let cycle = 0
  while (t < wake - 20 * 60) {
    const early = cycle < 2
    const parts: [health.SleepStage, number][] = [
      ['light', int(15, 30)],
      ['deep', early ? int(20, 35) : int(5, 15)],
      ['light', int(10, 20)],
      ['rem', early ? int(8, 15) : int(18, 30)],
    ]
    if (rnd() < 0.6) parts.push(['awake', int(2, 12)])
    for (const [stage, minutes] of parts) {
      const end = Math.min(t + minutes * 60, wake)
      if (end - t >= 60) out.sleep.push({ start: t, end, stage })
      t = end
      if (t >= wake) break
    }
    cycle++
  }

  // walking bouts and a run every other day
  const bouts: Bout[] = [
    { from: at(between(8, 8.3)), to: 0, cadence: int(100, 112) },
    { from: at(between(12.1, 12.4)), to: 0, cadence: int(85, 98) },
    { from: at(between(17.8, 18.2)), to: 0, cadence: int(95, 110) },
  ].map((b) => ({ ...b, to: b.from + int(15, 30) * 60 }))
  const dayIndex = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
  if (dayIndex % 2 === 0) {
    const start = at(19) + int(0, 20) * 60
    const minutes = int(30, 45)
    const cadence = int(155, 170)
    const end = start + minutes * 60
    bouts.push({ from: start, to: end, cadence })
    const steps = cadence * minutes
    out.workouts.push({ start, end, type: 'run', distance_m: Math.round(steps * 1.1), steps })
  }
  const run = out.workouts.at(-1)
  const runCadence = bouts.length > 3 ? bouts[3]!.cadence : 0
  const inRun = (s: number) => run !== undefined && s >= run.start && s < run.end

  const dayStart = at(0)
  const dayEnd = localToUnix(addDays(day, 1), 0, tz)
  const bedtime = at(22.5)
  const minuteSteps = new Map<number, number>()
  for (let m = dayStart - (dayStart % 60); m < dayEnd; m += 60) {
    const bout = bouts.find((b) => m >= b.from - (b.from % 60) && m < b.to)
    let count = 0
    if (bout) count = Math.max(0, Math.round(bout.cadence + between(-6, 6)))
    else if (m > wake && m < bedtime && rnd() < 0.25) count = int(2, 40)
    if (count > 0 && m >= dayStart) {
      out.steps.push({ t: m, count })
      minuteSteps.set(m, count)
    }
  }

  // heart rate: asleep lower, awake with a gentle daily rhythm, lifted by steps, 1 Hz in the run
  // (following its effort: a warm-up, then the easy pace's share of HRmax)
  const asleep = (s: number) => s < wake
  let bpm = resting
  for (let s = dayStart; s < dayEnd;) {
    const hour = (s - dayStart) / 3600
    const steps = minuteSteps.get(s - (s % 60)) ?? 0
    let target = asleep(s)
      ? resting - 4 + 2 * Math.sin(hour)
      : resting + 10 + 6 * Math.sin(((hour - 9) / 24) * 2 * Math.PI)
    if (steps > 0) target += Math.min(45, steps * 0.35)
    if (inRun(s)) target = easyRunTarget(runCadence, s - run!.start, run!.end - run!.start, hrMax)
    // a run's 1 Hz readings wander less than the 10 s ones between them
    bpm += inRun(s) ? (target - bpm) * 0.05 + between(-0.8, 0.8) : (target - bpm) * 0.4 + between(-2, 2)
    out.heart_rate.push({ t: s, bpm: Math.max(40, Math.min(200, Math.round(bpm))) })
    s += inRun(s) ? 1 : hrIntervalS
  }

  for (const hours of [8.5, 20.5]) {
    const systolic = int(112, 128)
    out.blood_pressure.push({ t: at(hours) + int(0, 600), systolic, diastolic: systolic - int(38, 48) })
  }
  for (const hours of [3, 10, 16]) out.spo2.push({ t: at(hours) + int(0, 600), percent: int(95, 99) })
}
