import { deviceApi, health as h } from '@kinetic/protocol'
import type { ExportProfile } from './data.repo.ts'
import type { TrackRow } from './health.tables.ts'
import type { ImportedWorkout } from './motion.ts'
import { unzipBounded } from './unzip.ts'

/** What any import brings, in Unix seconds; samples keyed as the watch's are. */
export interface Bundle {
  kind: h.ImportKind
  heartRate: { t: number; bpm: number }[]
  steps: { t: number; count: number }[]
  sleep: { start: number; end: number; stage: string }[]
  bloodPressure: { t: number; systolic: number; diastolic: number }[]
  spo2: { t: number; percent: number }[]
  workouts: ImportedWorkout[]
  /** A Kinetic export's profile: fills what the account has not set. */
  profile?: ExportProfile
}

export const emptyBundle = (kind: h.ImportKind): Bundle => ({
  kind,
  heartRate: [],
  steps: [],
  sleep: [],
  bloodPressure: [],
  spo2: [],
  workouts: [],
})

export type Entries = Map<string, Uint8Array>

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const SQLITE_MAGIC = 'SQLite format 3\0'

export const isZip = (b: Uint8Array) => ZIP_MAGIC.every((x, i) => b[i] === x)
export const isSqlite = (b: Uint8Array) =>
  b.length >= 16 && Buffer.from(b.subarray(0, 16)).toString('latin1') === SQLITE_MAGIC
export const isFit = (b: Uint8Array) => b.length >= 12 && Buffer.from(b.subarray(8, 12)).toString('latin1') === '.FIT'

/**
 * Unpacks a zip, and the zips inside it one level deep (Garmin nests its uploaded files), counting
 * the bytes really inflated and stopping at IMPORT_MAX_UNPACKED_BYTES (IMPORT_TOO_LARGE).
 */
export const unpack = (bytes: Uint8Array): Entries => unzipBounded(bytes, h.IMPORT_MAX_UNPACKED_BYTES)

/** A minute's steps or a reading that the watch's own contract would refuse is dropped, not stored. */
export const validHr = (bpm: number) => deviceApi.HeartRateSample.shape.bpm.safeParse(bpm).success
export const validSteps = (count: number) => count > 0 && deviceApi.StepSample.shape.count.safeParse(count).success

/** Adds steps per minute (several readings of one minute are summed, then checked). */
export function stepsPerMinute(samples: { t: number; count: number }[]): { t: number; count: number }[] {
  const byMinute = new Map<number, number>()
  for (const s of samples) {
    const minute = s.t - (((s.t % 60) + 60) % 60)
    byMinute.set(minute, (byMinute.get(minute) ?? 0) + s.count)
  }
  return [...byMinute].filter(([, count]) => validSteps(count)).map(([t, count]) => ({ t, count }))
}

/** Average heart rate of each minute from `startS` over the workout's minutes (0 = none). */
export function hrPerMinute(readings: { t: number; bpm: number }[], startS: number, durationS: number): number[] {
  const minutes = Math.min(h.IMPORT_HR_MAX_MINUTES, Math.ceil(durationS / 60))
  const sums = new Array<number>(minutes).fill(0)
  const counts = new Array<number>(minutes).fill(0)
  for (const r of readings) {
    const m = Math.floor((r.t - startS) / 60)
    if (m < 0 || m >= minutes || !validHr(r.bpm)) continue
    sums[m]! += r.bpm
    counts[m]! += 1
  }
  return sums.map((s, i) => (counts[i] ? Math.round(s / counts[i]!) : 0))
}

/** A position an importer read, Unix seconds; the rest where the file records it. */
export interface ReadPoint {
  t: number
  lat: number
  lon: number
  /** Metres from the start. */
  distanceM?: number | null
  hr?: number | null
  /** Steps a minute. */
  cadence?: number | null
}

/**
 * The positions within the workout as stored tracks are (`workout_tracks`, TrackRow): seconds
 * from the start, degrees to 5 decimals, metres to 0.1, in time order; a value the contract's
 * TRACK_POINT_RE would refuse is left null, distances count from the first point. Not thinned:
 * see `thinTrack`.
 */
export function trackRows(points: readonly ReadPoint[], startS: number, durationS: number): TrackRow[] {
  const round = (x: number, k: number) => Math.round(x * k) / k
  const within = (x: number | null | undefined, max: number) =>
    typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= max ? x : null
  const kept = points
    .filter(
      (p) =>
        p.t >= startS &&
        p.t <= startS + durationS &&
        Number.isFinite(p.lat) &&
        Number.isFinite(p.lon) &&
        Math.abs(p.lat) <= 90 &&
        Math.abs(p.lon) <= 180,
    )
    .sort((a, b) => a.t - b.t)
  // a file's distance may count from before this workout (a FIT file of several sessions)
  const offset = kept[0]?.distanceM ?? 0
  return kept.map((p): TrackRow => {
    const d = within(typeof p.distanceM === 'number' ? p.distanceM - offset : null, 9_999_999)
    const hr = within(p.hr, 250)
    const cadence = within(p.cadence, 999)
    return [
      Math.min(durationS, Math.round(p.t - startS)),
      round(p.lat, 1e5),
      round(p.lon, 1e5),
      d === null ? null : round(d, 10),
      hr ? Math.round(hr) : null,
      cadence ? Math.round(cadence) : null,
    ]
  })
}

/** At most TRACK_MAX_POINTS of a track, evenly picked, the last kept. */
export function thinTrack(rows: readonly TrackRow[], max = h.TRACK_MAX_POINTS): TrackRow[] {
  if (rows.length <= max) return [...rows]
  const step = (rows.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, i) => rows[Math.round(i * step)]!)
}

/** Free-text sport names mapped to ours (the web's importer does the same for single files). */
export function sportOf(name: string | undefined | null): h.WorkoutType {
  const text = (name ?? '').toLowerCase()
  if (/run|jog/.test(text)) return 'run'
  if (/hik|trek|mountaineer/.test(text)) return 'hike'
  if (/walk/.test(text)) return 'walk'
  if (/bik|cycl|ride/.test(text)) return 'cycle'
  if (/swim/.test(text)) return 'swim'
  return 'other'
}
