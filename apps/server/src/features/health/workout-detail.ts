/**
 * A workout's detail from its track (ADR 2026-11-24-workout-detail): the route thinned for an SVG
 * polyline, splits per kilometre, cadence and heart-rate zones. Pure functions over stored rows.
 */
import { health as h } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'
import { zoneBounds, zoneOf } from './formulas.ts'
import type { TrackRow } from './health.tables.ts'

/** Mean Earth radius (IUGG), m. */
const EARTH_RADIUS_M = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180
/** Great-circle distance by the haversine formula, m. */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

/**
 * Parses a track in the contract's text form (`/v1/motion_import`'s `track`, an export's
 * `workouts.csv`): each point TRACK_POINT_RE, at most TRACK_MAX_POINTS, times within the workout
 * and never going back, positions on the globe.
 */
export function parseTrack(text: string, durationS: number): TrackRow[] {
  if (!text) return []
  if (!text.split(';').every((p) => h.TRACK_POINT_RE.test(p))) throw new AppError('FIELD_INVALID', { field: 'track' })
  const opt = (x: string | undefined) => (x === undefined || x === '' ? null : Number(x))
  const points = text.split(';').map((p): TrackRow => {
    const [t, lat, lon, d, hr, cad] = p.split(',')
    return [Number(t), Number(lat), Number(lon), opt(d), opt(hr), opt(cad)]
  })
  const bad = points.some(
    ([t, lat, lon], i) =>
      Math.abs(lat) > 90 || Math.abs(lon) > 180 || t > durationS || (i > 0 && t < points[i - 1]![0]),
  )
  if (bad || points.length > h.TRACK_MAX_POINTS) throw new AppError('FIELD_INVALID', { field: 'track' })
  return points
}

/** A track in the text form `parseTrack` reads (an empty field for each unknown value). */
export function encodeTrack(points: readonly TrackRow[]): string {
  return points.map((p) => p.map((x) => (x === null ? '' : String(x))).join(',')).join(';')
}

/** Metres from the start at each point: the recorded distance when every point has one, else the haversine sum. */
export function cumulative(points: readonly TrackRow[]): number[] {
  if (points.length > 0 && points.every((p) => p[3] !== null)) return points.map((p) => p[3]!)
  let total = 0
  return points.map((p, i) => {
    const q = points[i - 1]
    if (q) total += haversineM(q[1], q[2], p[1], p[2])
    return total
  })
}

/** At most `max` points, evenly picked, first and last kept. */
export function thinRoute(points: TrackRow[], max = h.ROUTE_MAX_POINTS): [number, number][] {
  const step = Math.max(1, (points.length - 1) / (max - 1))
  const picked: [number, number][] = []
  for (let i = 0; i < points.length - 1; i += step) picked.push([points[Math.floor(i)]![1], points[Math.floor(i)]![2]])
  const last = points.at(-1)
  if (last) picked.push([last[1], last[2]])
  return picked.slice(-max)
}

const meanOrNull = (xs: number[]) => (xs.length ? Math.round(xs.reduce((s, x) => s + x, 0) / xs.length) : null)

/** A split's remainder counts from this many metres. */
export const MIN_LAST_SPLIT_M = 100

/**
 * One split per full kilometre, then the rest over 100 m. A boundary's time is interpolated
 * between the points on either side; a split's HR and cadence are the means of its points.
 */
export function splitsOf(points: TrackRow[]): h.WorkoutDetail['splits'] {
  if (points.length < 2) return []
  const dist = cumulative(points)
  const total = dist.at(-1)!
  const timeAt = (m: number) => {
    const i = dist.findIndex((d) => d >= m)
    if (i <= 0) return points[Math.max(0, i)]![0]
    const [d0, d1] = [dist[i - 1]!, dist[i]!]
    const [t0, t1] = [points[i - 1]![0], points[i]![0]]
    return d1 === d0 ? t1 : t0 + ((m - d0) / (d1 - d0)) * (t1 - t0)
  }
  const splits: h.WorkoutDetail['splits'] = []
  for (let k = 0; k * 1000 < total; k++) {
    const from = k * 1000
    const to = Math.min(total, from + 1000)
    if (to - from < (to === total ? MIN_LAST_SPLIT_M : 1000)) break
    const duration = timeAt(to) - timeAt(from)
    const inside = points.filter((_, i) => dist[i]! > from && dist[i]! <= to)
    splits.push({
      km: k + 1,
      distance_m: Math.round(to - from),
      duration_s: Math.round(duration),
      pace_s_per_km: Math.round(duration / ((to - from) / 1000)),
      avg_hr: meanOrNull(inside.flatMap((p) => (p[4] ? [p[4]] : []))),
      cadence_spm: meanOrNull(inside.flatMap((p) => (p[5] ? [p[5]] : []))),
    })
  }
  return splits
}

/** Steps a minute over the workout, else the mean of the track's cadence readings. */
export function cadenceOf(steps: number, durationS: number, points: TrackRow[]): number | null {
  if (steps > 0 && durationS > 0) return Math.round(steps / (durationS / 60))
  return meanOrNull(points.flatMap((p) => (p[5] ? [p[5]] : [])))
}

/** Minutes of a per-minute heart-rate curve in each zone of HRmax. */
export function workoutZones(curve: { bpm: number }[], max: number): h.WorkoutDetail['zones'] {
  const minutes = new Map<h.HrZone, number>()
  for (const m of curve) {
    const zone = zoneOf(m.bpm, max)
    if (zone) minutes.set(zone, (minutes.get(zone) ?? 0) + 1)
  }
  return zoneBounds(max).map((z) => ({ ...z, minutes: minutes.get(z.zone) ?? 0 }))
}
