import { fillTexts, localeOf, type Texts, type WireLang, WIRE_LANGS } from '@kinetic/protocol'
import { text } from '../../platform/i18n/index.ts'

/** When customer service answers: the operator sets it in the console (`/admin/supporthoursset`). */
export interface SupportHours {
  /** IANA time zone the hours are in, e.g. Asia/Shanghai. */
  timeZone: string
  /** Working weekdays, 0 Sunday … 6 Saturday. */
  days: number[]
  /** Opening and closing time, `HH:MM` (24 h), the same every working day. */
  open: string
  close: string
  /** Working hours within which a message is answered. */
  replyHours: number
}

export const DEFAULT_SUPPORT_HOURS: SupportHours = {
  timeZone: 'Asia/Shanghai',
  days: [1, 2, 3, 4, 5],
  open: '09:00',
  close: '18:00',
  replyHours: 4,
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** The zone's offset from UTC at `at`, in minutes (east positive). */
function offsetMinutes(timeZone: string, at: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/** The instant a wall-clock time of a local date (`Date.UTC` of its fields) is in `timeZone`. */
function instantOf(timeZone: string, wallUtc: number): number {
  const guess = wallUtc - offsetMinutes(timeZone, wallUtc) * MINUTE
  return wallUtc - offsetMinutes(timeZone, guess) * MINUTE
}

/** Midnight (as `Date.UTC` of the local fields) of the local date `at` falls on in `timeZone`. */
function localMidnight(timeZone: string, at: number): number {
  const wall = at + offsetMinutes(timeZone, at) * MINUTE
  return wall - (wall % DAY)
}

/**
 * When a message sent at `now` is expected to be answered: `replyHours` of working time
 * counted from `now` (from the next opening outside working hours), over the working days.
 */
export function expectedReplyBy(now: Date, hours: SupportHours): Date {
  let remaining = hours.replyHours * 60 * MINUTE
  const open = minutesOf(hours.open) * MINUTE
  const close = minutesOf(hours.close) * MINUTE
  if (hours.days.length === 0 || close <= open) return new Date(now.getTime() + remaining)
  const firstDay = localMidnight(hours.timeZone, now.getTime())
  for (let d = 0; d < 400; d++) {
    const day = firstDay + d * DAY
    if (!hours.days.includes(new Date(day).getUTCDay())) continue
    const start = Math.max(now.getTime(), instantOf(hours.timeZone, day + open))
    const end = instantOf(hours.timeZone, day + close)
    if (start >= end) continue
    if (end - start >= remaining) return new Date(start + remaining)
    remaining -= end - start
  }
  return new Date(now.getTime() + remaining)
}

/** `at` in each language, in the reader's time zone: weekday, date and time. */
export function momentTexts(at: Date, timeZone: string): Texts {
  const format = (lang: WireLang) =>
    new Intl.DateTimeFormat(localeOf(lang), {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at)
  return Object.fromEntries(WIRE_LANGS.map((lang) => [lang, format(lang)])) as Texts
}

/**
 * The working days in order from Monday, runs of three or more consecutive days as a range
 * (`workingDays.range` of the `hours` catalog: "Mon–Fri"), the others listed ("Mon–Fri, Sun").
 */
function daysText(days: number[], lang: WireLang): string {
  const weekday = new Intl.DateTimeFormat(localeOf(lang), { weekday: 'short', timeZone: 'UTC' })
  // 2023-01-01 was a Sunday
  const name = (d: number) => weekday.format(Date.UTC(2023, 0, 1 + d))
  const fromMonday = [...new Set(days)].map((d) => (d + 6) % 7).sort((a, b) => a - b)
  const runs: number[][] = []
  for (const d of fromMonday) {
    const run = runs.at(-1)
    if (run && run.at(-1) === d - 1) run.push(d)
    else runs.push([d])
  }
  return runs
    .flatMap((run) => {
      const names = run.map((d) => name((d + 1) % 7))
      return names.length >= 3
        ? [text(lang, 'hours', 'workingDays.range', { first: names[0] ?? '', last: names.at(-1) ?? '' })]
        : names
    })
    .join(text(lang, 'hours', 'workingDays.separator'))
}

/** The working hours in each language: the weekdays, the times and their zone. */
export function hoursTexts(hours: SupportHours, template: Texts): Texts {
  const days = (lang: WireLang) => daysText(hours.days, lang)
  const dayTexts = Object.fromEntries(WIRE_LANGS.map((lang) => [lang, days(lang)])) as Texts
  return fillTexts(template, { days: dayTexts, open: hours.open, close: hours.close, zone: hours.timeZone })
}
