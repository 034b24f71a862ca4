import { summarize } from './track'
import { byName, numberIn, parseXml, timeIn } from './xml'
import { sportOf, WorkoutFileError, type ImportedWorkout, type TrackPoint } from './workoutTypes'

/**
 * GPX 1.1: track points (`trkpt lat lon` with `time`) of every segment, heart rate from
 * Garmin's TrackPointExtension (`gpxtpx:hr`) or any `hr`/`heartrate` extension; the sport
 * from the track's `type`. GPX states no totals: distance is the haversine sum.
 */
export function parseGpx(text: string): ImportedWorkout {
  const doc = parseXml(text)
  if (doc.documentElement.localName !== 'gpx') throw new WorkoutFileError('unreadable')
  const points: TrackPoint[] = byName(doc, 'trkpt').map((pt) => {
    const lat = Number(pt.getAttribute('lat'))
    const lon = Number(pt.getAttribute('lon'))
    const ext = byName(pt, 'extensions')[0]
    const hr = ext && (numberIn(ext, 'hr') ?? numberIn(ext, 'heartrate'))
    return {
      lat: Number.isFinite(lat) ? lat : undefined,
      lon: Number.isFinite(lon) ? lon : undefined,
      time: timeIn(pt, 'time'),
      hr: hr || undefined,
    }
  })
  if (points.length === 0) throw new WorkoutFileError('empty')
  const track = byName(doc, 'trk')[0]
  const type = track ? Array.from(track.children).find((c) => c.localName === 'type')?.textContent : undefined
  return summarize('gpx', sportOf(type), points)
}
