import { z } from 'zod'
import { method, readOnly } from './method.ts'
import { id, int, listOf, none, optional, pageParams, required, text } from './schema.ts'

/**
 * Health (DESIGN §7). Every report reads one of the user's local days
 * (`users.time_zone`): `date` is `YYYY-MM-DD`, today when missing. Weeks run Monday to Sunday.
 * Distances are metres, durations seconds or minutes as named, calories kcal, heart rate bpm.
 * Times are ISO 8601 with offset; `time` fields are the user's local `HH:MM`.
 */

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/
const day = optional(z.string().regex(DAY_RE, 'FIELD_INVALID'))
const health = <P extends z.ZodRawShape, R extends z.ZodType>(name: string, summary: string, params: P, result: R) =>
  method(name, { feature: 'health', summary, auth: true, params: z.object(params), result })

export const HR_ZONES = ['warmup', 'fatburn', 'aerobic', 'anaerobic', 'limit'] as const
export type HrZone = (typeof HR_ZONES)[number]
export const SLEEP_STAGES = ['awake', 'light', 'deep', 'rem'] as const
export type SleepStage = (typeof SLEEP_STAGES)[number]
export const WORKOUT_TYPES = ['walk', 'run', 'cycle', 'swim', 'hike', 'other'] as const
export type WorkoutType = (typeof WORKOUT_TYPES)[number]
export const WORKOUT_SOURCES = ['watch', 'gpx', 'tcx', 'fit', 'huawei'] as const
/**
 * A plausibility verdict: ok earns in full, reduced earns part, rejected earns nothing, held earns
 * nothing until the operator's review of a workout also imported elsewhere decides.
 */
export const EFFORT_VERDICTS = ['ok', 'reduced', 'rejected', 'held'] as const
export type EffortVerdictKind = (typeof EFFORT_VERDICTS)[number]
/** Why a day, workout or import is not plausible (texts: the web's earn locale, `effort.reasons`). */
export const EFFORT_REASONS = [
  'hr_flat',
  'hr_repeated',
  'hr_cadence_mismatch',
  'speed_beyond_human',
  'above_baseline',
  // the same workout in another account (never named): this one held, lost, or under review
  'same_workout_elsewhere',
  'same_workout_under_review',
] as const
export type EffortReason = (typeof EFFORT_REASONS)[number]
export const EffortVerdict = z.object({
  verdict: z.enum(EFFORT_VERDICTS),
  reasons: z.array(z.enum(EFFORT_REASONS)),
})
export type EffortVerdict = z.infer<typeof EffortVerdict>
export const FITNESS_LEVELS = ['poor', 'fair', 'good', 'excellent', 'superior'] as const

/** Daily-goal limits (inclusive); `/v1/targetpost` refuses values outside them. */
export const GOAL_LIMITS = {
  step: { min: 1000, max: 100_000, default: 8000 },
  calorie: { min: 50, max: 5000, default: 300 },
  /** metres */
  distance: { min: 500, max: 100_000, default: 5000 },
} as const

const bpm = z.number().int()
const nullableInt = z.number().int().nullable()
const isoTime = z.string()
const localDate = z.string()

/** Totals of one local day (steps → distance by stride; calories from MET × weight × hours). */
export const DayTotals = z.object({
  date: localDate,
  steps: z.number().int(),
  distance_m: z.number().int(),
  calories: z.number().int(),
  /** Minutes with at least 60 steps (brisk walking or faster). */
  active_minutes: z.number().int(),
})
export type DayTotals = z.infer<typeof DayTotals>

export const GoalProgress = z.object({
  step: z.number().int(),
  calorie: z.number().int(),
  distance: z.number().int(),
  /** 0–100 (capped), per goal. */
  step_pct: z.number().int(),
  calorie_pct: z.number().int(),
  distance_pct: z.number().int(),
  /** All three reached. */
  met: z.boolean(),
})

export const BloodPressure = z.object({ at: isoTime, time: z.string(), systolic: bpm, diastolic: bpm })
export type BloodPressure = z.infer<typeof BloodPressure>
export const Spo2 = z.object({ at: isoTime, time: z.string(), percent: z.number().int() })

/**
 * A night that has ended (no sleep stage for NIGHT_ENDED_AFTER_MIN after its last); a night in
 * progress has no summary, no score, and counts in no average.
 */
