import type { health } from '@kinetic/protocol'

/** What an imported workout file says, reduced to what a sports record keeps. */
export type WorkoutFormat = 'gpx' | 'tcx' | 'fit'

/** A sports record's type, as protocol names them. */
export type WorkoutSport = health.WorkoutType

export type ImportedWorkout = {
  format: WorkoutFormat
  sport: WorkoutSport
  /** ISO 8601 UTC. */
  startTime: string
  durationS: number
  distanceM: number
  hrAvg: number | null
  hrMax: number | null
  /** kcal, when the file records it. */
  calories: number | null
  /** Average heart rate of each minute from the start, 0 for a minute without a reading. */
  hrPerMinute: number[]
  /** Positions as `/v1/motion_import` takes them: `seconds from start,lat,lon` joined by `;` ('' without). */
  track: string
}

/** One point of a track, as GPX, TCX and FIT records give it (any field may be missing). */
export type TrackPoint = {
  /** Unix ms. */
  time?: number
  lat?: number
  lon?: number
  hr?: number
  /** Cumulative distance from the start, m, when the device recorded it. */
  distanceM?: number
}

/** Why a file could not be read; the import screen names the reason. */
export type WorkoutFileProblem = 'unsupported' | 'unreadable' | 'empty'

export class WorkoutFileError extends Error {
  override readonly name = 'WorkoutFileError'
  constructor(readonly problem: WorkoutFileProblem) {
    super(`workout file: ${problem}`)
  }
}

/** Free-text sport names of GPX `<type>`, TCX `Sport` and FIT `sport` mapped to ours. */
export function sportOf(name: string | undefined | null): WorkoutSport {
  const text = (name ?? '').toLowerCase()
  if (/run|jog|跑/.test(text)) return 'run'
  if (/hik|trek|mountaineer|登山|徒步/.test(text)) return 'hike'
  if (/walk|步行|走/.test(text)) return 'walk'
  if (/bik|cycl|ride|骑/.test(text)) return 'cycle'
  if (/swim|游/.test(text)) return 'swim'
  return 'other'
}
