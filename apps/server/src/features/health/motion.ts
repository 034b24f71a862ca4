import { deviceApi, health as h, type Params } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { pickDay, today } from './dates.ts'
import { dayTotals } from './day-stats.ts'
import { hrMax, paceSPerKm, weightKg, workoutCalories, type Profile } from './formulas.ts'
import { cadenceOf, parseTrack, splitsOf, thinRoute, workoutZones } from './workout-detail.ts'
import { healthRepo, type HealthRepo, type WorkoutRow } from './health.repo.ts'
import type { TrackRow } from './health.tables.ts'
import { effortReads } from './effort.ts'
import { lockUserHealth } from './ingest.ts'
import type { HealthHooks } from './hooks.ts'
import { ingestRepo } from './ingest.repo.ts'
import { rollImportsIntoDays } from './imported.ts'
import { fingerprint } from './plausibility.ts'
import { claimImport, rollClaimed } from './claims.ts'

function toWorkout(row: WorkoutRow, profile: Profile & { timeZone: string }, verdict: h.EffortVerdict): h.Workout {
  const durationS = Math.round((row.endAt.getTime() - row.startAt.getTime()) / 1000)
  const series = (row.hrSeries ?? []).filter((b) => b > 0)
  const type = row.type as h.WorkoutType
  return {
    id: row.id,
    type,
    source: row.source as h.Workout['source'],
    name: row.name,
    date: today(profile.timeZone, row.startAt),
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    duration_s: durationS,
    distance_m: row.distanceM,
    steps: row.steps,
    calories: workoutCalories(type, durationS, row.distanceM, weightKg(profile)),
    pace_s_per_km: paceSPerKm(durationS, row.distanceM),
    avg_hr: series.length
      ? Math.round(series.reduce((s, b) => s + b, 0) / series.length)
      : row.hrAvg === null
        ? null
        : Math.round(row.hrAvg),
    max_hr: series.length ? Math.max(...series) : row.hrMax,
    verdict,
  }
}

/** Sports records: workouts from the watch and imported files. */
export function motionReports(db: Db, repo: HealthRepo, hooks?: Pick<HealthHooks, 'daysChanged'>) {
  const effort = effortReads(db)

  async function detail(userId: number, id: number): Promise<h.WorkoutDetail> {
    const row = await repo.workout(userId, id)
    if (!row) throw new AppError('WORKOUT_NOT_FOUND', { field: 'id' })
    const profile = await repo.profile(userId)
    const first = Math.floor(row.startAt.getTime() / 60_000)
    const heart_rate = row.hrSeries
      ? row.hrSeries.flatMap((bpm, minute) => (bpm > 0 ? [{ minute, bpm }] : []))
      : (await repo.heartRateBetween(userId, row.startAt, row.endAt)).map((m) => ({
          minute: Math.floor(m.minute.getTime() / 60_000) - first,
          bpm: Math.round(m.hrSum / m.hrCount),
        }))
    const verdict = (await effort.workouts(userId, [row], profile)).get(row.id)!
    const workout = toWorkout(row, profile, verdict)
    const track = await repo.track(row.id)
    return {
      ...workout,
      heart_rate,
      route: thinRoute(track),
      splits: splitsOf(track),
      cadence_spm: cadenceOf(row.steps, workout.duration_s, track),
      zones: workoutZones(heart_rate, hrMax(profile, workout.date)),
    }
  }

  return {
    async motion(userId: number, date: string | undefined, page: number, limit: number): Promise<h.MotionReport> {
      const profile = await repo.profile(userId)
      const day = date === undefined ? null : pickDay(date, profile.timeZone)
      const { rows, total } = await repo.workouts(userId, profile.timeZone, day, page, limit)
      const [[dayRow], verdicts] = await Promise.all([
        day ? repo.days(userId, day, day) : [],
        effort.workouts(userId, rows, profile),
      ])
      return {
        list: rows.map((r) => toWorkout(r, profile, verdicts.get(r.id)!)),
        total,
        page,
        limit,
        date: day,
        day: day ? dayTotals(day, dayRow, profile) : null,
      }
    },

    motionInfo: detail,

    async importWorkout(userId: number, p: Params<typeof h.motionImport>) {
      const start = new Date(p.start)
      if (Number.isNaN(start.getTime()) || start.getTime() > Date.now() + deviceApi.DEVICE_FUTURE_TOLERANCE_S * 1000)
        throw new AppError('FIELD_INVALID', { field: 'start' })
      const series = p.heart_rate ? p.heart_rate.split(',').map(Number) : []
      if (series.length > Math.ceil(p.duration_s / 60) || series.some((b) => b !== 0 && (b < 25 || b > 250)))
        throw new AppError('FIELD_INVALID', { field: 'heart_rate' })
      const track = parseTrack(p.track, p.duration_s)
      const startAt = new Date(Math.floor(start.getTime() / 1000) * 1000)
      const stored = await db.transaction(async (tx) => {
        await lockUserHealth(tx, userId)
        const { timeZone } = await healthRepo(tx).profile(userId)
        return storeImportedWorkout(tx, userId, timeZone, {
          source: p.source,
          type: p.type,
          name: p.name,
          startAt,
          endAt: new Date(startAt.getTime() + p.duration_s * 1000),
          distanceM: p.distance_m,
          steps: p.steps,
          hrSeries: series.length ? series : null,
          track: track.length ? track : null,
        })
      })
      if (!stored.duplicate) await hooks?.daysChanged(userId, [stored.day])
      await rollClaimed(db, hooks, stored.others)
      return { ...(await detail(userId, stored.id)), duplicate: stored.duplicate }
    },
  }
}