export const SleepSummary = z.object({
  /** The day the night ends on (a sleep that starts after 18:00 belongs to the next day). */
  date: localDate,
  start: isoTime,
  end: isoTime,
  /** Asleep minutes (light + deep + REM). */
  duration_min: z.number().int(),
  awake_min: z.number().int(),
  light_min: z.number().int(),
  deep_min: z.number().int(),
  rem_min: z.number().int(),
  /** 0–100, see the server's formulas module. */
  score: z.number().int(),
})
export type SleepSummary = z.infer<typeof SleepSummary>

export const HeartSummary = z.object({
  avg: nullableInt,
  min: nullableInt,
  max: nullableInt,
  /** Lowest 30-minute average of the day. */
  resting: nullableInt,
  latest: z.object({ at: isoTime, time: z.string(), bpm }).nullable(),
})

export const Fitness = z.object({
  /** Redeemed and not yet expired. */
  active: z.boolean(),
  valid_until: isoTime.nullable(),
})

// ---------------------------------------------------------------- overview

export const Overview = z.object({
  date: localDate,
  time_zone: z.string(),
  totals: DayTotals,
  goal: GoalProgress,
  /** Steps in each local hour 0–23. */
  hourly_steps: z.array(z.number().int()).length(24),
  heart_rate: HeartSummary,
  sleep: SleepSummary.nullable(),
  blood_pressure: BloodPressure.nullable(),
  spo2: Spo2.nullable(),
  /** Bound watches, and whether any uploaded in the online window. */
  devices: z.object({ bound: z.number().int(), online: z.boolean() }),
  fitness: Fitness,
  questionnaire: z.object({ answered: z.boolean(), at: isoTime.nullable() }),
})
export type Overview = z.infer<typeof Overview>

export const well = readOnly(
  health('/v1/well', 'Health overview of a day: steps, mileage, calories, heart rate, sleep', { date: day }, Overview),
)

// ---------------------------------------------------------------- questionnaire (PAR-Q+)

export const QUESTIONNAIRE_ANSWERS = ['yes', 'no'] as const
export const Questionnaire = z.object({
  /** PAR-Q+ general health questions, in the request's language. */
  title: z.string(),
  questions: z.array(z.object({ id: z.number().int(), text: z.string() })),
  latest: z
    .object({
      answers: z.array(z.enum(QUESTIONNAIRE_ANSWERS)),
      at: isoTime,
      /** `clear`: all no, ready to become more active; `consult`: a yes, see a doctor first. */
      result: z.enum(['clear', 'consult']),
      advice: z.string(),
    })
    .nullable(),
})
export type Questionnaire = z.infer<typeof Questionnaire>

export const wellInfo = readOnly(
  health('/v1/wellinfo', 'The health questionnaire (PAR-Q+) and the latest answers', {}, Questionnaire),
)
/**
 * `answers[i]` answers question i: `yes` or `no`. Fewer answers than questions, or an empty
 * one, answers `QUESTIONNAIRE_INCOMPLETE` ('Please select all the questions.').
 */
export const wellInfoUp = health(
  '/v1/wellinfoup',
  'Submit the health questionnaire',
  { answers: optional(z.array(text(3)).max(20)) },
  Questionnaire,
)

// ---------------------------------------------------------------- physical fitness

