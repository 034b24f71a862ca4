import FitParser from 'fit-file-parser'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { ImportedWorkout } from './motion.ts'
import { emptyBundle, hrPerMinute, sportOf, thinTrack, trackRows, type Bundle } from './import-files.ts'
import { cumulative } from './workout-detail.ts'

const time = (value: unknown): number | undefined => {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isFinite(ms) ? ms / 1000 : undefined
}
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/**
 * Garmin activity FIT files (one, or every `.fit` of a Garmin export zip): each session becomes a
 * workout with its sport, timer time, distance, steps (strides × 2 where the file counts them),
 * per-minute heart rate and track from the records. A FIT file that is not an activity (daily
 * monitoring, settings) has no session and adds nothing; one that cannot be parsed refuses the import.
 */
export async function readGarmin(files: { name: string; bytes: Uint8Array }[]): Promise<Bundle> {
  const bundle = emptyBundle('garmin')
  for (const { name, bytes } of files) {
    let data
    try {
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
      data = await new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s' }).parseAsync(buffer)
    } catch {
      throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
    }
    const records = (data.records ?? []).map((r) => ({
      t: time(r.timestamp),
      lat: num(r.position_lat),
      lon: num(r.position_long),
      hr: num(r.heart_rate),
      distanceM: num(r.distance),
      // a running file's cadence counts strides (one foot) a minute
      cadence: num(r.cadence),
    }))
    for (const session of data.sessions ?? []) {
      const startS = time(session.start_time) ?? records.find((r) => r.t !== undefined)?.t
      const durationS = Math.round(num(session.total_timer_time) ?? num(session.total_elapsed_time) ?? 0)
      if (startS === undefined || durationS < 60 || durationS > 86_400) continue
      const start = Math.floor(startS)
      const readings = records.flatMap((r) => (r.t !== undefined && r.hr ? [{ t: r.t, bpm: Math.round(r.hr) }] : []))
      const type = sportOf(typeof session.sport === 'string' ? session.sport : undefined)
      const onFoot = type !== 'cycle' && type !== 'swim'
      const positions = records.flatMap((r) =>
        r.t !== undefined && r.lat !== undefined && r.lon !== undefined
          ? [{ ...r, t: r.t, lat: r.lat, lon: r.lon, cadence: onFoot && r.cadence ? r.cadence * 2 : null }]
          : [],
      )
      const series = hrPerMinute(readings, start, durationS)
      const track = trackRows(positions, start, durationS)
      const strides = num((session as Record<string, unknown>).total_strides)
      const workout: ImportedWorkout = {
        source: 'fit',
        type,
        name: name
          .replace(/^.*\//, '')
          .replace(/\.fit$/i, '')
          .slice(0, 64),
        startAt: new Date(start * 1000),
        endAt: new Date((start + durationS) * 1000),
        distanceM: Math.min(1_000_000, Math.round(num(session.total_distance) ?? cumulative(track).at(-1) ?? 0)),
        steps: Math.min(200_000, strides !== undefined && onFoot ? Math.round(strides * 2) : 0),
        hrSeries: series.some((b) => b > 0) ? series : null,
        track: track.length ? thinTrack(track) : null,
      }
      bundle.workouts.push(workout)
    }
  }
  return bundle
}
