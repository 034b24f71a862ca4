/**
 * A workout earns once, whoever imports it (docs/adr/2026-11-28-one-workout-one-earner.md). Its
 * time-shift-free fingerprint is claimed across accounts (`workout_claims`, one row per
 * fingerprint): the first import or a bound watch's recording holds it. A watch's recording
 * outranks any import; a later import is held for the operator and the holder's credit frozen
 * (earning holds it) until the operator decides. What a person sees never names the other account.
 */
import type { health as h } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { claimsRepo, type Claim } from './claims.repo.ts'
import { today } from './dates.ts'
import type { HealthHooks } from './hooks.ts'
import { rollImportsIntoDays } from './imported.ts'
import { ingestRepo } from './ingest.repo.ts'
import { lockUserHealth } from './ingest.ts'
import { fingerprint, type Verdict } from './plausibility.ts'

export type { Claim } from './claims.repo.ts'

/** What a workout's claim makes of its verdict: held while under review, rejected once lost; null earns as judged. */
export function claimVerdict(claim: string | null): Verdict | null {
  switch (claim) {
    case 'held':
      return { verdict: 'held', reasons: ['same_workout_elsewhere'] }
    case 'frozen':
      return { verdict: 'held', reasons: ['same_workout_under_review'] }
    case 'lost':
    case 'revoked':
      return { verdict: 'rejected', reasons: ['same_workout_elsewhere'] }
    default:
      return null
  }
}

/**
 * Claims a just-inserted import's fingerprint, in the import's transaction. Answers the
 * workout's claim (null: it earns) and the other workouts whose claim changed (to roll after commit).
 */
export async function claimImport(
  tx: Db,
  userId: number,
  workoutId: number,
  print: string,
): Promise<{ claim: Claim | null; others: number[] }> {
  const repo = claimsRepo(tx)
  for (;;) {
    if (await repo.take(print, workoutId, userId, false)) return { claim: null, others: [] }
    const holder = await repo.holder(print)
    // the holder's workout was deleted meanwhile: the claim is free again
    if (!holder) continue
    if (holder.watch) {
      await repo.setClaim([workoutId], 'lost')
      return { claim: 'lost', others: [] }
    }
    await repo.setClaim([workoutId], 'held')
    await repo.openDispute(print, workoutId, holder.workoutId)
    const held = await repo.workout(holder.workoutId)
    if (held?.claim !== null) return { claim: 'held', others: [] }
    await repo.setClaim([holder.workoutId], 'frozen')
    return { claim: 'held', others: [holder.workoutId] }
  }
}

/**
 * Fingerprints the watch's workouts stored at these starts from the heart rate the watch
 * recorded over them, and claims them: a watch's recording takes the claim from an import (which
 * is revoked, and every open dispute over it settled: their later imports lost). In the batch's
 * transaction; answers the workouts whose claim changed.
 */
export async function claimWatchWorkouts(tx: Db, userId: number, starts: Date[]): Promise<number[]> {
  const repo = claimsRepo(tx)
  const changed: number[] = []
  for (const w of await repo.watchWorkoutsAt(userId, starts)) {
    if (w.fingerprint !== null) continue
    const hr = await repo.minuteHr(userId, w.startAt, new Date(Math.ceil(w.endAt.getTime() / 60_000) * 60_000))
    const print = fingerprint({
      type: w.type as h.WorkoutType,
      durationS: Math.round((w.endAt.getTime() - w.startAt.getTime()) / 1000),
      distanceM: w.distanceM,
      hr,
    })
    if (print === null) continue
    await repo.setFingerprint(w.id, print)
    if (await repo.take(print, w.id, userId, true)) continue
    const holder = await repo.holder(print)
    if (!holder) {
      await repo.take(print, w.id, userId, true)
      continue
    }
    if (holder.watch) continue
    await repo.moveClaim(print, w.id, userId, true)
    await repo.setClaim([holder.workoutId], 'revoked')
    changed.push(holder.workoutId)
    for (const d of await repo.openOf(print)) {
      await repo.decide(d.id, null, null)
      await repo.setClaim([d.heldWorkoutId], 'lost')
      changed.push(d.heldWorkoutId)
    }
  }
  return changed
}

/**
 * After a claim changed in another transaction: rolls each workout's local day under its
 * owner's health lock (so the day's totals drop or regain it) and tells earning of the day.
 */
export async function rollClaimed(db: Db, hooks: Pick<HealthHooks, 'daysChanged'> | undefined, workoutIds: number[]) {
  for (const id of new Set(workoutIds)) {
    const done = await db.transaction(async (tx) => {
      const w = await claimsRepo(tx).workout(id)
      if (!w) return undefined
      await lockUserHealth(tx, w.userId)
      const ingest = ingestRepo(tx)
      const tz = await ingest.timeZone(w.userId)
      const day = today(tz, w.startAt)
      await rollImportsIntoDays(tx, w.userId, tz, [day])
      return { userId: w.userId, day }
    })
    if (done) await hooks?.daysChanged(done.userId, [done.day])
  }
}

/**
 * The operator's decision on a dispute: `winner` (one of its two workouts) earns, the other
 * never does. Decided once: a repeat naming the same winner answers the same, another winner
 * is refused (DISPUTE_DECIDED); concurrent decisions wait on the dispute's row.
 */
export function disputes(db: Db, hooks?: Pick<HealthHooks, 'daysChanged'>) {
  return {
    async decide(id: number, winner: number, operatorId: number) {
      const changed = await db.transaction(async (tx) => {
        const repo = claimsRepo(tx)
        const d = await repo.lockDispute(id)
        if (!d) throw new AppError('DISPUTE_NOT_FOUND', { field: 'id' })
        if (winner !== d.heldWorkoutId && winner !== d.frozenWorkoutId)
          throw new AppError('FIELD_INVALID', { field: 'workout_id' })
        if (d.status === 'decided') {
          if (d.winnerWorkoutId === winner) return []
          throw new AppError('DISPUTE_DECIDED', { field: 'id' })
        }
        const heldWins = winner === d.heldWorkoutId
        const loser = heldWins ? d.frozenWorkoutId : d.heldWorkoutId
        const claim = await repo.holder(d.fingerprint)
        if (heldWins) {
          const w = await repo.workout(winner)
          if (claim && w) await repo.moveClaim(d.fingerprint, winner, w.userId, false)
          await repo.repointOpen(d.fingerprint, id, winner)
        }
        await repo.decide(id, winner, operatorId)
        await repo.setClaim([loser], heldWins ? 'revoked' : 'lost')
        await repo.setClaim([winner], (await repo.stillFrozen(winner)) ? 'frozen' : null)
        return [winner, loser]
      })
      await rollClaimed(db, hooks, changed)
      return { id, winner }
    },

    open: (page: number, limit: number) => claimsRepo(db).open(page, limit),
  }
}
export type Disputes = ReturnType<typeof disputes>
