/** Local days as the wire has them: `YYYY-MM-DD`. */
export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

const pad = (n: number) => String(n).padStart(2, '0')

/** The browser's local day of `now`. */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A local day as a Date at UTC midnight (calendar arithmetic only, no time zone). */
export function dayToDate(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d))
}

export function dateToDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

export function addDays(day: string, days: number): string {
  const date = dayToDate(day)
  date.setUTCDate(date.getUTCDate() + days)
  return dateToDay(date)
}

/** Whether `day` is a real calendar day in `YYYY-MM-DD` form. */
export function isDay(day: string | null | undefined): day is string {
  return !!day && DAY_RE.test(day) && dateToDay(dayToDate(day)) === day
}

/** A day for people: "Fri, Nov 20" / "11月20日 周五", in the interface language. */
export function formatDay(day: string, locale: string, withYear = false): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    ...(withYear && { year: 'numeric' }),
  }).format(dayToDate(day))
}

/** The weekday of a day for chart axes: "Mon" / "周一". */
export function weekday(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(dayToDate(day))
}
