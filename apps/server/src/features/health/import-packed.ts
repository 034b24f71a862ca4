import type { Bundle } from './import-files.ts'

/**
 * A Bundle as the import worker hands it over: the samples as flat Float64Arrays (`t, value…`
 * per sample), moved without a copy, so the main thread does not rebuild millions of objects at
 * once; `samples` gives them back a chunk at a time, between the database writes.
 */
export interface PackedBundle extends Pick<Bundle, 'kind' | 'sleep' | 'workouts' | 'profile'> {
  heartRate: Float64Array
  steps: Float64Array
  bloodPressure: Float64Array
  spo2: Float64Array
}

const flat = <T>(items: readonly T[], fields: readonly (keyof T)[]) => {
  const out = new Float64Array(items.length * fields.length)
  items.forEach((item, i) => fields.forEach((f, k) => (out[i * fields.length + k] = item[f] as number)))
  return out
}

export function packBundle(b: Bundle): PackedBundle {
  return {
    kind: b.kind,
    heartRate: flat(b.heartRate, ['t', 'bpm']),
    steps: flat(b.steps, ['t', 'count']),
    bloodPressure: flat(b.bloodPressure, ['t', 'systolic', 'diastolic']),
    spo2: flat(b.spo2, ['t', 'percent']),
    sleep: b.sleep,
    workouts: b.workouts,
    ...(b.profile ? { profile: b.profile } : {}),
  }
}

/** The buffers a PackedBundle's postMessage moves rather than copies. */
export const transferList = (p: PackedBundle): ArrayBuffer[] =>
  [p.heartRate, p.steps, p.bloodPressure, p.spo2].map((a) => a.buffer as ArrayBuffer)

/** How many samples of each kind, and each kind's samples as the repositories take them. */
export const SAMPLES = {
  heartRate: { width: 2, row: (a: Float64Array, i: number) => ({ t: a[i]!, bpm: a[i + 1]! }) },
  steps: { width: 2, row: (a: Float64Array, i: number) => ({ t: a[i]!, count: a[i + 1]! }) },
  bloodPressure: {
    width: 3,
    row: (a: Float64Array, i: number) => ({ t: a[i]!, systolic: a[i + 1]!, diastolic: a[i + 2]! }),
  },
  spo2: { width: 2, row: (a: Float64Array, i: number) => ({ t: a[i]!, percent: a[i + 1]! }) },
} as const

/** The samples of `kind` at or before `until` (Unix seconds), `size` at most per chunk. */
export function* sampleChunks<K extends keyof typeof SAMPLES>(
  packed: PackedBundle,
  kind: K,
  until: number,
  size: number,
): Generator<ReturnType<(typeof SAMPLES)[K]['row']>[]> {
  const { width, row } = SAMPLES[kind]
  const data = packed[kind]
  let part: ReturnType<(typeof SAMPLES)[K]['row']>[] = []
  for (let i = 0; i < data.length; i += width) {
    if (data[i]! > until) continue
    part.push(row(data, i) as ReturnType<(typeof SAMPLES)[K]['row']>)
    if (part.length === size) {
      yield part
      part = []
    }
  }
  if (part.length) yield part
}

export const sampleCount = (packed: PackedBundle, kind: keyof typeof SAMPLES): number =>
  packed[kind].length / SAMPLES[kind].width
