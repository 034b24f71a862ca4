import FitParser from 'fit-file-parser'
import { summarize, type StatedTotals } from './track'
import { sportOf, WorkoutFileError, type ImportedWorkout, type TrackPoint } from './workoutTypes'

const time = (value: unknown): number | undefined => {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isFinite(ms) ? ms : undefined
}
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/**
 * FIT (Garmin's binary format) through fit-file-parser: totals from the first session
 * (timer time, distance, calories, heart rate, sport); records for what a file without a
 * session leaves out (positions in degrees, heart rate, cumulative distance).
 */
export async function parseFit(bytes: ArrayBuffer): Promise<ImportedWorkout> {
  let data
  try {
    data = await new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s' }).parseAsync(bytes)
  } catch {
    throw new WorkoutFileError('unreadable')
  }
  const points: TrackPoint[] = (data.records ?? []).map((r) => ({
    time: time(r.timestamp),
    lat: num(r.position_lat),
    lon: num(r.position_long),
    hr: num(r.heart_rate),
    distanceM: num(r.distance),
  }))
  const session = data.sessions?.[0]
  const stated: StatedTotals = {}
  if (session) {
    const entries: [keyof StatedTotals, number | undefined][] = [
      ['startTime', time(session.start_time)],
      ['durationS', num(session.total_timer_time) ?? num(session.total_elapsed_time)],
      ['distanceM', num(session.total_distance)],
      ['hrAvg', num(session.avg_heart_rate)],
      ['hrMax', num(session.max_heart_rate)],
      ['calories', num(session.total_calories)],
    ]
    for (const [key, value] of entries) if (value !== undefined) stated[key] = value
  }
  if (!session && points.length === 0) throw new WorkoutFileError('empty')
  const sport = session?.sport ?? data.sports?.[0]?.sport
  return summarize('fit', sportOf(typeof sport === 'string' ? sport : undefined), points, stated)
}
