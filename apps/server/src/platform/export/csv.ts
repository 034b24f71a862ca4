import { stringify } from 'csv-stringify/sync'

/**
 * A CSV file as RFC 4180 has it: one header row of the given column keys, CRLF line ends,
 * fields quoted when they hold a comma, a quote or a line break (quotes doubled). Values are
 * strings already: amounts as exact decimals, never floats.
 */
export function toCsv<K extends string>(columns: readonly K[], rows: readonly Record<K, string>[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => row[c])),
    { header: true, columns: [...columns], record_delimiter: 'windows' },
  )
}

/**
 * Free text someone else wrote (a memo sent on-chain…) as a cell a spreadsheet will not run:
 * a leading =, +, -, @, tab or carriage return gets a ' before it (OWASP "CSV injection").
 */
export function textCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/**
 * The instant as ISO 8601 local time in the zone, with its offset that day:
 * `2026-11-24T21:05:03+08:00` (`Z` never: UTC itself is `+00:00`).
 */
export function isoInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  // "GMT+08:00", "GMT-03:30", or "GMT" for a zero offset
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`
}
