import { deviceApi } from '@kinetic/protocol'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { claimWatchWorkouts, rollClaimed } from './claims.ts'
import type { HealthHooks } from './hooks.ts'
import { rollImportsIntoDays } from './imported.ts'
import { ingestRepo, type Stored } from './ingest.repo.ts'

const { UploadBody, SAMPLE_KINDS, DEVICE_SKEW_CORRECT_S, DEVICE_FUTURE_TOLERANCE_S, DEVICE_MAX_AGE_DAYS } = deviceApi
type Batch = ReturnType<typeof UploadBody.parse>
type Counts = deviceApi.UploadResult['accepted']

/** First key of the per-user ingest lock (two-key advisory lock: its own key space). */
const INGEST_LOCK = 7_340_401
const MAX_ERRORS = 20

/** Serialises a user's health writes (device batches, imports) in the caller's transaction. */
export const lockUserHealth = (tx: Db, userId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${INGEST_LOCK}, ${userId})`)

export type Prepared = { ok: true; batch: Batch; shiftedS: number } | { ok: false; errors: string[] }

/**
 * Checks a batch as the device API received it. Clock skew: when `sent_at` differs from the
 * server's clock by more than DEVICE_SKEW_CORRECT_S, every time is shifted by the difference.
 * Then a time beyond now + DEVICE_FUTURE_TOLERANCE_S or older than DEVICE_MAX_AGE_DAYS refuses
 * the batch. Errors name each bad sample by its path.
 */
export function prepareBatch(raw: unknown, nowS: number): Prepared {
  const parsed = UploadBody.safeParse(raw)
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.slice(0, MAX_ERRORS).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
    }
  const batch = parsed.data
  const skew = nowS - batch.sent_at
  const shiftedS = Math.abs(skew) > DEVICE_SKEW_CORRECT_S ? skew : 0
  const latest = nowS + DEVICE_FUTURE_TOLERANCE_S
  const earliest = nowS - DEVICE_MAX_AGE_DAYS * 86_400
  const errors: string[] = []
  const check = (path: string, t: number) => {
    if (errors.length >= MAX_ERRORS) return
    if (t > latest) errors.push(`${path}: in the future`)
    else if (t < earliest) errors.push(`${path}: older than ${DEVICE_MAX_AGE_DAYS} days`)
  }
  const shift = <T extends object>(items: T[] | undefined, kind: string, keys: (keyof T & string)[]) =>
    items?.map((item, i) => {
      const moved = { ...item }
      for (const key of keys) {
        const t = (item[key] as number) + shiftedS
        ;(moved as Record<string, number>)[key] = t
        check(`${kind}.${i}.${key}`, t)
      }
      return moved
    })
  const shifted: Batch = {
    sent_at: batch.sent_at,
    heart_rate: shift(batch.heart_rate, 'heart_rate', ['t']),
    steps: shift(batch.steps, 'steps', ['t'])?.map((s) => ({ ...s, t: s.t - (s.t % 60) })),
    sleep: shift(batch.sleep, 'sleep', ['start', 'end']),
    blood_pressure: shift(batch.blood_pressure, 'blood_pressure', ['t']),
    spo2: shift(batch.spo2, 'spo2', ['t']),
    workouts: shift(batch.workouts, 'workouts', ['start', 'end']),
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, batch: shifted, shiftedS }
}

/** Stores watch batches; `hooks.daysChanged` hears of the days a batch touched once it committed. */
export function ingestService(db: Db, hooks?: Pick<HealthHooks, 'daysChanged'>, rawRetentionDays?: number) {
  return {
    /**
     * Stores a prepared batch for a user and updates the rollups of every touched minute and
     * day, atomically. `admit` runs first inside the transaction (the device API locks the
     * watch's binding there, so an unbind either waits for this batch or refuses it); when it
     * answers false nothing is stored and the answer is null.
     */
    async ingest(
      userId: number,
      batch: Batch,
      admit: (tx: Db) => Promise<boolean> = async () => true,
    ): Promise<{ accepted: Counts; duplicate: Counts; expired: Counts } | null> {
      const stored = await db.transaction(async (tx) => {
        if (!(await admit(tx))) return null
        await lockUserHealth(tx, userId)
        const repo = ingestRepo(tx, rawRetentionDays)
        const tz = await repo.timeZone(userId)
        const store = async <T>(items: T[] | undefined, save: (items: T[]) => Promise<Stored>) =>
          items?.length ? save(items) : { accepted: 0, expired: 0, days: [] }
        const hr = await store(batch.heart_rate, (s) => repo.heartRate(userId, tz, s))
        const steps = await store(batch.steps, (s) => repo.steps(userId, tz, s))
        await repo.rollMinutesIntoDays(userId, tz, [...new Set([...hr.days, ...steps.days])])
        const sleep = await store(batch.sleep, (s) => repo.sleep(userId, tz, s))
        await repo.rollSleepIntoDays(userId, tz, sleep.days)
        const workouts = await store(batch.workouts, (w) => repo.workouts(userId, tz, w))
        await repo.rollWorkoutsIntoDays(userId, tz, workouts.days)
        // the watch's recording outranks any import of the same workout, in any account
        const claimed = batch.workouts?.length
          ? await claimWatchWorkouts(
              tx,
              userId,
              batch.workouts.map((w) => new Date(w.start * 1000)),
            )
          : []
        // the watch's steps now cover minutes an imported workout may have counted
        await rollImportsIntoDays(tx, userId, tz, steps.days)
        const bp = await store(batch.blood_pressure, (s) => repo.bloodPressure(userId, s))
        const spo2 = await store(batch.spo2, (s) => repo.spo2(userId, s))
        const accepted: Counts = {
          heart_rate: hr.accepted,
          steps: steps.accepted,
          sleep: sleep.accepted,
          blood_pressure: bp.accepted,
          spo2: spo2.accepted,
          workouts: workouts.accepted,
        }
        const expired: Counts = {
          heart_rate: hr.expired,
          steps: steps.expired,
          sleep: 0,
          blood_pressure: bp.expired,
          spo2: spo2.expired,
          workouts: 0,
        }
        const duplicate = Object.fromEntries(
          SAMPLE_KINDS.map((k) => [k, (batch[k]?.length ?? 0) - accepted[k] - expired[k]]),
        ) as Counts
        const days = [...new Set([...hr.days, ...steps.days, ...sleep.days, ...workouts.days])]
        return { accepted, duplicate, expired, days, claimed }
      })
      if (!stored) return null
      const { days, claimed, ...counts } = stored
      if (days.length) await hooks?.daysChanged(userId, days)
      await rollClaimed(db, hooks, claimed)
      return counts
    },
  }
}
export type IngestService = ReturnType<typeof ingestService>
