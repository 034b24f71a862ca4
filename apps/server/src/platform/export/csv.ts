/**
 * The one way Kinetic writes a CSV cell: a value a spreadsheet could run as a formula is
 * defused (see `textCell`), then quoted when it holds a comma, a quote or a line break
 * (quotes doubled, RFC 4180). Empty for null and undefined.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : textCell(String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line of cells (each through `csvCell`), ended by CRLF. */
export const csvLine = (values: readonly (string | number | null | undefined)[]): string =>
  `${values.map(csvCell).join(',')}\r\n`

/**
 * A CSV file as RFC 4180 has it: one header row of the given column keys, CRLF line ends,
 * every cell through `csvCell`. Values are strings already: amounts as exact decimals, never floats.
 */
export function toCsv<K extends string>(columns: readonly K[], rows: readonly Record<K, string>[]): string {
  return [columns, ...rows.map((row) => columns.map((c) => row[c]))].map(csvLine).join('')
}

/** A cell that is a plain decimal number (an amount, `-12.5`): a spreadsheet reads it as a number, never a formula. */
const NUMBER = /^[+-]?\d+(\.\d+)?$/

/**
 * Text as a cell a spreadsheet will not run: a leading =, +, -, @, tab or carriage return gets
 * a ' before it (OWASP "CSV injection"), unless the whole cell is a plain number (`-0.5`).
 * `undefuse` takes the ' off again.
 */
export function textCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text) ? `'${text}` : text
}

/** The text `textCell` was given, from a cell it wrote (a Kinetic export read back). */
export function undefuse(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
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