export const FitnessReport = z.object({
  active: z.boolean(),
  redeemed_at: isoTime.nullable(),
  valid_until: isoTime.nullable(),
  /** Days a redemption stays valid. */
  valid_days: z.number().int(),
  /** Points one redemption costs; null when the shop offers none. */
  price: z.number().int().nullable(),
  /** The user's points now. */
  points: z.number().int(),
  /** Days with a resting heart rate in the analysis window, known before redeeming. */
  data_days: z.number().int(),
  /** Present while active. */
  report: z
    .object({
      age: nullableInt,
      sex: z.enum(['male', 'female', '']),
      hr_max: bpm,
      /** Average of the daily resting heart rates over the last 14 days; null without data. */
      hr_rest: nullableInt,
      /** ml/kg/min, one decimal; null without a resting heart rate. */
      vo2max: z.number().nullable(),
      level: z.enum(FITNESS_LEVELS).nullable(),
      /** Days with heart-rate data behind the figures. */
      days: z.number().int(),
      /**
       * The inputs of VO2max: each value, where it came from, and how much one bpm more moves
       * VO2max (ml/kg/min, two decimals; null without a VO2max).
       */
      inputs: z.array(
        z.object({
          input: z.enum(['hr_max', 'hr_rest']),
          value: nullableInt,
          source: z.enum(['profile', 'age', 'default_age', 'resting_days']),
          per_bpm: z.number().nullable(),
        }),
      ),
      /**
       * The method: Uth–Sørensen–Overgaard–Pedersen (2004), VO2max = 15.3 × HRmax / HRrest, with
       * its confidence and the range it implies (ml/kg/min, one decimal; null without a VO2max).
       */
      method: z.object({
        name: z.string(),
        formula: z.string(),
        confidence: z.enum(['low', 'medium', 'high']),
        range: z.tuple([z.number(), z.number()]).nullable(),
        /** The method, its inputs and its confidence in words, in the request's language. */
        text: z.string(),
      }),
    })
    .nullable(),
})
export type FitnessReport = z.infer<typeof FitnessReport>

/** Beyond the spec: reads the physical-fitness analysis (locked until redeemed). */
export const fitness = health(
  '/v1/fitness',
  'The physical-fitness analysis: VO2max, resting heart rate, level',
  {},
  FitnessReport,
)
/** Redeeming the physical-fitness analysis costs points (the shop's purchase, in one transaction). */
/** Idempotent like a shop purchase: a repeat of the same request_id redeems once. */
export const exchangeFitness = {
  ...health(
    '/v1/exchange_fitness',
    "Redeem the physical-fitness analysis with points (the shop's analysis good); answers the report",
    { request_id: required(64) },
    FitnessReport,
  ),
  idempotencyKey: 'request_id' as const,
}

// ---------------------------------------------------------------- heart rate

/**
 * Raw readings (per-second heart rate, blood pressure, SpO2) are kept `days` whole days; minute
 * and day figures for ever. A report over days before `from` (the first local day kept complete)
 * lacks their readings: the page says so.
 */
export const RawKept = z.object({ from: localDate, days: z.number().int() })
export type RawKept = z.infer<typeof RawKept>

export const HeartRateReport = z.object({
  date: localDate,
  /** HRmax used for the zones: the profile's `hr_zone`, else 220 − age (age 30 when unknown). */
  hr_max: bpm,
  summary: HeartSummary,
  /** Minutes of the day whose average falls in each zone (% of HRmax: 50–60–70–80–90–100+). */
  zones: z.array(z.object({ zone: z.enum(HR_ZONES), min_bpm: bpm, max_bpm: bpm, minutes: z.number().int() })),
  /** One point per minute with data: the minute's local time and its average, min and max. */
  series: z.array(z.object({ time: z.string(), avg: bpm, min: bpm, max: bpm })),
  blood_pressure: z.array(BloodPressure),
  spo2: z.array(Spo2),
  raw_kept: RawKept,
})
export type HeartRateReport = z.infer<typeof HeartRateReport>

export const heartRate = readOnly(
  health(
    '/v1/heartrate',
    'Heart rate of a day: zones, per-minute record, blood pressure and SpO2',
    { date: day },
    HeartRateReport,
  ),
)

// ---------------------------------------------------------------- sleep

export const SLEEP_SCORE_INPUTS = ['duration', 'deep_share', 'rem_share', 'efficiency'] as const
/**
 * One input of the sleep score: its value (asleep minutes, or a percent with one decimal), the
 * value that earns full points, and the points it gave (one decimal) of its maximum.
 */
export const SleepScoreInput = z.object({
  input: z.enum(SLEEP_SCORE_INPUTS),
  value: z.number(),
  target: z.number(),
  points: z.number(),
  max_points: z.number().int(),
})

/**
 * A night not ended yet: its first stage's start, its last stage's end and the minutes asleep so
 * far. It is scored once no stage has come for `ends_after_min` after the last.
 */
export const NightInProgress = z.object({
  start: isoTime,
  last_at: isoTime,
  asleep_min: z.number().int(),
  ends_after_min: z.number().int(),
})
export type NightInProgress = z.infer<typeof NightInProgress>

