/** Local calendar days in an IANA time zone, without dependencies. */

/** Offset of the zone from UTC at an instant, in seconds (UTC+8 → 28800). */
const formats = new Map<string, Intl.DateTimeFormat>()
const formatOf = (timeZone: string) => {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, format)
  }
  return format
}

export function zoneOffsetS(timeZone: string, atMs: number): number {
  const parts = formatOf(timeZone).formatToParts(new Date(atMs))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(atMs / 1000) * 1000) / 1000)
}

/** Unix seconds of local wall time `hours` after midnight of `day` (YYYY-MM-DD) in the zone. */
export function localToUnix(day: string, hours: number, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) / 1000 + Math.round(hours * 3600)
  let guess = wall - zoneOffsetS(timeZone, wall * 1000)
  guess = wall - zoneOffsetS(timeZone, guess * 1000)
  return guess
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()
export function localDay(unixS: number, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(new Date(unixS * 1000))
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
