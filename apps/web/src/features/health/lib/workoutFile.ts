import { parseGpx } from './gpx'
import { parseTcx } from './tcx'
import { WorkoutFileError, type ImportedWorkout } from './workoutTypes'

export { WorkoutFileError, type ImportedWorkout, type WorkoutFileProblem } from './workoutTypes'

/** The largest workout file read (a long FIT or GPX track is a few MB). */
export const WORKOUT_FILE_MAX_BYTES = 20 * 1024 * 1024
export const WORKOUT_FILE_ACCEPT = '.gpx,.tcx,.fit'

/**
 * Reads a GPX, TCX or FIT file in the browser. The format is told by the file's bytes (FIT's
 * ".FIT" signature at byte 8, else the XML root), not trusted from its name. The FIT parser
 * loads only when a FIT file is read.
 */
export async function parseWorkoutFile(bytes: ArrayBuffer): Promise<ImportedWorkout> {
  if (bytes.byteLength === 0) throw new WorkoutFileError('empty')
  if (bytes.byteLength > WORKOUT_FILE_MAX_BYTES) throw new WorkoutFileError('unsupported')
  if (isFit(bytes)) return (await import('./fit')).parseFit(bytes)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  const root = /<\s*([\w:.-]+)[\s>]/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1]
  const local = root?.split(':').pop()
  if (local === 'gpx') return parseGpx(text)
  if (local === 'TrainingCenterDatabase') return parseTcx(text)
  throw new WorkoutFileError('unsupported')
}

function isFit(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < 12) return false
  const header = new Uint8Array(bytes, 0, 12)
  return String.fromCharCode(header[8] ?? 0, header[9] ?? 0, header[10] ?? 0, header[11] ?? 0) === '.FIT'
}