export const SleepReport = z.object({
  date: localDate,
  /** The night once it has ended; null without one or while it is in progress. */
  sleep: SleepSummary.nullable(),
  /** The night while it is in progress (then `sleep` is null and nothing is scored). */
  in_progress: NightInProgress.nullable(),
  /** What the score is made of; empty without a night. The points add up to the score (rounded). */
  score_inputs: z.array(SleepScoreInput),
  /** How the score is computed, in the request's language. */
  score_method: z.string(),
  /** The night's stages in time order. */
  stages: z.array(z.object({ stage: z.enum(SLEEP_STAGES), start: isoTime, end: isoTime, minutes: z.number().int() })),
})
export type SleepReport = z.infer<typeof SleepReport>

/** Beyond the spec: the sleep report of the night that ends on `date`. */
export const sleep = readOnly(
  health('/v1/sleep', 'Sleep of a night: stages, duration, score', { date: day }, SleepReport),
)

// ---------------------------------------------------------------- weekly

export const WeekTotals = z.object({
  steps: z.number().int(),
  distance_m: z.number().int(),
  calories: z.number().int(),
  active_minutes: z.number().int(),
  workouts: z.number().int(),
  workout_minutes: z.number().int(),
  sleep_min: z.number().int(),
})
export const WeekSummary = z.object({
  /** Monday and Sunday of the week, local days. */
  week_start: localDate,
  week_end: localDate,
  totals: WeekTotals,
  /** Days on which all three daily goals were met. */
  goal_days: z.number().int(),
  /** Days with any data. */
  days_with_data: z.number().int(),
})
export type WeekSummary = z.infer<typeof WeekSummary>

export const WEEK_METRICS = ['steps', 'active_minutes', 'sleep_min', 'hr_resting'] as const
export type WeekMetric = (typeof WEEK_METRICS)[number]
/**
 * One weekly figure and what moved it. `value`: the week's mean per day with data — steps and
 * active minutes a day (over the days with steps), asleep minutes a night (sleep_min), daily
 * resting heart rate (hr_resting); null without data. `baseline`: the same mean over the days
 * with data of the 4 weeks before this one; null when fewer than 2 of those weeks have data.
 */
export const WeekDriver = z.object({
  metric: z.enum(WEEK_METRICS),
  value: nullableInt,
  last_week: nullableInt,
  baseline: nullableInt,
  /** Percent change against last week and against the baseline; null when that base is missing or 0. */
  change_pct: nullableInt,
  baseline_pct: nullableInt,
  /**
   * The days that moved it most: each day against the same weekday last week (both with data),
   * up to two, largest move first, in the direction of the week's change.
   */
  days: z.array(
    z.object({ date: localDate, value: z.number().int(), last_week: z.number().int(), delta: z.number().int() }),
  ),
  /** hr_resting only: least-squares slope over the week's days, bpm per week, one decimal. */
  trend_bpm_per_week: z.number().nullable(),
  /** The change and its drivers in words, in the request's language. */
  text: z.string(),
})
export type WeekDriver = z.infer<typeof WeekDriver>

export const WeeklyReport = WeekSummary.extend({
  days: z.array(
    DayTotals.extend({
      sleep_min: z.number().int(),
      sleep_score: nullableInt,
      hr_avg: nullableInt,
      hr_resting: nullableInt,
      goal_met: z.boolean(),
    }),
  ),
  /** Per day with data (null when no day had data). */
  averages: z.object({
    steps: nullableInt,
    distance_m: nullableInt,
    calories: nullableInt,
    sleep_min: nullableInt,
    sleep_score: nullableInt,
    hr_avg: nullableInt,
    hr_resting: nullableInt,
  }),
  previous: WeekTotals,
  /**
   * Percent change from the previous week of each figure's mean per day (steps, distance, calories
   * over the days with steps; sleep a night); null when either week had none.
   */
  change: z.object({
    steps: nullableInt,
    distance_m: nullableInt,
    calories: nullableInt,
    sleep_min: nullableInt,
  }),
  /** The week in plain words, in the request's language. */
  summary: z.array(z.string()),
  /** Why each figure changed, against last week and the 4-week baseline (weekly.ts). */
  drivers: z.array(WeekDriver),
  /** Workouts by type, this week and last. */
  activities: z.array(
    z.object({
      type: z.enum(WORKOUT_TYPES),
      workouts: z.number().int(),
      minutes: z.number().int(),
      last_week_workouts: z.number().int(),
      last_week_minutes: z.number().int(),
    }),
  ),
  /** Mean local bedtime (first sleep segment) of the week's nights and last week's, `HH:MM`. */
  bedtime: z.object({ avg: z.string().nullable(), last_week: z.string().nullable(), shift_min: nullableInt }),
  /** One suggestion drawn from the drivers, in the request's language. */
  suggestion: z.string(),
})
export type WeeklyReport = z.infer<typeof WeeklyReport>

