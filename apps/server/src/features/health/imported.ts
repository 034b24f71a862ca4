import type { health } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { workoutMet } from './formulas.ts'
import { ingestRepo } from './ingest.repo.ts'

const MINUTE_MS = 60_000

export interface ImportedContribution {
  steps: number
  distanceM: number
  activeMinutes: number
  metMinutes: number
}

export interface ImportedWorkoutFacts {
  id: number
  type: string
  startAt: Date
  endAt: Date
  distanceM: number
  steps: number
}

/**
 * What imported workouts add to one local day (ADR 2026-11-24-imported-workouts-in-totals): a
 * workout counts only over its minutes in which the watch recorded no steps, and a minute two
 * imported workouts share counts for the earlier-stored one only. A workout's steps and distance
 * count in proportion to its minutes that count; each such minute is active and burns the
 * workout's MET.
 */
export function importedContribution(
  list: readonly ImportedWorkoutFacts[],
  watchMinutes: ReadonlySet<number>,
): ImportedContribution {
  const taken = new Set(watchMinutes)
  const sum: ImportedContribution = { steps: 0, distanceM: 0, activeMinutes: 0, metMinutes: 0 }
  for (const w of [...list].sort((a, b) => a.id - b.id)) {
    const first = Math.floor(w.startAt.getTime() / MINUTE_MS)
    const last = Math.ceil(w.endAt.getTime() / MINUTE_MS)
    const total = last - first
    if (total <= 0) continue
    let free = 0
    for (let k = first; k < last; k++) {
      if (taken.has(k)) continue
      taken.add(k)
      free++
    }
    const share = free / total
    const durationS = (w.endAt.getTime() - w.startAt.getTime()) / 1000
    sum.steps += Math.round(w.steps * share)
    sum.distanceM += Math.round(w.distanceM * share)
    sum.activeMinutes += free
    sum.metMinutes += workoutMet(w.type as health.WorkoutType, durationS, w.distanceM) * free
  }
  return sum
}

/** Recomputes the imported-workout columns of these local days, in the caller's transaction. */
export async function rollImportsIntoDays(tx: Db, userId: number, tz: string, days: readonly string[]) {
  const repo = ingestRepo(tx)
  for (const day of new Set(days)) {
    const list = await repo.importedWorkoutsOfDay(userId, tz, day)
    if (list.length === 0) {
      await repo.setImportedOfDay(userId, day, { steps: 0, distanceM: 0, activeMinutes: 0, metMinutes: 0 }, false)
      continue
    }
    const from = new Date(Math.min(...list.map((w) => w.startAt.getTime())))
    const to = new Date(Math.max(...list.map((w) => w.endAt.getTime())))
    const watch = new Set(
      (await repo.stepMinutesBetween(userId, from, to)).map((d) => Math.floor(d.getTime() / MINUTE_MS)),
    )
    await repo.setImportedOfDay(userId, day, importedContribution(list, watch), true)
  }
}
