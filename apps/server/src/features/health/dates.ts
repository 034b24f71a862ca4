import { health } from '@kinetic/protocol'
import { AppError } from '../../platform/rpc/app-error.ts'

/** Local-day arithmetic on `YYYY-MM-DD` strings (calendar days, no time zone involved). */
const utc = (day: string) => new Date(`${day}T00:00:00Z`)

export function addDays(day: string, n: number): string {
  const d = utc(day)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -((utc(day).getUTCDay() + 6) % 7))
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000)
}

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * One `Intl.DateTimeFormat` per locale and options (time zones are a few hundred names): making
 * one costs more than a hot read's query, formatting with one a microsecond.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

export function today(tz: string, now = new Date()): string {
  return dateFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export function localTime(at: Date, tz: string): string {
  return dateFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)
}

/** The requested local day, or today; a day that does not exist answers FIELD_INVALID. */
export function pickDay(date: string | undefined, tz: string): string {
  if (date === undefined) return today(tz)
  if (!health.DAY_RE.test(date) || Number.isNaN(utc(date).getTime()) || utc(date).toISOString().slice(0, 10) !== date)
    throw new AppError('FIELD_INVALID', { field: 'date' })
  return date
}
