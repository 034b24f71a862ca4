import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { health as h } from '@kinetic/protocol'
import { Zip, ZipDeflate } from 'fflate'
import type { Db } from '../../platform/db/client.ts'
import { csvLine } from '../../platform/export/csv.ts'
import { addDays, today } from './dates.ts'
import {
  DAY_COLUMNS,
  EXPORT_FORMAT,
  EXPORT_MANIFEST,
  EXPORT_VERSION,
  PROFILE_FILE,
  SAMPLE_FILES,
  SLEEP_FILE,
  WORKOUT_FILE,
} from './export-format.ts'
import { dataRepo, EXPORT_PAGE } from './data.repo.ts'
import { dayTotals, hrAvg, round, sleepSummary } from './day-stats.ts'
import { healthRepo } from './health.repo.ts'
import { encodeTrack } from './workout-detail.ts'
import type { RawKept } from './raw-retention.ts'

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

type Workout = Awaited<ReturnType<ReturnType<typeof dataRepo>['workouts']>>[number]

interface Point {
  time: Date
  lat: number | null
  lon: number | null
  distanceM: number | null
  hr: number | null
  /** Strides (one foot) a minute, as Garmin's GPX and TCX count a run's cadence. */
  strides: number | null
}

/** Track points of a workout with their time, heart rate (the point's, else its minute's) and cadence. */
function points(w: Workout): Point[] {
  return (w.track ?? []).map(([s, lat, lon, distanceM, hr, cadence]) => ({
    time: new Date(w.start_at.getTime() + s * 1000),
    lat,
    lon,
    distanceM,
    hr: hr ?? (w.hr_series?.[Math.floor(s / 60)] || null),
    strides: cadence === null ? null : Math.round(cadence / 2),
  }))
}

/** GPX 1.1 with Garmin's TrackPointExtension for heart rate and cadence. */
export function toGpx(w: Workout): string {
  const pts = points(w)
    .map((p) => {
      const ext =
        (p.hr ? `<gpxtpx:hr>${p.hr}</gpxtpx:hr>` : '') + (p.strides ? `<gpxtpx:cad>${p.strides}</gpxtpx:cad>` : '')
      return (
        `      <trkpt lat="${p.lat}" lon="${p.lon}"><time>${p.time.toISOString()}</time>` +
        (ext ? `<extensions><gpxtpx:TrackPointExtension>${ext}</gpxtpx:TrackPointExtension></extensions>` : '') +
        `</trkpt>\n`
      )
    })
    .join('')
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gpx version="1.1" creator="Kinetic" xmlns="http://www.topografix.com/GPX/1/1" ` +
    `xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n` +
    `  <metadata><time>${w.start_at.toISOString()}</time></metadata>\n` +
    `  <trk><name>${xml(w.name || w.type)}</name><type>${w.type}</type>\n    <trkseg>\n${pts}    </trkseg>\n  </trk>\n</gpx>\n`
  )
}

const TCX_SPORT: Record<string, string> = { run: 'Running', cycle: 'Biking' }

/**
 * TCX with one lap of the workout's totals; its track points (position, distance, heart rate, a
 * run's cadence in Garmin's ActivityExtension), or one per minute of heart rate.
 */
export function toTcx(w: Workout): string {
  const seconds = Math.round((w.end_at.getTime() - w.start_at.getTime()) / 1000)
  const track = points(w)
  const list: Point[] = track.length
    ? track
    : (w.hr_series ?? []).flatMap((bpm, minute) =>
        bpm > 0
          ? [
              {
                time: new Date(w.start_at.getTime() + minute * 60_000),
                lat: null,
                lon: null,
                distanceM: null,
                hr: bpm,
                strides: null,
              },
            ]
          : [],
      )
  const pts = list
    .map(
      (p) =>
        `          <Trackpoint><Time>${p.time.toISOString()}</Time>` +
        (p.lat !== null
          ? `<Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position>`
          : '') +
        (p.distanceM !== null ? `<DistanceMeters>${p.distanceM}</DistanceMeters>` : '') +
        (p.hr ? `<HeartRateBpm><Value>${p.hr}</Value></HeartRateBpm>` : '') +
        (p.strides
          ? `<Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><RunCadence>${p.strides}</RunCadence></TPX></Extensions>`
          : '') +
        `</Trackpoint>\n`,
    )
    .join('')
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\n` +
    `  <Activities>\n    <Activity Sport="${TCX_SPORT[w.type] ?? 'Other'}">\n      <Id>${w.start_at.toISOString()}</Id>\n` +
    `      <Lap StartTime="${w.start_at.toISOString()}"><TotalTimeSeconds>${seconds}</TotalTimeSeconds>` +
    `<DistanceMeters>${w.distance_m}</DistanceMeters><Calories>0</Calories><Intensity>Active</Intensity>` +
    `<TriggerMethod>Manual</TriggerMethod>\n        <Track>\n${pts}        </Track>\n      </Lap>\n` +
    `      <Notes>${xml(w.name)}</Notes>\n    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n`
  )
}

