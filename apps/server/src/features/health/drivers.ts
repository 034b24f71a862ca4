/**
 * What moved a week's figures: each figure (a mean per day with data) against last week and
 * against the mean of up to four weeks before this one (left out under two weeks with data), the days that moved it most, workouts by type, the bedtime shift and the
 * resting-HR trend (ADR 2026-11-24-weekly-drivers). Pure: weekly.ts feeds it days it has read.
 */
import { health as h } from '@kinetic/protocol'

/** One local day's inputs; a null figure had no data that day. */
export interface DriverDay {
  date: string
  steps: number
  active_minutes: number
  /** Asleep minutes of the night ending on the day. */
  sleep_min: number | null
  /** Minutes after 18:00 local of the night's first segment (0–1439). */
  bedtime: number | null
  hr_resting: number | null
}
export interface DriverWorkout {
  type: string
  durationS: number
  day: string
}

/** Baseline weeks before the reported one. */
export const BASELINE_WEEKS = 4
const EVENING_MIN = 18 * 60

const meanOf = (xs: number[]) => (xs.length ? Math.round(xs.reduce((s, x) => s + x, 0) / xs.length) : null)
export const pct = (now: number | null, base: number | null) =>
  now === null || base === null || base <= 0 ? null : Math.round(((now - base) / base) * 100)

/** A day's value of a metric; null when the day has none. Steps and active minutes count 0 on a day without. */
function dayValue(metric: h.WeekMetric, d: DriverDay): number | null {
  return d[metric]
}

/** The values of a metric on the days with data (for steps and active minutes: the days with steps). */
const valuesOf = (metric: h.WeekMetric, days: DriverDay[]) =>
  days.flatMap((d) => {
    const v = dayValue(metric, d)
    return v === null || ((metric === 'steps' || metric === 'active_minutes') && d.steps === 0) ? [] : [v]
  })

/**
 * A week's figure: the mean per day over its days with data (steps and active minutes a day,
 * asleep minutes a night, resting HR), so that a week with fewer days of data compares fairly
 * with a full one; null without data.
 */
export function weekFigure(metric: h.WeekMetric, days: DriverDay[]): number | null {
  return meanOf(valuesOf(metric, days))
}

/** A baseline needs at least this many earlier weeks with data; with fewer it is left out. */
export const BASELINE_MIN_WEEKS = 2

/**
 * The baseline: the mean per day over the days with data of the weeks before (up to
 * {@link BASELINE_WEEKS}), and how many of those weeks had data; null under {@link BASELINE_MIN_WEEKS}.
 */
export function baselineOf(metric: h.WeekMetric, older: DriverDay[][]): { value: number | null; weeks: number } {
  const weeks = older.filter((w) => valuesOf(metric, w).length > 0)
  return {
    value: weeks.length < BASELINE_MIN_WEEKS ? null : meanOf(weeks.flatMap((w) => valuesOf(metric, w))),
    weeks: weeks.length,
  }
}

/** Least-squares slope of the week's daily resting HR, bpm per week, one decimal; null under 3 days. */
export function restingTrend(days: DriverDay[]): number | null {
  const points = days.flatMap((d, x) => (d.hr_resting === null ? [] : [{ x, y: d.hr_resting }]))
  if (points.length < 3) return null
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length
  const my = points.reduce((s, p) => s + p.y, 0) / points.length
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0)
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0)
  return Math.round((sxy / sxx) * 7 * 10) / 10
}

