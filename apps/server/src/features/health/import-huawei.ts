import type { health as h } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { ImportedWorkout } from './motion.ts'
import { emptyBundle, hrPerMinute, thinTrack, trackRows, type Bundle } from './import-files.ts'
import { cumulative } from './workout-detail.ts'

/** Huawei Health's `sportType` codes (as its Privacy Center export writes them). */
const SPORT: Record<number, h.WorkoutType> = {
  2: 'hike',
  3: 'cycle',
  4: 'run',
  5: 'walk',
  101: 'run',
  102: 'swim',
  103: 'cycle',
  104: 'swim',
  118: 'run',
  282: 'hike',
}

/** The export writes some maps with bare number keys (`{1.0: 461.0}`): quoted, it is JSON. */
const quoteNumberKeys = (text: string) => text.replace(/([{,]\s*)(-?\d+(?:\.\d+)?)\s*:/g, '$1"$2":')

/** A Huawei Health export's JSON: a list of activities, `{data: [...]}` or items holding `motionPathData`. */
export function isHuaweiJson(text: string): boolean {
  return /"sportType"\s*:/.test(text) && /"startTime"\s*:/.test(text)
}

type Activity = {
  sportType?: number
  startTime?: number
  endTime?: number
  totalTime?: number
  totalDistance?: number
  totalSteps?: number
  attribute?: string | null
}

/**
 * Huawei Health's "motion path detail data" JSON (Privacy Center → Request your data): each
 * activity becomes a workout — sport, start, `totalTime` (ms), distance, steps — with the
 * positions (`tp=lbs;…;lat=;lon=;t=`, Huawei's pause markers lat 90/lon −80 and 0/0 dropped) and
 * heart rate (`tp=h-r;k=<ms>;v=<bpm>`) of its `attribute` track detail.
 */
export function readHuawei(texts: { name: string; text: string }[]): Bundle {
  const bundle = emptyBundle('huawei')
  for (const { name, text } of texts) {
    let parsed: unknown
    try {
      parsed = JSON.parse(quoteNumberKeys(text))
    } catch {
      throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
    }
    const top = Array.isArray(parsed) ? parsed : ((parsed as { data?: unknown })?.data ?? [])
    if (!Array.isArray(top)) throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
    const activities: Activity[] = top.flatMap((item: unknown) =>
      Array.isArray((item as { motionPathData?: unknown })?.motionPathData)
        ? (item as { motionPathData: Activity[] }).motionPathData
        : [item as Activity],
    )
    for (const a of activities) {
      // a track detail that is not text is a file this reader does not know
      if (a?.attribute !== undefined && a.attribute !== null && typeof a.attribute !== 'string')
        throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
      const workout = activityOf(a)
      if (workout) bundle.workouts.push(workout)
    }
  }
  return bundle
}

function activityOf(a: Activity): ImportedWorkout | null {
  if (typeof a?.startTime !== 'number' || !Number.isFinite(a.startTime) || Math.abs(a.startTime) > 8.64e15) return null
  const start = Math.floor(a.startTime / 1000)
  const durationS = Math.round(
    typeof a.totalTime === 'number'
      ? a.totalTime / 1000
      : typeof a.endTime === 'number'
        ? (a.endTime - a.startTime) / 1000
        : 0,
  )
  if (durationS < 60 || durationS > 86_400) return null
  const detail = (a.attribute ?? '').split('&&HW_EXT_TRACK_SIMPLIFY@is')[0]!.replace('HW_EXT_TRACK_DETAIL@is', '')
  const positions: { t: number; lat: number; lon: number }[] = []
  const readings: { t: number; bpm: number }[] = []
  for (const line of detail.split(/\\n|[\r\n]+/)) {
    const fields = Object.fromEntries(
      line
        .split(';')
        .map((kv) => kv.split('='))
        .filter((kv) => kv.length === 2),
    ) as Record<string, string>
    const seconds = (raw: string | undefined) => {
      const v = Number(raw)
      return v > 100_000_000_000 ? v / 1000 : v
    }
    if (fields.tp === 'lbs') {
      const lat = Number(fields.lat)
      const lon = Number(fields.lon)
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 90 && lon === -80) || (lat === 0 && lon === 0))
        continue
      positions.push({ t: seconds(fields.t), lat, lon })
    } else if (fields.tp === 'h-r') readings.push({ t: seconds(fields.k), bpm: Number(fields.v) })
  }
  const series = hrPerMinute(readings, start, durationS)
  // a position's heart rate is its minute's (Huawei records the two apart)
  const track = trackRows(
    positions.map((p) => ({ ...p, hr: series[Math.floor((p.t - start) / 60)] || null })),
    start,
    durationS,
  )
  return {
    source: 'huawei',
    type: SPORT[a.sportType ?? -1] ?? 'other',
    name: '',
    startAt: new Date(start * 1000),
    endAt: new Date((start + durationS) * 1000),
    distanceM: Math.min(
      1_000_000,
      Math.round(typeof a.totalDistance === 'number' ? a.totalDistance : (cumulative(track).at(-1) ?? 0)),
    ),
    steps: Math.min(200_000, typeof a.totalSteps === 'number' ? Math.round(a.totalSteps) : 0),
    hrSeries: series.some((b) => b > 0) ? series : null,
    track: track.length ? thinTrack(track) : null,
  }
}