/** Weeks newest first, from the current week back to the first week with data. */
export const weekly = readOnly(
  health('/v1/weekly', 'Weekly reports, newest first', { ...pageParams }, listOf(WeekSummary)),
)
/** `date`: any day of the wanted week (default: this week). */
export const weeklyInfo = health('/v1/weeklyinfo', 'One weekly report in detail', { date: day }, WeeklyReport)

// ---------------------------------------------------------------- doctor-ready PDF

export const REPORT_PERIODS = ['week', 'month'] as const
/** Blood-pressure classes (ACC/AHA 2017), mmHg: see the server's formulas module. */
export const BP_CLASSES = ['normal', 'elevated', 'stage1', 'stage2', 'crisis'] as const
export type BpClass = (typeof BP_CLASSES)[number]

export const HealthPdf = z.object({
  period: z.enum(REPORT_PERIODS),
  /** First and last local day the PDF covers. */
  from: localDate,
  to: localDate,
  file_name: z.string(),
  content_type: z.literal('application/pdf'),
  /** Bytes of the PDF. */
  size: z.number().int(),
  /** The PDF, base64. */
  data: z.string(),
  /** Before `raw_kept.from` the PDF lists no blood pressure or SpO2 and says why. */
  raw_kept: RawKept,
})
export type HealthPdf = z.infer<typeof HealthPdf>

/**
 * Beyond the spec: a PDF to hand a doctor, in the request's language, for the week (Monday to
 * Sunday) or the calendar month holding `date`: heart-rate zones, resting-HR trend, blood-pressure
 * readings with their class, SpO2, sleep and workouts.
 */
export const healthPdf = health(
  '/v1/health_pdf',
  'A doctor-ready PDF of a week or a month',
  { period: optional(z.enum(REPORT_PERIODS, 'FIELD_INVALID')).default('week'), date: day },
  HealthPdf,
)

// ---------------------------------------------------------------- sports records

export const Workout = z.object({
  id: z.number().int(),
  type: z.enum(WORKOUT_TYPES),
  source: z.enum(WORKOUT_SOURCES),
  name: z.string(),
  date: localDate,
  start: isoTime,
  end: isoTime,
  duration_s: z.number().int(),
  distance_m: z.number().int(),
  steps: z.number().int(),
  calories: z.number().int(),
  /** Seconds per kilometre; null without a distance. */
  pace_s_per_km: nullableInt,
  avg_hr: nullableInt,
  max_hr: nullableInt,
  /**
   * The workout's plausibility verdict: a `rejected` workout earns nothing, a
   * `reduced` one pays its day's effort at half. Shown on the sports record, with a review to ask for.
   */
  verdict: EffortVerdict,
})
export type Workout = z.infer<typeof Workout>

export const MotionReport = listOf(Workout).extend({
  /** With `date`: that day's totals and only its workouts; without: all workouts. */
  date: localDate.nullable(),
  day: DayTotals.nullable(),
})
export type MotionReport = z.infer<typeof MotionReport>

export const motion = readOnly(
  health(
    '/v1/motion',
    'Sports records (workouts), newest first; with a date, that day only',
    { date: day, ...pageParams },
    MotionReport,
  ),
)