export const bedtimeOf = (hhmm: string) => {
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number]
  return (hh * 60 + mm - EVENING_MIN + 1440) % 1440
}
const clockOf = (bedtime: number) => {
  const m = (bedtime + EVENING_MIN) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

export type Driver = Omit<h.WeekDriver, 'text'>

/**
 * `weeks[0]` is the reported week, `weeks[1]` last week, `weeks[2..]` the baseline's older weeks;
 * each holds its 7 days Monday first.
 */
export function weekDrivers(weeks: DriverDay[][], workouts: DriverWorkout[]) {
  const [week, last] = weeks as [DriverDay[], DriverDay[]]
  /** How many earlier weeks each metric's baseline holds. */
  const baselineWeeks = {} as Record<h.WeekMetric, number>
  const drivers: Driver[] = h.WEEK_METRICS.map((metric) => {
    const value = weekFigure(metric, week)
    const lastWeek = weekFigure(metric, last)
    const { value: baseline, weeks: held } = baselineOf(metric, weeks.slice(1, 1 + BASELINE_WEEKS))
    baselineWeeks[metric] = held
    const direction = value === null || lastWeek === null ? 0 : Math.sign(value - lastWeek)
    const moves = week.flatMap((d, i) => {
      const now = dayValue(metric, d)
      const before = dayValue(metric, last[i]!)
      if (now === null || before === null || value === null || lastWeek === null) return []
      const delta = now - before
      return delta !== 0 && (direction === 0 || Math.sign(delta) === direction)
        ? [{ date: d.date, value: now, last_week: before, delta }]
        : []
    })
    moves.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.date.localeCompare(b.date))
    return {
      metric,
      value,
      last_week: lastWeek,
      baseline,
      change_pct: pct(value, lastWeek),
      baseline_pct: pct(value, baseline),
      days: moves.slice(0, 2),
      trend_bpm_per_week: metric === 'hr_resting' ? restingTrend(week) : null,
    }
  })

  const inWeek = (days: DriverDay[]) => new Set(days.map((d) => d.date))
  const thisDays = inWeek(week)
  const lastDays = inWeek(last)
  const activities = h.WORKOUT_TYPES.map((type) => {
    const of = (days: Set<string>) => workouts.filter((w) => w.type === type && days.has(w.day))
    const now = of(thisDays)
    const before = of(lastDays)
    return {
      type,
      workouts: now.length,
      minutes: Math.round(now.reduce((s, w) => s + w.durationS, 0) / 60),
      last_week_workouts: before.length,
      last_week_minutes: Math.round(before.reduce((s, w) => s + w.durationS, 0) / 60),
    }
  }).filter((a) => a.workouts > 0 || a.last_week_workouts > 0)

  const bedtimeMean = (days: DriverDay[]) => meanOf(days.flatMap((d) => (d.bedtime === null ? [] : [d.bedtime])))
  const now = bedtimeMean(week)
  const before = bedtimeMean(last)
  const bedtime = {
    avg: now === null ? null : clockOf(now),
    last_week: before === null ? null : clockOf(before),
    shift_min: now === null || before === null ? null : now - before,
  }
  return { drivers, activities, bedtime, baselineWeeks }
}

/** Resting HR this far above its baseline suggests recovery first. */
export const RESTING_RISE_BPM = 3
/** Less sleep than this a night, or a bedtime this much later, suggests an earlier night. */
export const SHORT_SLEEP_MIN = 420
export const LATE_SHIFT_MIN = 30
/** Steps this far below their baseline suggest moving more. */
export const STEPS_DROP_PCT = -10

export type Suggestion =
  | { kind: 'wear' }
  | { kind: 'recover'; rise: number }
  | { kind: 'sleep'; bedtime: string | null }
  | { kind: 'move'; day: string }
  | { kind: 'keep' }

/** The one suggestion, the first rule that holds: wear the watch (no figure at all), recover, sleep, move, keep going. */
export function suggestionOf(
  drivers: Driver[],
  bedtime: { avg: string | null; shift_min: number | null },
  week: DriverDay[],
): Suggestion {
  const of = (m: h.WeekMetric) => drivers.find((d) => d.metric === m)!
  if (drivers.every((d) => d.value === null)) return { kind: 'wear' }
  const rest = of('hr_resting')
  if (rest.value !== null && rest.baseline !== null && rest.value - rest.baseline >= RESTING_RISE_BPM)
    return { kind: 'recover', rise: rest.value - rest.baseline }
  const sleep = of('sleep_min')
  if ((sleep.value !== null && sleep.value < SHORT_SLEEP_MIN) || (bedtime.shift_min ?? 0) >= LATE_SHIFT_MIN)
    return { kind: 'sleep', bedtime: bedtime.avg }
  const steps = of('steps')
  if (steps.baseline_pct !== null && steps.baseline_pct <= STEPS_DROP_PCT) {
    const least = week.reduce((a, b) => (b.steps < a.steps ? b : a))
    return { kind: 'move', day: least.date }
  }
  return { kind: 'keep' }
}
