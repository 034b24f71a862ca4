import type { health as h, WireLang } from '@kinetic/protocol'
import type { Driver, Suggestion } from './drivers.ts'
import { text, textsIn } from '../../platform/i18n/index.ts'
import { dateFormat } from './dates.ts'

/** The weekly report in plain words, in the request's language (the `weekly` catalog). */
export interface WeekFacts {
  steps: number
  distanceKm: string
  stepsChange: number | null
  goalDays: number
  sleepAvgMin: number | null
  restingAvg: number | null
  workouts: number
  workoutMinutes: number
  daysWithData: number
}

const numbers = new Intl.NumberFormat('en-US')
const n = (x: number) => numbers.format(x)
const hm = (min: number) => ({ h: Math.floor(min / 60), m: min % 60 })

/** The week's summary sentences (the `weekly` catalog's `summary`). */
function summary(f: WeekFacts, lang: WireLang): string[] {
  const t = textsIn(lang, 'weekly')
  const change = f.stepsChange === null ? 'none' : f.stepsChange === 0 ? 'same' : f.stepsChange > 0 ? 'more' : 'fewer'
  return [
    t(`summary.steps.${change}`, { steps: n(f.steps), km: f.distanceKm, pct: Math.abs(f.stepsChange ?? 0) }),
    t('summary.goal', { days: f.goalDays }),
    f.workouts > 0
      ? t('summary.workouts', { count: f.workouts, minutes: n(f.workoutMinutes) })
      : t('summary.noWorkouts'),
    ...(f.sleepAvgMin !== null ? [t('summary.sleep', hm(f.sleepAvgMin))] : []),
    ...(f.restingAvg !== null ? [t('summary.resting', { bpm: f.restingAvg })] : []),
  ]
}

export const weekInWords = (facts: WeekFacts, lang: WireLang): string[] => summary(facts, lang)

// ---------------------------------------------------------------- drivers and the suggestion

type Activity = h.WeeklyReport['activities'][number]
type Bedtime = h.WeeklyReport['bedtime']

const LOCALE: Record<WireLang, string> = { 'us-en': 'en-US', 'zh-cn': 'zh-CN', 'zh-hk': 'zh-TW' }
const dayName = (date: string, lang: WireLang) =>
  dateFormat(LOCALE[lang], { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
const sign = (x: number) => (x > 0 ? '+' : x < 0 ? '−' : '±')
const signed = (x: number) => `${sign(x)}${n(Math.abs(x))}`

/** A figure of `metric` with its unit: minutes as hours and minutes from an hour on. */
function unitText(metric: h.WeekMetric, x: number, lang: WireLang): string {
  const t = textsIn(lang, 'weekly')
  if (metric === 'sleep_min') return x >= 60 ? t('duration.hm', hm(x)) : t('duration.m', { m: x })
  return t(`unit.${metric}`, { value: metric === 'hr_resting' ? x : n(x) })
}

/** A change in percent as the variant of its sentence: level, above or below (`vsLast.*`, `vsBase.*`). */
const comparison = (p: number) => (p === 0 ? 'same' : p > 0 ? 'above' : 'below')

/** The average bedtime, and against last week's. */
function bedtimeText(b: Bedtime, lang: WireLang): string {
  const t = textsIn(lang, 'weekly')
  if (b.avg === null) return ''
  if (b.shift_min === null || b.last_week === null) return t('bedtime.avg', { avg: b.avg })
  const shift = b.shift_min === 0 ? 'same' : b.shift_min > 0 ? 'later' : 'earlier'
  return t(`bedtime.${shift}`, { avg: b.avg, min: Math.abs(b.shift_min), last: b.last_week })
}

/** A workout type's name in the language (the PDF and the weekly words use it). */
export const workoutTypeName = (type: h.WorkoutType, lang: WireLang) => text(lang, 'weekly', `type.${type}`)

/** One driver in words: the figure, against last week and the baseline, and what moved it. */
export function driverInWords(
  d: Driver,
  extra: { activities: Activity[]; bedtime: Bedtime; baselineWeeks: number },
  lang: WireLang,
): string {
  const t = textsIn(lang, 'weekly')
  const sep = t('sep')
  const end = t('end')
  const metric = t(`metric.${d.metric}`)
  if (d.value === null) return t('figure', { metric, value: '—' })
  const weeks = extra.baselineWeeks
  const parts = [
    t('figure', { metric, value: unitText(d.metric, d.value, lang) }),
    d.change_pct === null
      ? t('vsLast.none')
      : t(`vsLast.${comparison(d.change_pct)}`, {
          pct: Math.abs(d.change_pct),
          last: d.last_week === null ? '—' : unitText(d.metric, d.last_week, lang),
        }),
    d.baseline_pct === null
      ? t('vsBase.none', { count: weeks })
      : t(`vsBase.${comparison(d.baseline_pct)}`, {
          pct: Math.abs(d.baseline_pct),
          weeks,
          base: d.baseline === null ? '—' : unitText(d.metric, d.baseline, lang),
        }),
  ]
  const sentences = [parts.join(sep)]
  if (d.days.length)
    sentences.push(
      t('moves', {
        list: d.days
          .map((m) => t(`moveDay.${d.metric}`, { day: dayName(m.date, lang), delta: signed(m.delta) }))
          .join(sep),
      }),
    )
  if (d.metric === 'active_minutes' && extra.activities.length)
    sentences.push(
      t('activities', {
        list: extra.activities
          .map((a) =>
            t('activity', {
              type: workoutTypeName(a.type, lang),
              workouts: a.workouts,
              minutes: a.minutes,
              lastWorkouts: a.last_week_workouts,
              lastMinutes: a.last_week_minutes,
            }),
          )
          .join(sep),
      }),
    )
  if (d.metric === 'sleep_min' && extra.bedtime.avg !== null) sentences.push(bedtimeText(extra.bedtime, lang))
  if (d.metric === 'hr_resting' && d.trend_bpm_per_week !== null)
    sentences.push(t('trend', { change: `${sign(d.trend_bpm_per_week)}${Math.abs(d.trend_bpm_per_week)}` }))
  return sentences.join(end).trim() + end.trim()
}

/** The week's one suggestion in words. */
export function suggestionInWords(s: Suggestion, lang: WireLang): string {
  const t = textsIn(lang, 'weekly')
  switch (s.kind) {
    case 'recover':
      return t('suggestion.recover', { rise: s.rise })
    case 'sleep':
      return s.bedtime ? t('suggestion.sleepBefore', { bedtime: s.bedtime }) : t('suggestion.sleep')
    case 'move':
      return t('suggestion.move', { day: dayName(s.day, lang) })
    default:
      return t(`suggestion.${s.kind}`)
  }
}