export const WorkoutDetail = Workout.extend({
  /** Average heart rate per minute from the start (`minute` 0 = first minute). */
  heart_rate: z.array(z.object({ minute: z.number().int(), bpm })),
  /** The route as `[lat, lon]` in time order, thinned to at most ROUTE_MAX_POINTS; empty without a track. */
  route: z.array(z.tuple([z.number(), z.number()])),
  /**
   * One split per full kilometre of the track, then the rest (over 100 m): its metres, seconds,
   * pace (s/km), and the mean heart rate and cadence of its points (null without readings).
   */
  splits: z.array(
    z.object({
      km: z.number().int(),
      distance_m: z.number().int(),
      duration_s: z.number().int(),
      pace_s_per_km: z.number().int(),
      avg_hr: nullableInt,
      cadence_spm: nullableInt,
    }),
  ),
  /** Mean steps per minute: steps ÷ minutes, else the track's cadence readings; null without either. */
  cadence_spm: nullableInt,
  /** Minutes of the heart-rate curve in each zone (as `/v1/heartrate`). */
  zones: z.array(z.object({ zone: z.enum(HR_ZONES), min_bpm: bpm, max_bpm: bpm, minutes: z.number().int() })),
})
export type WorkoutDetail = z.infer<typeof WorkoutDetail>

/** Beyond the spec: one workout with its heart-rate curve. Another user's id answers like a missing one. */
export const motionInfo = health(
  '/v1/motioninfo',
  'One sports record with its heart-rate curve',
  { id: id() },
  WorkoutDetail,
)

export const IMPORT_HR_MAX_MINUTES = 24 * 60
/** Track points an import may carry (the client thins a longer track; a request stays under 64 KiB), and route points a workout's detail answers. */
export const TRACK_MAX_POINTS = 1200
export const ROUTE_MAX_POINTS = 500
/** One track point: seconds from the start, latitude, longitude (5 decimals), then optional metres from the start, bpm and steps a minute. */
export const TRACK_POINT_RE =
  /^\d{1,5},-?\d{1,2}(\.\d{1,7})?,-?\d{1,3}(\.\d{1,7})?,(\d{1,7}(\.\d)?)?,(\d{1,3})?,(\d{1,3})?$/
/**
 * Beyond the spec: a workout imported from a GPX, TCX or FIT file. The browser parses the file
 * and posts the summary; `heart_rate` is the per-minute average from the start as comma-separated
 * bpm (`0` for a minute without a reading). Importing the same start time again, or the same
 * heart-rate sequence or track with its times shifted (health's fingerprint), stores nothing and answers the
 * stored workout with `duplicate: true`. Its `verdict` says whether and why it earns less or nothing.
 */
export const motionImport = health(
  '/v1/motion_import',
  'Import a workout parsed from a GPX, TCX or FIT file',
  {
    source: z.enum(['gpx', 'tcx', 'fit'], 'FIELD_INVALID'),
    type: optional(z.enum(WORKOUT_TYPES, 'FIELD_INVALID')).default('other'),
    name: optional(text(64)).default(''),
    /** ISO 8601 start time. */
    start: required(40),
    duration_s: int().pipe(z.number().min(60, 'FIELD_INVALID').max(86_400, 'FIELD_INVALID')),
    distance_m: optional(int().pipe(z.number().min(0, 'FIELD_INVALID').max(1_000_000, 'FIELD_INVALID'))).default(0),
    steps: optional(int().pipe(z.number().min(0, 'FIELD_INVALID').max(200_000, 'FIELD_INVALID'))).default(0),
    heart_rate: optional(
      z
        .string()
        .max(IMPORT_HR_MAX_MINUTES * 4, 'FIELD_TOO_LONG')
        .regex(/^\d{1,3}(,\d{1,3})*$/, 'FIELD_INVALID'),
    ).default(''),
    /**
     * The track: points separated by `;`, each `t,lat,lon,distance,hr,cadence` (TRACK_POINT_RE:
     * the last three may be empty), in time order. Gives the detail its route and splits; without
     * heart rate it makes the fingerprint; exports write it as GPX and TCX.
     */
    track: optional(
      z
        .string()
        .max(TRACK_MAX_POINTS * 40, 'FIELD_TOO_LONG')
        .refine((v) => v.split(';').every((point) => TRACK_POINT_RE.test(point)), 'FIELD_INVALID'),
    ).default(''),
  },
  WorkoutDetail.extend({ duplicate: z.boolean() }),
)

// ---------------------------------------------------------------- daily goal

export const Goal = z.object({
  step: z.number().int(),
  calorie: z.number().int(),
  /** metres */
  distance: z.number().int(),
  /** Today's progress against it. */
  progress: GoalProgress,
  today: DayTotals,
})
export type Goal = z.infer<typeof Goal>