export interface ImportedWorkout {
  source: string
  type: string
  name: string
  startAt: Date
  endAt: Date
  distanceM: number
  steps: number
  hrSeries: number[] | null
  /** Stored in `workout_tracks`: the detail's route and splits, the fingerprint, the export's GPX and TCX. */
  track: TrackRow[] | null
}

/**
 * Stores an imported workout unless the user has one at the same start or with the same
 * fingerprint (the same heart-rate sequence or track, times shifted), and rolls its day, in the
 * caller's transaction (which holds `lockUserHealth`, so two copies cannot both pass). Another
 * account's copy is met at the fingerprint's claim (`claims.ts`) unless `claims` is false (a
 * restored Kinetic export, which never earns); `others` are the workouts whose claim that
 * changed, for `rollClaimed` after commit.
 */
export async function storeImportedWorkout(
  tx: Db,
  userId: number,
  timeZone: string,
  w: ImportedWorkout,
  claims = true,
): Promise<{ id: number; duplicate: boolean; day: string; others: number[] }> {
  const repo = healthRepo(tx)
  const durationS = Math.round((w.endAt.getTime() - w.startAt.getTime()) / 1000)
  const print = fingerprint({
    type: w.type as h.WorkoutType,
    durationS,
    distanceM: w.distanceM,
    hr: w.hrSeries ?? [],
    track: w.track,
  })
  const day = today(timeZone, w.startAt)
  const same = print === null ? undefined : await repo.workoutByFingerprint(userId, print)
  if (same !== undefined) return { id: same, duplicate: true, day, others: [] }
  const { track, ...facts } = w
  const inserted = await repo.insertWorkout({ userId, ...facts, fingerprint: print })
  if (inserted === undefined)
    return { id: (await repo.workoutAt(userId, w.startAt))!, duplicate: true, day, others: [] }
  if (track?.length) await repo.insertTrack(inserted, track)
  // the same workout in another account: held, or lost to a watch's recording (before the day is rolled)
  const { others } = print === null || !claims ? { others: [] } : await claimImport(tx, userId, inserted, print)
  await ingestRepo(tx).rollWorkoutsIntoDays(userId, timeZone, [day])
  await rollImportsIntoDays(tx, userId, timeZone, [day])
  return { id: inserted, duplicate: false, day, others }
}
