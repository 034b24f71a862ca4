import { account, deviceApi, health as h } from '@kinetic/protocol'
import { undefuse } from '../../platform/export/csv.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import type { ExportProfile } from './data.repo.ts'
import {
  EXPORT_FORMAT,
  EXPORT_MANIFEST,
  PROFILE_FILE,
  SAMPLE_FILES,
  SLEEP_FILE,
  WORKOUT_FILE,
} from './export-format.ts'
import type { TrackRow } from './health.tables.ts'
import { emptyBundle, type Bundle, type Entries } from './import-files.ts'
import { parseTrack } from './workout-detail.ts'

/** RFC 4180 rows of a CSV text (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      out.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell !== '' || row.length) {
    row.push(cell)
    out.push(row)
  }
  return out
}

export const isKineticExport = (entries: Entries) => entries.has(EXPORT_MANIFEST)

const seconds = (iso: string | undefined) => {
  const ms = Date.parse(iso ?? '')
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : NaN
}

/**
 * A Kinetic export back into samples and workouts (days.csv is the user's copy of the figures:
 * the totals come back from the samples). Every row is checked against the watch's own contract;
 * the first bad one refuses the whole file, named by its file and line.
 */
export function readKineticExport(entries: Entries): Bundle {
  const manifest = json(entries, EXPORT_MANIFEST) as { format?: unknown } | null
  if (manifest?.format !== EXPORT_FORMAT) throw new AppError('IMPORT_FORMAT_UNKNOWN', { field: 'file' })
  const bundle = emptyBundle('kinetic')
  const rowsOf = (file: string, columns: readonly string[]) => {
    if (!entries.has(file)) return []
    const [head, ...body] = parseCsv(text(entries, file))
    if (head?.join(',') !== columns.join(','))
      throw new AppError('IMPORT_ROW_INVALID', { args: { reason: `${file}:1` } })
    return body.filter((r) => r.length > 1 || r[0] !== '').map((cells, i) => ({ cells, where: `${file}:${i + 2}` }))
  }
  const check = <T>(
    schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
    value: unknown,
    where: string,
  ) => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new AppError('IMPORT_ROW_INVALID', { args: { reason: where } })
    return parsed.data as T
  }
  for (const { cells, where } of rowsOf(SAMPLE_FILES.heart_rate.file, SAMPLE_FILES.heart_rate.columns))
    bundle.heartRate.push(check(deviceApi.HeartRateSample, { t: seconds(cells[0]), bpm: Number(cells[1]) }, where))
  for (const { cells, where } of rowsOf(SAMPLE_FILES.steps.file, SAMPLE_FILES.steps.columns)) {
    const s = check(deviceApi.StepSample, { t: seconds(cells[0]), count: Number(cells[1]) }, where)
    if (s.t % 60 !== 0) throw new AppError('IMPORT_ROW_INVALID', { args: { reason: where } })
    bundle.steps.push(s)
  }
  for (const { cells, where } of rowsOf(SAMPLE_FILES.blood_pressure.file, SAMPLE_FILES.blood_pressure.columns))
    bundle.bloodPressure.push(
      check(
        deviceApi.BloodPressureSample,
        { t: seconds(cells[0]), systolic: Number(cells[1]), diastolic: Number(cells[2]) },
        where,
      ),
    )
  for (const { cells, where } of rowsOf(SAMPLE_FILES.spo2.file, SAMPLE_FILES.spo2.columns))
    bundle.spo2.push(check(deviceApi.Spo2Sample, { t: seconds(cells[0]), percent: Number(cells[1]) }, where))
  for (const { cells, where } of rowsOf(SLEEP_FILE.file, SLEEP_FILE.columns))
    bundle.sleep.push(
      check(deviceApi.SleepSample, { start: seconds(cells[0]), end: seconds(cells[1]), stage: cells[2] }, where),
    )
  for (const { cells, where } of rowsOf(WORKOUT_FILE.file, WORKOUT_FILE.columns)) {
    const [start, end, source, type, written, distance, steps, hr, track] = cells
    // the export defused a name a spreadsheet would run (`=…` written `'=…`)
    const name = undefuse(written ?? '')
    const startS = seconds(start)
    const endS = seconds(end)
    const hrSeries = hr ? hr.split(' ').map(Number) : []
    const points = trackOf(track ?? '', endS - startS)
    const ok =
      Number.isFinite(startS) &&
      endS > startS &&
      endS - startS <= 86_400 &&
      (h.WORKOUT_SOURCES as readonly string[]).includes(source ?? '') &&
      (h.WORKOUT_TYPES as readonly string[]).includes(type ?? '') &&
      name.length <= 64 &&
      Number.isInteger(Number(distance)) &&
      Number(distance) >= 0 &&
      Number(distance) <= 1_000_000 &&
      Number.isInteger(Number(steps)) &&
      Number(steps) >= 0 &&
      Number(steps) <= 200_000 &&
      hrSeries.every((b) => Number.isInteger(b) && (b === 0 || (b >= 25 && b <= 250))) &&
      hrSeries.length <= Math.ceil((endS - startS) / 60) &&
      points !== null
    if (!ok) throw new AppError('IMPORT_ROW_INVALID', { args: { reason: where } })
    bundle.workouts.push({
      source: source!,
      type: type!,
      name,
      startAt: new Date(startS * 1000),
      endAt: new Date(endS * 1000),
      distanceM: Number(distance),
      steps: Number(steps),
      hrSeries: hrSeries.length ? hrSeries : null,
      track: points?.length ? points : null,
    })
  }
  if (entries.has(PROFILE_FILE)) bundle.profile = profileOf(json(entries, PROFILE_FILE))
  return bundle
}

/** A `workouts.csv` track (the contract's text form), or null when `parseTrack` refuses it. */
function trackOf(text: string, durationS: number): TrackRow[] | null {
  if (!Number.isFinite(durationS)) return null
  try {
    return parseTrack(text, durationS)
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}

/** A JSON file of the export: IMPORT_FILE_BROKEN naming it when it is not JSON. */
function json(entries: Entries, name: string): unknown {
  try {
    return JSON.parse(text(entries, name))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
  }
}

function text(entries: Entries, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(entries.get(name))
  } catch {
    throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: name } })
  }
}

/**
 * The profile's fields within the account's own limits; anything else is left unset. A profile
 * that is not an object, or a birthday that is not a day the account would take, refuses the file.
 */
function profileOf(value: unknown): ExportProfile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('IMPORT_FILE_BROKEN', { args: { reason: PROFILE_FILE } })
  const raw = value as Record<string, unknown>
  const within = (v: unknown, lo: number, hi: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : null
  if (
    raw.birthday !== null &&
    raw.birthday !== undefined &&
    !(typeof raw.birthday === 'string' && account.isBirthday(raw.birthday))
  )
    throw new AppError('IMPORT_ROW_INVALID', { args: { reason: `${PROFILE_FILE}: birthday` } })
  const birthday = typeof raw.birthday === 'string' ? raw.birthday : null
  return {
    birthday,
    gender: raw.gender === 'male' || raw.gender === 'female' ? raw.gender : null,
    height_cm: within(raw.height_cm, 50, 250),
    weight_kg: within(raw.weight_kg, 20, 300),
    stride_cm: within(raw.stride_cm, 30, 150),
    hr_zone: within(raw.hr_zone, 100, 230),
    time_zone: typeof raw.time_zone === 'string' ? raw.time_zone : '',
  }
}
