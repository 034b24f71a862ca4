/** The files and columns of a health export (written by export.ts, read back by import-kinetic.ts). */

/** The export's own marker: its name and version say an import it is a Kinetic export. */
export const EXPORT_MANIFEST = 'kinetic-export.json'
export const EXPORT_FORMAT = 'kinetic-health-export'
export const EXPORT_VERSION = 1
export const PROFILE_FILE = 'profile.json'

export const DAY_COLUMNS = [
  'date',
  'steps',
  'distance_m',
  'calories',
  'active_minutes',
  'hr_avg',
  'hr_min',
  'hr_max',
  'hr_resting',
  'sleep_min',
  'sleep_score',
  'workouts',
  'workout_minutes',
] as const
export const SAMPLE_FILES = {
  heart_rate: { file: 'samples/heart_rate.csv', columns: ['time', 'bpm'] },
  steps: { file: 'samples/steps.csv', columns: ['minute', 'steps'] },
  blood_pressure: { file: 'samples/blood_pressure.csv', columns: ['time', 'systolic', 'diastolic'] },
  spo2: { file: 'samples/spo2.csv', columns: ['time', 'percent'] },
} as const
export const SLEEP_FILE = { file: 'samples/sleep.csv', columns: ['start', 'end', 'stage'] } as const
export const WORKOUT_FILE = {
  file: 'workouts/workouts.csv',
  columns: ['start', 'end', 'source', 'type', 'name', 'distance_m', 'steps', 'heart_rate', 'track'],
} as const