/**
 * The user's data as a zip, streamed: entries are written as pages of rows are read, so the
 * export of years of samples holds one page in memory. `from`–`to` (local days) bound the samples
 * and workouts; the day totals cover every day with data; the profile is the account's.
 */
export function exportZip(db: Db, userId: number, from: string, to: string, rawKept: RawKept): Readable {
  const out = new PassThrough()
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error)
    else {
      out.write(chunk)
      if (final) out.end()
    }
  })
  const encoder = new TextEncoder()
  const entry = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 })
    zip.add(file)
    return {
      push: (text: string) => file.push(encoder.encode(text)),
      end: (text = '') => file.push(encoder.encode(text), true),
    }
  }
  const write = async () => {
    const repo = dataRepo(db)
    const reports = healthRepo(db)
    const profile = await reports.profile(userId)
    const tz = profile.timeZone
    const [loAt, hiAt] = await repo.localDayBounds(from, addDays(to, 1), tz)
    const manifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      time_zone: tz,
      samples: { from, to },
      /** Heart rate, steps, blood pressure and SpO2 samples exist from this local day on (kept `days` days); minutes and days for ever. */
      raw_kept: rawKept,
    }
    entry(EXPORT_MANIFEST).end(JSON.stringify(manifest, null, 2))
    const goal = await reports.goal(userId)
    const consent = await reports.consent(userId)
    entry(PROFILE_FILE).end(
      JSON.stringify(
        {
          ...(await repo.profile(userId)),
          goal: goal ? { step: goal.step, calorie: goal.calorie, distance: goal.distance } : null,
          consent: consent ? { exercise: consent.exercise, sleep: consent.sleep, heart_rate: consent.heartRate } : null,
        },
        null,
        2,
      ),
    )

    const days = entry('days.csv')
    days.push(csvLine(DAY_COLUMNS))
    const range = await repo.dayRange(userId)
    const now = new Date() // a night still in progress has no sleep figures yet
    if (range.first && range.last)
      for (const row of await reports.days(userId, range.first, range.last)) {
        const totals = dayTotals(row.day, row, profile)
        const sleep = sleepSummary(row.day, row, now)
        days.push(
          csvLine([
            row.day,
            totals.steps,
            totals.distance_m,
            totals.calories,
            totals.active_minutes,
            hrAvg(row),
            row.hrMin,
            row.hrMax,
            round(row.hrResting),
            sleep?.duration_min ?? null,
            sleep?.score ?? null,
            row.workouts,
            Math.round(row.workoutSeconds / 60),
          ]),
        )
      }
    days.end()

    for (const [kind, { file, columns }] of Object.entries(SAMPLE_FILES) as [
      keyof typeof SAMPLE_FILES,
      (typeof SAMPLE_FILES)[keyof typeof SAMPLE_FILES],
    ][]) {
      const csv = entry(file)
      csv.push(csvLine(columns))
      let after: Date | null = null
      for (;;) {
        const page = await repo.samples(userId, kind, loAt, hiAt, after)
        if (page.length)
          csv.push(
            page
              .map((r) => csvLine([new Date(r.t).toISOString(), r.a, ...(kind === 'blood_pressure' ? [r.b] : [])]))
              .join(''),
          )
        if (page.length < EXPORT_PAGE) break
        after = new Date(page.at(-1)!.t)
        // a slow download holds the next page back rather than buffering the whole table
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')])
        if (out.destroyed) return
      }
      csv.end()
    }
    const sleep = entry(SLEEP_FILE.file)
    sleep.push(csvLine(SLEEP_FILE.columns))
    for (const s of await repo.sleep(userId, loAt, hiAt))
      sleep.push(csvLine([new Date(s.start_at).toISOString(), new Date(s.end_at).toISOString(), s.stage]))
    sleep.end()

    const list = entry(WORKOUT_FILE.file)
    list.push(csvLine(WORKOUT_FILE.columns))
    for (const w of await repo.workouts(userId, loAt, hiAt)) {
      list.push(
        csvLine([
          w.start_at.toISOString(),
          w.end_at.toISOString(),
          w.source,
          w.type,
          w.name,
          w.distance_m,
          w.steps,
          (w.hr_series ?? []).join(' '),
          // the contract's text form (`/v1/motion_import`'s `track`), read back by `parseTrack`
          encodeTrack(w.track ?? []),
        ]),
      )
      const base = `workouts/${w.start_at.toISOString().replace(/[:.]/g, '-')}-${w.type}`
      entry(`${base}.gpx`).end(toGpx(w))
      entry(`${base}.tcx`).end(toTcx(w))
    }
    list.end()
    zip.end()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

/** Whether `from`–`to` is a range an export takes: from ≤ to ≤ today, at most EXPORT_MAX_DAYS. */
export function exportRangeOk(from: string, to: string, tz: string): boolean {
  if (!h.DAY_RE.test(from) || !h.DAY_RE.test(to)) return false
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) return false
  if (from > to || to > today(tz)) return false
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < h.EXPORT_MAX_DAYS
}
