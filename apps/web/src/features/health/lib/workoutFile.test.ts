import { FitBaseType, FitEncoder } from 'fit-file-parser'
import { describe, expect, it } from 'vitest'
import { EARTH_RADIUS_M, haversineM } from './track'
import { parseWorkoutFile, WorkoutFileError } from './workoutFile'

const utf8 = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer
/** Along the equator a longitude step of d degrees is exactly R·d·π/180 of great circle. */
const equatorM = (degrees: number) => (EARTH_RADIUS_M * degrees * Math.PI) / 180

const gpx = (type: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <trk><name>Morning</name><type>${type}</type><trkseg>
    <trkpt lat="0" lon="0"><ele>10</ele><time>2026-11-20T06:00:00Z</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>100</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
    <trkpt lat="0" lon="0.01"><time>2026-11-20T06:05:00Z</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
    <trkpt lat="0" lon="0.02"><time>2026-11-20T06:10:30Z</time>
      <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>151</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
  </trkseg>${extra}</trk>
</gpx>`

const tcx = (laps: string) => `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities><Activity Sport="Biking"><Id>2026-11-21T07:00:00Z</Id>${laps}</Activity></Activities>
</TrainingCenterDatabase>`

const lap = (start: string, seconds: number, meters: number, kcal: number, avg: number, max: number, track = '') =>
  `<Lap StartTime="${start}"><TotalTimeSeconds>${seconds}</TotalTimeSeconds><DistanceMeters>${meters}</DistanceMeters>
   <Calories>${kcal}</Calories><AverageHeartRateBpm><Value>${avg}</Value></AverageHeartRateBpm>
   <MaximumHeartRateBpm><Value>${max}</Value></MaximumHeartRateBpm><Track>${track}</Track></Lap>`

const trackpoint = (time: string, lat: number, lon: number, hr: number) =>
  `<Trackpoint><Time>${time}</Time><Position><LatitudeDegrees>${lat}</LatitudeDegrees>
   <LongitudeDegrees>${lon}</LongitudeDegrees></Position><HeartRateBpm><Value>${hr}</Value></HeartRateBpm></Trackpoint>`

/** FIT profile numbers (Garmin FIT SDK): messages and the fields used here. */
const FILE_ID = 0
const SESSION = 18
const RECORD = 20
const TIMESTAMP = 253
const fitTime = (iso: string) => FitEncoder.toFitTimestamp(new Date(iso))
const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180)

function fitFile(withSession: boolean): ArrayBuffer {
  const fit = new FitEncoder()
  fit.writeMessage(FILE_ID, [
    { number: 0, size: 1, baseType: FitBaseType.Enum, value: 4 }, // type: activity
    { number: 1, size: 2, baseType: FitBaseType.Uint16, value: 1 }, // manufacturer: garmin
    { number: 4, size: 4, baseType: FitBaseType.Uint32, value: fitTime('2026-11-22T05:30:00Z') },
  ])
  const records: [string, number, number][] = [
    ['2026-11-22T05:30:00Z', 0, 120],
    ['2026-11-22T05:40:00Z', 0.02, 150],
    ['2026-11-22T05:50:00Z', 0.04, 166],
  ]
  for (const [iso, lon, hr] of records) {
    fit.writeMessage(RECORD, [
      { number: TIMESTAMP, size: 4, baseType: FitBaseType.Uint32, value: fitTime(iso) },
      { number: 0, size: 4, baseType: FitBaseType.Sint32, value: semicircles(0) }, // position_lat
      { number: 1, size: 4, baseType: FitBaseType.Sint32, value: semicircles(lon) }, // position_long
      { number: 3, size: 1, baseType: FitBaseType.Uint8, value: hr }, // heart_rate
    ])
  }
  if (withSession) {
    fit.writeMessage(SESSION, [
      { number: TIMESTAMP, size: 4, baseType: FitBaseType.Uint32, value: fitTime('2026-11-22T05:50:00Z') },
      { number: 2, size: 4, baseType: FitBaseType.Uint32, value: fitTime('2026-11-22T05:30:00Z') }, // start_time
      { number: 5, size: 1, baseType: FitBaseType.Enum, value: 1 }, // sport: running
      { number: 7, size: 4, baseType: FitBaseType.Uint32, value: 1_230_000 }, // total_elapsed_time, ms
      { number: 8, size: 4, baseType: FitBaseType.Uint32, value: 1_200_000 }, // total_timer_time, ms
      { number: 9, size: 4, baseType: FitBaseType.Uint32, value: 450_000 }, // total_distance, cm
      { number: 11, size: 2, baseType: FitBaseType.Uint16, value: 321 }, // total_calories, kcal
      { number: 16, size: 1, baseType: FitBaseType.Uint8, value: 147 }, // avg_heart_rate
      { number: 17, size: 1, baseType: FitBaseType.Uint8, value: 171 }, // max_heart_rate
    ])
  }
  return fit.close().slice().buffer as ArrayBuffer
}

describe('haversine', () => {
  it('gives a quarter meridian of the mean-radius sphere from the equator to the pole', () => {
    expect(haversineM({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_M, 3)
  })

  it('gives Paris to London as about 343.5 km', () => {
    const km = haversineM({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 }) / 1000
    expect(km).toBeGreaterThan(343)
    expect(km).toBeLessThan(344)
  })
})

describe('parseWorkoutFile', () => {
  it('reads a GPX track: haversine distance, duration, heart rate, start and sport', async () => {
    const w = await parseWorkoutFile(utf8(gpx('running')))
    expect(w).toEqual({
      format: 'gpx',
      sport: 'run',
      startTime: '2026-11-20T06:00:00.000Z',
      durationS: 630,
      distanceM: Math.round(equatorM(0.02)),
      hrAvg: Math.round((100 + 140 + 151) / 3),
      hrMax: 151,
      calories: null,
      // minute 0: 100; minute 5: 140; minute 10: 151; nothing read in between
      hrPerMinute: [100, 0, 0, 0, 0, 140, 0, 0, 0, 0, 151],
      track: '0,0,0;300,0,0.01;630,0,0.02',
    })
  })

  it('reads a GPX type in other words, and counts every segment', async () => {
    const second = `<trkseg><trkpt lat="0" lon="0.03"><time>2026-11-20T06:20:00Z</time></trkpt></trkseg>`
    const w = await parseWorkoutFile(utf8(gpx('Walk', second)))
    expect(w.sport).toBe('walk')
    expect(w.durationS).toBe(20 * 60)
    expect(w.distanceM).toBe(Math.round(equatorM(0.03)))
  })

  it('reads TCX lap totals: summed time, distance, calories, time-weighted average and top heart rate', async () => {
    const text = tcx(
      lap('2026-11-21T07:00:00Z', 600, 5000, 150, 130, 160) + lap('2026-11-21T07:10:00Z', 1200, 9000, 250, 145, 172),
    )
    expect(await parseWorkoutFile(utf8(text))).toEqual({
      format: 'tcx',
      sport: 'cycle',
      startTime: '2026-11-21T07:00:00.000Z',
      durationS: 1800,
      distanceM: 14000,
      hrAvg: Math.round((130 * 600 + 145 * 1200) / 1800),
      hrMax: 172,
      calories: 400,
      hrPerMinute: new Array(30).fill(0),
      track: '',
    })
  })

  it('falls back to the TCX track when a lap states no distance or heart rate', async () => {
    const points =
      trackpoint('2026-11-21T07:00:00Z', 0, 0, 110) +
      trackpoint('2026-11-21T07:02:00Z', 0, 0.01, 120) +
      trackpoint('2026-11-21T07:04:00Z', 0, 0.02, 131)
    const bare = `<Lap StartTime="2026-11-21T07:00:00Z"><TotalTimeSeconds>240</TotalTimeSeconds><Track>${points}</Track></Lap>`
    const w = await parseWorkoutFile(utf8(tcx(bare)))
    expect(w.distanceM).toBe(Math.round(equatorM(0.02)))
    expect([w.hrAvg, w.hrMax, w.durationS, w.calories]).toEqual([120, 131, 240, null])
  })

  it('reads a FIT session: timer time, distance, calories, heart rate, sport', async () => {
    expect(await parseWorkoutFile(fitFile(true))).toEqual({
      format: 'fit',
      sport: 'run',
      startTime: '2026-11-22T05:30:00.000Z',
      durationS: 1200,
      distanceM: 4500,
      hrAvg: 147,
      hrMax: 171,
      calories: 321,
      hrPerMinute: [120, 0, 0, 0, 0, 0, 0, 0, 0, 0, 150, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      track: '0,0,0;600,0,0.02;1200,0,0.04',
    })
  })

  it('reads a FIT file without a session from its records', async () => {
    const w = await parseWorkoutFile(fitFile(false))
    expect(w.startTime).toBe('2026-11-22T05:30:00.000Z')
    expect(w.durationS).toBe(1200)
    // semicircle rounding moves a point by under a millimetre
    expect(Math.abs(w.distanceM - equatorM(0.04))).toBeLessThanOrEqual(1)
    expect([w.hrAvg, w.hrMax, w.sport]).toEqual([Math.round((120 + 150 + 166) / 3), 166, 'other'])
  })

  it('names what is wrong with a file it cannot import', async () => {
    const problem = (bytes: ArrayBuffer) =>
      parseWorkoutFile(bytes).then(
        () => 'read',
        (error: unknown) => (error instanceof WorkoutFileError ? error.problem : String(error)),
      )
    expect(await problem(new ArrayBuffer(0))).toBe('empty')
    expect(await problem(utf8('{"not":"a workout"}'))).toBe('unsupported')
    expect(await problem(utf8('<gpx><trk><trkseg></trkseg></trk></gpx>'))).toBe('empty')
    expect(await problem(utf8('<gpx><trk><trkpt lat="1"'))).toBe('unreadable')
    const broken = new Uint8Array(fitFile(true))
    broken.fill(0x55, 14, broken.length - 2)
    expect(await problem(broken.buffer)).toBe('unreadable')
  })
})
