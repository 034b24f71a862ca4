import { summarize, type StatedTotals } from './track'
import { byName, numberIn, parseXml, timeIn } from './xml'
import { sportOf, WorkoutFileError, type ImportedWorkout, type TrackPoint } from './workoutTypes'

/**
 * TCX (Garmin Training Center v2): the first `Activity`, its `Sport`; totals from its laps
 * (time, distance and calories summed, average heart rate weighted by lap time, the highest
 * maximum); track points for what the laps leave out.
 */
export function parseTcx(text: string): ImportedWorkout {
  const doc = parseXml(text)
  if (doc.documentElement.localName !== 'TrainingCenterDatabase') throw new WorkoutFileError('unreadable')
  const activity = byName(doc, 'Activity')[0]
  if (!activity) throw new WorkoutFileError('empty')

  const points: TrackPoint[] = byName(activity, 'Trackpoint').map((tp) => {
    const position = byName(tp, 'Position')[0]
    const hr = byName(tp, 'HeartRateBpm')[0]
    return {
      time: timeIn(tp, 'Time'),
      lat: position && numberIn(position, 'LatitudeDegrees'),
      lon: position && numberIn(position, 'LongitudeDegrees'),
      hr: hr && numberIn(hr, 'Value'),
      distanceM: direct(tp, 'DistanceMeters'),
    }
  })

  const laps = byName(activity, 'Lap')
  const stated: StatedTotals = {}
  const startAttr = laps[0]?.getAttribute('StartTime')
  const start = startAttr ? Date.parse(startAttr) : NaN
  if (Number.isFinite(start)) stated.startTime = start
  const sum = (name: string) => {
    const values = laps.map((lap) => direct(lap, name)).filter((v): v is number => v !== undefined)
    return values.length ? values.reduce((s, v) => s + v, 0) : undefined
  }
  stated.durationS = sum('TotalTimeSeconds')
  stated.distanceM = sum('DistanceMeters')
  stated.calories = sum('Calories')
  const maxima = laps.map((lap) => nested(lap, 'MaximumHeartRateBpm')).filter((v): v is number => v !== undefined)
  if (maxima.length) stated.hrMax = Math.max(...maxima)
  let weighted = 0
  let weight = 0
  for (const lap of laps) {
    const avg = nested(lap, 'AverageHeartRateBpm')
    const seconds = direct(lap, 'TotalTimeSeconds')
    if (avg === undefined || !seconds) continue
    weighted += avg * seconds
    weight += seconds
  }
  if (weight > 0) stated.hrAvg = weighted / weight
  for (const key of Object.keys(stated) as (keyof StatedTotals)[]) if (stated[key] === undefined) delete stated[key]

  if (points.length === 0 && laps.length === 0) throw new WorkoutFileError('empty')
  return summarize('tcx', sportOf(activity.getAttribute('Sport')), points, stated)
}

/** A number in a direct child (lap totals, not the track points' values inside the lap). */
function direct(parent: Element, localName: string): number | undefined {
  const child = Array.from(parent.children).find((c) => c.localName === localName)
  return child ? numberIn(child) : undefined
}

/** `<Name><Value>n</Value></Name>` as a direct child. */
function nested(parent: Element, localName: string): number | undefined {
  const child = Array.from(parent.children).find((c) => c.localName === localName)
  return child ? numberIn(child, 'Value') : undefined
}