export const target = readOnly(
  health('/v1/target', 'The daily goal (steps, calories, distance) and today’s progress', {}, Goal),
)
const goalValue = (
  key: keyof typeof GOAL_LIMITS,
  code: 'GOAL_STEP_RANGE' | 'GOAL_CALORIE_RANGE' | 'GOAL_DISTANCE_RANGE',
) => int().pipe(z.number().min(GOAL_LIMITS[key].min, code).max(GOAL_LIMITS[key].max, code))
export const targetPost = health(
  '/v1/targetpost',
  'Set the daily goal',
  {
    step: goalValue('step', 'GOAL_STEP_RANGE'),
    calorie: goalValue('calorie', 'GOAL_CALORIE_RANGE'),
    distance: goalValue('distance', 'GOAL_DISTANCE_RANGE'),
  },
  Goal,
)

// ---------------------------------------------------------------- authorizations

export const AUTHORIZATION_KINDS = ['exercise', 'sleep', 'heart_rate'] as const
export const Authorizations = z.object({
  exercise: z.boolean(),
  sleep: z.boolean(),
  heart_rate: z.boolean(),
  updated_at: isoTime.nullable(),
})
export type Authorizations = z.infer<typeof Authorizations>

const toggle = optional(z.enum(['0', '1'], 'FIELD_INVALID'))
/** Reads the authorizations; any toggle sent (`1` agree, `0` withdraw) is saved first. Default: none given. */
export const authorize = health(
  '/v1/authorize',
  'Data-use authorizations: exercise, sleep, heart rate',
  { exercise: toggle, sleep: toggle, heart_rate: toggle },
  Authorizations,
)

export * from './health-history.ts'

// ---------------------------------------------------------------- own your data

/**
 * `GET` this path with `from`, `to` (local days, the samples' range) and `account` (the
 * signed-in account's id, as `X-Account` would name it): a zip streamed to the signed-in user
 * only — `days.csv` (every day's totals), `samples/*.csv` (the range's raw samples),
 * `workouts/workouts.csv` with each workout as GPX and TCX, `profile.json` and `kinetic-export.json`.
 */
export const HEALTH_EXPORT_PATH = '/v1/health/export'
/** The longest range of samples one export holds, days. */
export const EXPORT_MAX_DAYS = 3 * 366
/** Most bytes an import may unpack to (zip entries together). */
export const IMPORT_MAX_UNPACKED_BYTES = 200 * 1024 * 1024
export const IMPORT_KINDS = ['kinetic', 'gadgetbridge', 'garmin', 'huawei'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

const Counts = z.object({
  heart_rate: z.number().int(),
  steps: z.number().int(),
  sleep: z.number().int(),
  blood_pressure: z.number().int(),
  spo2: z.number().int(),
  workouts: z.number().int(),
})
export const ImportResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** What was new and stored. */
  added: Counts,
  /** What the account had already (a second import adds nothing). */
  duplicate: Counts,
  /** Heart rate, steps, blood pressure and SpO2 older than the raw data kept (RAW_RETENTION_DAYS): not stored. */
  expired: Counts,
  /** Local days whose figures changed, oldest first. */
  days: z.array(localDate),
  /** False for a Kinetic export (it never earns); else whether EARN's window was told. */
  earns: z.boolean(),
})
export type ImportResult = z.infer<typeof ImportResult>

/**
 * Imports health history from one file (multipart/form-data with `file`, ≤ 5 MiB packed,
 * ≤ IMPORT_MAX_UNPACKED_BYTES unpacked): a Kinetic export zip, a Gadgetbridge database (SQLite,
 * or zipped), Garmin FIT files (one, or a zip of them as Garmin exports them) or a Huawei Health
 * export (its `motion path detail data.json`, or the zip holding it). The kind is told by the
 * bytes. Keyed like the watch's samples: a second import adds nothing. All or nothing.
 */
export const healthImport = method('/v1/health_import', {
  feature: 'health',
  summary: 'Import health history: a Kinetic export, a Gadgetbridge database, Garmin FIT or Huawei Health files',
  auth: true,
  params: none,
  result: ImportResult,
})
