import { z } from 'zod'
import { weightKg } from './account.ts'
import { method, readOnly } from './method.ts'
import { id, listOf, okResult, optional, pageParams } from './schema.ts'

/**
 * Health over months and years, and the weight log (re-exported by health.ts, so these are
 * `health.*`). Days are the account's local days (`users.time_zone`), `YYYY-MM-DD`.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/
const health = <P extends z.ZodRawShape, R extends z.ZodType>(name: string, summary: string, params: P, result: R) =>
  method(name, { feature: 'health', summary, auth: true, params: z.object(params), result })

export const TREND_METRICS = ['steps', 'sleep', 'resting_hr', 'weight'] as const
export type TrendMetric = (typeof TREND_METRICS)[number]
export const TREND_PERIODS = ['month', 'year'] as const
export type TrendPeriod = (typeof TREND_PERIODS)[number]

export const Trend = z.object({
  metric: z.enum(TREND_METRICS),
  period: z.enum(TREND_PERIODS),
  /** First and last local day of the month or year. */
  from: z.string(),
  to: z.string(),
  /**
   * A month: one point per day (`key` YYYY-MM-DD); a year: one per month (`key` YYYY-MM), the
   * average of its days with data. `value`: steps, minutes asleep, resting bpm or kg; null
   * without data.
   */
  points: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
  /** Average per day with data over the whole period; null without data. */
  average: z.number().nullable(),
  /** Lowest and highest daily value of the period. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  days_with_data: z.number().int(),
})
export type Trend = z.infer<typeof Trend>

/**
 * A month or a year of one metric, read from the day rollups (steps, sleep by the day the night
 * ends, resting heart rate) or the weight log. `date`: any day of the wanted month or year
 * (default today). Steps, minutes and bpm are whole numbers; kg have one decimal.
 */
export const healthTrend = readOnly(
  health(
    '/v1/healthtrend',
    'Steps, sleep, resting heart rate or weight over a month (per day) or a year (per month)',
    {
      metric: z.enum(TREND_METRICS, 'FIELD_INVALID'),
      period: z.enum(TREND_PERIODS, 'FIELD_INVALID'),
      date: optional(z.string().regex(DAY, 'FIELD_INVALID')),
    },
    Trend,
  ),
)

// ---------------------------------------------------------------- weight log

export const WeightEntry = z.object({
  id: z.number().int(),
  /** The local day weighed. */
  date: z.string(),
  /** kg, one decimal. */
  weight: z.number(),
})
export type WeightEntry = z.infer<typeof WeightEntry>

/** kg as typed: a number with at most one decimal, within the profile's weight range. */
const weight = weightKg()
/** A real day from 1900 up to today in the account's zone (the server checks the upper bound). */
const weighDay = z.string().trim().regex(DAY, 'WEIGHT_DATE_INVALID')

/** The user's weight entries, newest day first. */
export const weightLog = readOnly(
  health('/v1/weightlog', 'The weight log, newest day first', { ...pageParams }, listOf(WeightEntry)),
)

/**
 * Records a weight for a day (default today). One entry per day: a day that has one gets
 * the new weight. The profile's weight becomes the latest day's.
 */
export const weightAdd = health(
  '/v1/weightadd',
  'Record a weight (kg) for a day; the profile shows the latest',
  {
    weight: z.preprocess((v) => (v === undefined ? '' : typeof v === 'number' ? String(v) : v), weight),
    date: optional(weighDay),
  },
  WeightEntry,
)

/** Changes one of the user's own entries; another user's id answers WEIGHT_NOT_FOUND. */
export const weightEdit = health(
  '/v1/weightedit',
  'Change the weight or the day of a weight entry',
  {
    id: id(),
    weight: optional(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), weight)),
    date: optional(weighDay),
  },
  WeightEntry,
)

export const weightDelete = health('/v1/weightdel', 'Delete a weight entry', { id: id() }, okResult)
