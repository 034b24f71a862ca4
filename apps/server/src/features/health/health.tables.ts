import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/users.tables.ts'
import type { DayEffort } from './effort.ts'

const userId = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const at = (name: string) => timestamp(name, { withTimezone: true })

// ---- raw samples, keyed so that a retried batch stores nothing twice

export const hrSamples = pgTable(
  'hr_samples',
  { userId: userId(), t: at('t').notNull(), bpm: smallint('bpm').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.t] })],
)

/** Steps counted in the minute starting at `t`. */
export const stepSamples = pgTable(
  'step_samples',
  { userId: userId(), t: at('t').notNull(), count: smallint('count').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.t] })],
)

export const bpSamples = pgTable(
  'bp_samples',
  {
    userId: userId(),
    t: at('t').notNull(),
    systolic: smallint('systolic').notNull(),
    diastolic: smallint('diastolic').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.t] })],
)

export const spo2Samples = pgTable(
  'spo2_samples',
  { userId: userId(), t: at('t').notNull(), percent: smallint('percent').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.t] })],
)

/** awake | light | deep | rem */
export const sleepSegments = pgTable(
  'sleep_segments',
  {
    userId: userId(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    stage: text('stage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.startAt] })],
)

/** Workouts from a watch or imported from a GPX/TCX/FIT file; one per start time. */
export const workouts = pgTable(
  'workouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    /** watch | gpx | tcx | fit */
    source: text('source').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    distanceM: integer('distance_m').notNull().default(0),
    steps: integer('steps').notNull().default(0),
    /** Imported workouts only: per-minute bpm from the start (0 = no reading). A watch's come from health_minutes. */
    hrSeries: smallint('hr_series').array(),
    /** Imported workouts with a heart-rate series or a track: `plausibility.ts`'s `fingerprint`, blind to absolute time. */
    fingerprint: text('fingerprint'),
    /**
     * Whether the workout earns against the same workout in other accounts (`claims.ts`): null
     * earns; `held` a later import waiting for the operator; `frozen` the earlier import under
     * review (its credit held by earning); `lost` never earned (a later import the operator
     * decided against, or an import of a workout a bound watch recorded); `revoked` earned, then
     * lost (its credit is taken back).
     */
    claim: text('claim'),
  },
  (t) => [
    uniqueIndex('workouts_user_start_key').on(t.userId, t.startAt),
    index('workouts_user_fingerprint_idx').on(t.userId, t.fingerprint),
    // the same workout in any account (the claim's lookup and the console's evidence)
    index('workouts_fingerprint_idx').on(t.fingerprint),
  ],
)

/**
 * Who earns a workout, whoever imports it: one row per fingerprint, taken by the first import or
 * by a bound watch's recording (which outranks any import). The primary key is the claim: of two
 * concurrent imports into two accounts, one inserts and the other finds it taken.
 */
export const workoutClaims = pgTable('workout_claims', {
  fingerprint: text('fingerprint').primaryKey(),
  workoutId: bigint('workout_id', { mode: 'number' })
    .notNull()
    .references(() => workouts.id, { onDelete: 'cascade' }),
  userId: userId(),
  /** The claim is a bound watch's recording: no import takes it. */
  watch: boolean('watch').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A later import of a claimed workout, held for the operator: `held_workout_id` earns nothing
 * meanwhile and `frozen_workout_id` (the claim's holder) has its credit frozen. Decided once:
 * `winner_workout_id` earns, the other never does; null when a watch's recording settled it.
 */
export const workoutDisputes = pgTable(
  'workout_disputes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fingerprint: text('fingerprint').notNull(),
    heldWorkoutId: bigint('held_workout_id', { mode: 'number' })
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    frozenWorkoutId: bigint('frozen_workout_id', { mode: 'number' })
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    /** open | decided */
    status: text('status').notNull().default('open'),
    winnerWorkoutId: bigint('winner_workout_id', { mode: 'number' }),
    /** The operator who decided (the console's; no foreign key across features). */
    decidedBy: bigint('decided_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('workout_disputes_open_idx').on(t.status, t.id), index('workout_disputes_print_idx').on(t.fingerprint)],
)

/**
 * An imported workout's track, its only storage: `[seconds from start, lat, lon, metres from
 * start | null, bpm | null, steps a minute | null]` in time order. The detail draws its route and
 * splits from it, the fingerprint reads its positions, the export writes it as GPX and TCX.
 */
export const workoutTracks = pgTable('workout_tracks', {
  workoutId: bigint('workout_id', { mode: 'number' })
    .primaryKey()
    .references(() => workouts.id, { onDelete: 'cascade' }),
  points: jsonb('points').$type<TrackRow[]>().notNull(),
})
export type TrackRow = [number, number, number, number | null, number | null, number | null]

/**
 * Raw samples (the four tables above, day partitions: docs/adr/2026-11-25-raw-retention.md) are
 * kept from `kept_from` on: the job `health.partitions` moves it forward (UTC midnight) in the
 * transaction that drops the days before it. Ingest stores no sample before it, so a sample sent
 * again after its day was dropped is not counted twice in the rollups. One row (id 1) or none.
 */
export const rawRetention = pgTable('raw_retention', {
  id: smallint('id').primaryKey(),
  keptFrom: at('kept_from').notNull(),
})

// ---- rollups, maintained in the ingest transaction; reports read only these

export const healthMinutes = pgTable(
  'health_minutes',
  {
    userId: userId(),
    minute: at('minute').notNull(),
    hrSum: integer('hr_sum').notNull().default(0),
    hrCount: integer('hr_count').notNull().default(0),
    hrMin: smallint('hr_min'),
    hrMax: smallint('hr_max'),
    steps: integer('steps').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.minute] })],
)

/** One local day (users.time_zone at ingest) per user. Sleep counts on the day the night ends. */
export const healthDays = pgTable(
  'health_days',
  {
    userId: userId(),
    day: date('day', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull().default(0),
    /** Minutes in each cadence class of the formulas module (slow, walk, brisk, run). */
    slowMinutes: integer('slow_minutes').notNull().default(0),
    walkMinutes: integer('walk_minutes').notNull().default(0),
    briskMinutes: integer('brisk_minutes').notNull().default(0),
    runMinutes: integer('run_minutes').notNull().default(0),
    hrSum: bigint('hr_sum', { mode: 'number' }).notNull().default(0),
    hrCount: integer('hr_count').notNull().default(0),
    hrMin: smallint('hr_min'),
    hrMax: smallint('hr_max'),
    /** Lowest average over 30 consecutive minutes with readings. */
    hrResting: doublePrecision('hr_resting'),
    sleepAwakeS: integer('sleep_awake_s').notNull().default(0),
    sleepLightS: integer('sleep_light_s').notNull().default(0),
    sleepDeepS: integer('sleep_deep_s').notNull().default(0),
    sleepRemS: integer('sleep_rem_s').notNull().default(0),
    sleepStart: at('sleep_start'),
    sleepEnd: at('sleep_end'),
    workouts: integer('workouts').notNull().default(0),
    workoutSeconds: integer('workout_seconds').notNull().default(0),
    /**
     * What imported workouts (GPX, TCX, FIT, Gadgetbridge, Garmin, Huawei) add to the day, only
     * over their minutes the watch recorded no steps in, each minute once (`imported.ts`).
     */
    importSteps: integer('import_steps').notNull().default(0),
    importDistanceM: integer('import_distance_m').notNull().default(0),
    importActiveMinutes: integer('import_active_minutes').notNull().default(0),
    /** Σ MET × minutes of those minutes: kcal = this × weight / 60. */
    importMetMinutes: doublePrecision('import_met_minutes').notNull().default(0),
    /** Data of this day came from importing a Kinetic export: it counts in health, never earns. */
    restored: boolean('restored').notNull().default(false),
    /**
     * The day's effort (zone minutes, workouts that count, verdict) as last judged, when its energy
     * was credited (earn's crediting job, after every change of the day's data): Home shows it
     * instead of judging every minute of the day at each read (docs/adr/2026-11-25-home-in-one-read.md).
     */
    effort: jsonb('effort').$type<DayEffort>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

// ---- the user's settings and answers

export const healthGoals = pgTable('health_goals', {
  userId: userId().primaryKey(),
  step: integer('step').notNull(),
  calorie: integer('calorie').notNull(),
  distance: integer('distance').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/**
 * Data-use consent (spec §6). Earning must read it through health's index.ts (`consentOf`): data
 * of a kind without consent earns nothing and is shared with no one.
 */
export const healthConsents = pgTable('health_consents', {
  userId: userId().primaryKey(),
  exercise: boolean('exercise').notNull().default(false),
  sleep: boolean('sleep').notNull().default(false),
  heartRate: boolean('heart_rate').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    answers: text('answers').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('questionnaire_answers_user_idx').on(t.userId, t.createdAt)],
)

/** Redemptions of the physical-fitness analysis (the shop debits the points; health grants the pass, `grantFitnessPass`). */
export const fitnessPasses = pgTable(
  'fitness_passes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    redeemedAt: at('redeemed_at').notNull().defaultNow(),
    validUntil: at('valid_until').notNull(),
  },
  (t) => [index('fitness_passes_user_idx').on(t.userId, t.validUntil)],
)
