import { z } from 'zod'
import { SLEEP_STAGES, WORKOUT_TYPES } from './health.ts'

/**
 * The device API: what a bound watch speaks (plain HTTP + JSON under `/device/v1/`, not the
 * app's form-encoded operations). `docs/API.md` documents it from `DEVICE_ROUTES`.
 *
 * - `POST /device/v1/token` with the device code and activation code → a bearer token, once the
 *   watch is bound to an account. Unbinding revokes every token of that binding.
 * - `POST /device/v1/samples` with `Authorization: Bearer <token>`: one batch of samples.
 *   Times are Unix seconds (UTC). Every sample is checked; one bad sample refuses the whole
 *   batch (400, `errors` names each bad sample by path) and nothing is stored. A body over
 *   `DEVICE_BODY_LIMIT` is refused with 413. Samples are keyed (heart rate, steps, blood
 *   pressure, SpO2 by time; sleep stages and workouts by start), so a retried batch stores
 *   nothing twice: the answer counts `accepted` and `duplicate` per kind. Heart rate, steps,
 *   blood pressure and SpO2 older than the raw data the server keeps (`RAW_RETENTION_DAYS`,
 *   whole UTC days) are not stored and count as `expired`; the rest of the batch is.
 * - Clock skew: `sent_at` is the watch's clock when sending. When it differs from the server's
 *   by more than `DEVICE_SKEW_CORRECT_S`, every time in the batch is shifted by the difference
 *   (the watch's clock is wrong, not its samples' spacing) and the answer says `shifted_s`.
 *   After that, a sample more than `DEVICE_FUTURE_TOLERANCE_S` in the future, or older than
 *   `DEVICE_MAX_AGE_DAYS`, refuses the batch.
 * - Batches may arrive in any order: rollups of every touched minute and day are recomputed.
 */

export const DEVICE_BODY_LIMIT = 4 * 1024 * 1024
export const DEVICE_BATCH_MAX = 100_000
export const DEVICE_SKEW_CORRECT_S = 120
export const DEVICE_FUTURE_TOLERANCE_S = 300
export const DEVICE_MAX_AGE_DAYS = 400

const seconds = z.number().int().min(0).max(4_102_444_800)
const kinds = <T extends z.ZodType>(item: T) => z.array(item).max(DEVICE_BATCH_MAX).optional()

export const HeartRateSample = z.object({ t: seconds, bpm: z.number().int().min(25).max(250) })
/** Steps counted in the minute that starts at `t` (aligned down to the minute). */
export const StepSample = z.object({ t: seconds, count: z.number().int().min(0).max(400) })
export const SleepSample = z
  .object({ start: seconds, end: seconds, stage: z.enum(SLEEP_STAGES) })
  .refine((s) => s.end > s.start && s.end - s.start <= 6 * 3600, { message: 'end must be after start, at most 6 h' })
export const BloodPressureSample = z
  .object({ t: seconds, systolic: z.number().int().min(60).max(260), diastolic: z.number().int().min(30).max(160) })
  .refine((s) => s.systolic > s.diastolic, { message: 'systolic must be above diastolic' })
export const Spo2Sample = z.object({ t: seconds, percent: z.number().int().min(70).max(100) })
export const WorkoutSample = z
  .object({
    start: seconds,
    end: seconds,
    type: z.enum(WORKOUT_TYPES),
    distance_m: z.number().int().min(0).max(1_000_000).default(0),
    steps: z.number().int().min(0).max(200_000).default(0),
  })
  .refine((w) => w.end > w.start && w.end - w.start <= 86_400, { message: 'end must be after start, at most 24 h' })

export const SAMPLE_KINDS = ['heart_rate', 'steps', 'sleep', 'blood_pressure', 'spo2', 'workouts'] as const
export type SampleKind = (typeof SAMPLE_KINDS)[number]

export const UploadBody = z.object({
  sent_at: seconds,
  heart_rate: kinds(HeartRateSample),
  steps: kinds(StepSample),
  sleep: kinds(SleepSample),
  blood_pressure: kinds(BloodPressureSample),
  spo2: kinds(Spo2Sample),
  workouts: kinds(WorkoutSample),
})
export type UploadBody = z.input<typeof UploadBody>

const counts = z.object(
  Object.fromEntries(SAMPLE_KINDS.map((k) => [k, z.number().int()])) as Record<SampleKind, z.ZodNumber>,
)
export const UploadResult = z.object({
  accepted: counts,
  duplicate: counts,
  /** Samples older than the raw data kept: not stored (always 0 for sleep and workouts, kept for ever). */
  expired: counts,
  shifted_s: z.number().int(),
})
export type UploadResult = z.infer<typeof UploadResult>

export const TokenBody = z.object({ device_code: z.string().max(32), active_code: z.string().max(32) })
export const TokenResult = z.object({ token: z.string(), device_id: z.number().int() })
export type TokenResult = z.infer<typeof TokenResult>

/**
 * Answers use the app's envelope: `{code: true, msg, data}`, or a refusal `{code: false, msg, error}`
 * where `error` is an ErrorCode and, for SAMPLES_INVALID, `errors` lists each bad sample
 * (`heart_rate.12.bpm: ...`, at most 20).
 */
export const DeviceFailure = z.object({
  code: z.literal(false),
  error: z.string(),
  msg: z.string(),
  errors: z.array(z.string()).optional(),
})

export const DEVICE_TOKEN_PATH = '/device/v1/token'
export const DEVICE_SAMPLES_PATH = '/device/v1/samples'

export interface DeviceRoute {
  method: 'POST'
  path: string
  bearer: boolean
  summary: string
  body: z.ZodType
  result: z.ZodType
  statuses: Record<number, string>
}

export const DEVICE_ROUTES: readonly DeviceRoute[] = [
  {
    method: 'POST',
    path: DEVICE_TOKEN_PATH,
    bearer: false,
    summary: 'Exchange the device code and activation code of a bound watch for an upload token',
    body: TokenBody,
    result: TokenResult,
    statuses: {
      200: 'a new token (earlier tokens of the binding stay valid until unbound)',
      400: 'MALFORMED_BODY',
      401: 'DEVICE_CODE_INVALID: unknown device code or wrong activation code (alike)',
      403: 'DEVICE_NOT_BOUND: the watch is not bound to any account',
      429: 'RATE_LIMITED',
    },
  },
  {
    method: 'POST',
    path: DEVICE_SAMPLES_PATH,
    bearer: true,
    summary: 'Upload one batch of samples',
    body: UploadBody,
    result: UploadResult,
    statuses: {
      200: 'stored (or recognised as duplicates)',
      400: 'SAMPLES_INVALID with `errors`, or MALFORMED_BODY; nothing stored',
      401: 'DEVICE_TOKEN_INVALID: missing, unknown or revoked token; nothing stored',
      413: 'BODY_TOO_LARGE: over 4 MiB; nothing stored',
    },
  },
]
