import { methodQuery } from '@/api'
import { account } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'

/**
 * One clock for health: every time a health screen shows is in the account's time zone
 * (`users.time_zone`), never the device's, so the sleep report, the heart-rate chart, the runs
 * and the watches agree with each other and with the server's days (ADR 2026-11-24-one-clock).
 */

/** The device's IANA time zone, as registration sends it. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * The acting account's time zone (the profile, read once and shared with the Mine pages);
 * the device's until the profile has loaded.
 */
export function useAccountTimeZone(): string {
  const { data } = useQuery({ ...methodQuery(account.userInfo), meta: { silent: true } })
  return data?.time_zone ?? deviceTimeZone()
}

const formats = new Map<string, Intl.DateTimeFormat>()
function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formats.set(key, found)
  }
  return found
}

type Instant = string | number | Date

/** HH:MM (24 h) of an instant in `timeZone`: the same digits in every language. */
export function clockTime(at: Instant, timeZone: string): string {
  return format('en-GB', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at))
}

/** The local day (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function dayIn(timeZone: string, at: Instant = Date.now()): string {
  return format('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at))
}

/** An instant for people in the interface language, in `timeZone` ("Nov 20, 07:05"). */
export function formatInstant(
  at: Instant,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
): string {
  return format(locale, timeZone, options).format(new Date(at))
}
