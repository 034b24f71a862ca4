import { deviceApi, health as h } from '@kinetic/protocol'
import { unzipSync } from 'fflate'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { ExportProfile } from './data.repo.ts'
import type { ImportedWorkout } from './motion.ts'

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
 * Unpacks a zip, and the zips inside it one level deep (Garmin nests its uploaded files), refusing
 * more than IMPORT_MAX_UNPACKED_BYTES in all before inflating anything past the limit.
 */
export function unpack(bytes: Uint8Array): Entries {
  const entries: Entries = new Map()
  let total = 0
  const open = (data: Uint8Array, prefix: string, depth: number) => {
    let files: Record<string, Uint8Array>
    try {
      files = unzipSync(data, {
        filter: (f) => {
          total += f.originalSize
          if (total > h.IMPORT_MAX_UNPACKED_BYTES) throw new AppError('IMPORT_TOO_LARGE', { field: 'file' })
          return !f.name.endsWith('/')
        },
      })
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('IMPORT_ARCHIVE_BROKEN', { field: 'file' })
    }
    for (const [name, content] of Object.entries(files)) {
      if (depth === 0 && name.toLowerCase().endsWith('.zip') && isZip(content)) open(content, `${prefix}${name}/`, 1)
      else entries.set(`${prefix}${name}`, content)
    }
  }
  open(bytes, '', 0)
  return entries
}

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

/** Flattened [seconds from start, lat, lon, …] of positions within the workout, at most IMPORT_TRACK_MAX_POINTS. */
export function flatTrack(
  points: { t: number; lat: number; lon: number }[],
  startS: number,
  durationS: number,
): number[] {
  const within = points.filter(
    (p) => p.t >= startS && p.t <= startS + durationS && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180,
  )
  const every = Math.ceil(within.length / h.IMPORT_TRACK_MAX_POINTS)
  const kept = within.filter((_, i) => i % every === 0)
  const round5 = (x: number) => Math.round(x * 1e5) / 1e5
  return kept.flatMap((p) => [Math.round(p.t - startS), round5(p.lat), round5(p.lon)])
}

/** Haversine sum of a track, m. */
export function trackDistanceM(points: { lat: number; lon: number }[]): number {
  const rad = (d: number) => (d * Math.PI) / 180
  let total = 0
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    const x =
      Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
      Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2
    total += 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(x)))
  }
  return Math.round(total)
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
