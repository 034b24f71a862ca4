import { health } from '@kinetic/protocol'
import {
  WorkoutFileError,
  type ImportedWorkout,
  type TrackPoint,
  type WorkoutFormat,
  type WorkoutSport,
} from './workoutTypes'

/** Mean Earth radius (IUGG), m. */
export const EARTH_RADIUS_M = 6_371_008.8

const rad = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance between two points by the haversine formula, m. */
export function haversineM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The distance of a track, m: the device's cumulative distance when it recorded one (the
 * largest value), else the haversine sum over consecutive positions.
 */
export function trackDistanceM(points: readonly TrackPoint[]): number {
  const recorded = points.reduce((max, p) => (p.distanceM !== undefined && p.distanceM > max ? p.distanceM : max), -1)
  if (recorded >= 0) return recorded
  let total = 0
  let previous: { lat: number; lon: number } | undefined
  for (const p of points) {
    if (p.lat === undefined || p.lon === undefined) continue
    const here = { lat: p.lat, lon: p.lon }
    if (previous) total += haversineM(previous, here)
    previous = here
  }
  return total
}

/** Mean (rounded) and maximum of the heart-rate samples; null when there are none. */
export function heartRateStats(points: readonly TrackPoint[]): { hrAvg: number | null; hrMax: number | null } {
  const rates = points.map((p) => p.hr).filter((hr): hr is number => hr !== undefined && hr > 0)
  if (rates.length === 0) return { hrAvg: null, hrMax: null }
  return { hrAvg: Math.round(rates.reduce((s, r) => s + r, 0) / rates.length), hrMax: Math.max(...rates) }
}

/** Average heart rate (rounded) of each minute from `startMs` over `minutes`; 0 where none was read. */
export function heartRatePerMinute(points: readonly TrackPoint[], startMs: number, minutes: number): number[] {
  const length = Math.max(0, Math.min(health.IMPORT_HR_MAX_MINUTES, Math.ceil(minutes)))
  const sums = new Array<number>(length).fill(0)
  const counts = new Array<number>(length).fill(0)
  for (const p of points) {
    if (p.time === undefined || !p.hr) continue
    const minute = Math.floor((p.time - startMs) / 60_000)
    if (minute < 0 || minute >= length) continue
    sums[minute] = (sums[minute] ?? 0) + p.hr
    counts[minute] = (counts[minute] ?? 0) + 1
  }
  return sums.map((sum, i) => (counts[i] ? Math.round(sum / (counts[i] ?? 1)) : 0))
}

/** Totals the file states itself (TCX laps, FIT sessions); what is missing comes from the track. */
export type StatedTotals = {
  startTime?: number
  durationS?: number
  distanceM?: number
  hrAvg?: number
  hrMax?: number
  calories?: number
}

/** A workout from a track and the file's own totals (which win when present). */
export function summarize(
  format: WorkoutFormat,
  sport: WorkoutSport,
  points: readonly TrackPoint[],
  stated: StatedTotals = {},
): ImportedWorkout {
  const times = points.map((p) => p.time).filter((t): t is number => t !== undefined && Number.isFinite(t))
  const first = times.length ? Math.min(...times) : undefined
  const last = times.length ? Math.max(...times) : undefined
  const startTime = stated.startTime ?? first
  if (startTime === undefined || !Number.isFinite(startTime)) throw new WorkoutFileError('empty')
  const durationS = stated.durationS ?? (first !== undefined && last !== undefined ? (last - first) / 1000 : 0)
  const hr = heartRateStats(points)
  return {
    format,
    sport,
    startTime: new Date(startTime).toISOString(),
    durationS: Math.round(durationS),
    distanceM: Math.round(stated.distanceM ?? trackDistanceM(points)),
    hrAvg: stated.hrAvg !== undefined ? Math.round(stated.hrAvg) : hr.hrAvg,
    hrMax: stated.hrMax ?? hr.hrMax,
    calories: stated.calories ?? null,
    hrPerMinute: heartRatePerMinute(points, startTime, durationS / 60),
    track: trackParam(points, startTime, durationS),
  }
}

/**
 * The timed positions within the workout as `/v1/motion_import`'s `track`: seconds from the
 * start and degrees to 5 decimals; a longer track keeps every n-th point (and its last).
 */
export function trackParam(points: readonly TrackPoint[], startMs: number, durationS: number): string {
  const timed = points.flatMap((p) =>
    p.time !== undefined && p.lat !== undefined && p.lon !== undefined
      ? [{ s: Math.round((p.time - startMs) / 1000), lat: p.lat, lon: p.lon }]
      : [],
  )
  const within = timed.filter((p) => p.s >= 0 && p.s <= durationS && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180)
  const every = Math.ceil(within.length / health.IMPORT_TRACK_MAX_POINTS)
  const kept = within.filter((_, i) => i % every === 0)
  const last = within.at(-1)
  if (last && kept.at(-1) !== last) {
    if (kept.length >= health.IMPORT_TRACK_MAX_POINTS) kept.pop()
    kept.push(last)
  }
  const deg = (x: number) => String(Number(x.toFixed(5)))
  return kept.map((p) => `${p.s},${deg(p.lat)},${deg(p.lon)}`).join(';')
}
