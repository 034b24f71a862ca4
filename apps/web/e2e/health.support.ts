import { formatNumber, health, type Locale } from '@kinetic/protocol'
import { addDays, localDay, type Samples } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import t from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import { testZone } from './run-clock.ts'
import { inject } from './support.ts'

/**
 * What the health reports must show, computed here from the samples watch-sim uploaded with
 * the formulas DESIGN §7 documents (not with the server's code): a check of the whole path
 * generator → device API → rollups → operations → screens.
 */
export { t }
/** The wearer's zone: the test zone the accounts are created in (`TEST_ZONE`, default Asia/Shanghai). */
export const TZ = testZone()
/** HRmax of a profile without birthday or setting: 220 − 30. */
export const HR_MAX = 190
const WEIGHT_KG = 60

/** A phone-sized English page whose clock is the wearer's (times on screen are local). */
export async function newHealthPage(browser: Browser, locale: Locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: TZ,
  })
  await context.addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
  return context.newPage()
}

const inDay = (day: string) => (unixS: number) => localDay(unixS, TZ) === day

/** "7 h 51 min" / "45 min", as the pages write minutes in English. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h > 0
    ? t.unit.hoursMinutes.replace('{{h}}', String(h)).replace('{{m}}', String(m))
    : t.unit.minutes.replace('{{m}}', String(m))
}

/** The night ending on `day`: segments starting from 18:00 the evening before until 18:00 that day. */
export function expectedSleep(samples: Samples, day: string) {
  const from = `${addDays(day, -1)}T18`
  const until = `${day}T18`
  const localHour = (unixS: number) =>
    `${localDay(unixS, TZ)}T${new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(unixS * 1000)}`
  const seconds: Record<health.SleepStage, number> = { awake: 0, light: 0, deep: 0, rem: 0 }
  for (const s of samples.sleep) {
    const hour = localHour(s.start)
    if (hour >= from && hour < until) seconds[s.stage] += s.end - s.start
  }
  const min = (s: number) => Math.round(s / 60)
  const stages = {
    awake: min(seconds.awake),
    light: min(seconds.light),
    deep: min(seconds.deep),
    rem: min(seconds.rem),
  }
  const asleep = stages.light + stages.deep + stages.rem
  const cap = (x: number) => Math.min(1, x)
  // sleep score: duration 50 (of 480 min), deep share 20 (of 20 %), REM share 20 (of 20 %), efficiency 10
  const score = Math.round(
    50 * cap(asleep / 480) +
      20 * cap(stages.deep / asleep / 0.2) +
      20 * cap(stages.rem / asleep / 0.2) +
      10 * (asleep / (asleep + stages.awake)),
  )
  return { asleep: min(seconds.light + seconds.deep + seconds.rem), score, stages }
}

/** Minutes of `day` whose average heart rate falls in each zone (50/60/70/80/90 % of HRmax). */
export function expectedZoneMinutes(samples: Samples, day: string): Record<health.HrZone, number> {
  const minutes = new Map<number, { sum: number; count: number }>()
  for (const s of samples.heart_rate.filter((x) => inDay(day)(x.t))) {
    const key = Math.floor(s.t / 60)
    const m = minutes.get(key) ?? { sum: 0, count: 0 }
    m.sum += s.bpm
    m.count++
    minutes.set(key, m)
  }
  const zones: Record<health.HrZone, number> = { warmup: 0, fatburn: 0, aerobic: 0, anaerobic: 0, limit: 0 }
  const floors: [health.HrZone, number][] = [
    ['warmup', 0.5],
    ['fatburn', 0.6],
    ['aerobic', 0.7],
    ['anaerobic', 0.8],
    ['limit', 0.9],
  ]
  for (const { sum, count } of minutes.values()) {
    const zone = floors.filter(([, floor]) => sum / count >= floor * HR_MAX).at(-1)?.[0]
    if (zone) zones[zone]++
  }
  return zones
}

/** Blood pressure readings of `day`: local time, high (systolic) and low (diastolic). */
export function expectedBloodPressure(samples: Samples, day: string) {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return samples.blood_pressure
    .filter((s) => inDay(day)(s.t))
    .map((s) => ({ time: clock.format(s.t * 1000), high: s.systolic, low: s.diastolic }))
}

/** Steps of the Monday-to-Sunday week holding `day`, and that Monday. */
export function expectedWeekSteps(samples: Samples, day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  const monday = addDays(day, -weekday)
  const days = new Set(Array.from({ length: 7 }, (_, i) => addDays(monday, i)))
  const steps = samples.steps.filter((s) => days.has(localDay(s.t, TZ))).reduce((sum, s) => sum + s.count, 0)
  return { monday, steps: formatNumber(steps) }
}

/**
 * The workouts of `day` as a sports record shows them: distance in km, duration as a clock,
 * pace per km, calories = MET × weight × hours (running: 1 MET per km/h, 6–20; 60 kg default).
 */
export function expectedWorkouts(samples: Samples, day: string) {
  return samples.workouts
    .filter((w) => inDay(day)(w.start))
    .map((w) => {
      const seconds = w.end - w.start
      const kmh = w.distance_m / 1000 / (seconds / 3600)
      const met =
        w.type === 'run'
          ? Math.min(20, Math.max(6, kmh))
          : { walk: 3.5, hike: 6, cycle: 7.5, swim: 7, other: 5 }[w.type]
      const pace = Math.round(seconds / (w.distance_m / 1000))
      const h = Math.floor(seconds / 3600)
      const m = Math.floor((seconds % 3600) / 60)
      const s = seconds % 60
      return {
        type: w.type,
        distance: `${(w.distance_m / 1000).toFixed(2)} km`,
        duration: `${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(s).padStart(2, '0')}`,
        pace: `${Math.floor(pace / 60)}'${String(pace % 60).padStart(2, '0')}"/km`,
        calories: `${formatNumber(Math.round((met * WEIGHT_KG * seconds) / 3600))} kcal`,
      }
    })
}

/** The text of a labelled figure (`role=group`), optionally inside a titled card. */
export async function figure(page: Page, name: string, card?: string): Promise<string> {
  const scope = card ? page.getByRole('region', { name: card }) : page
  return (await scope.getByRole('group', { name, exact: true }).first().textContent()) ?? ''
}

/** Only the value of a figure of a `Stats` list (its `<dd>`, without label or unit text around it). */
export async function figureValue(page: Page, name: string, card: string): Promise<string> {
  const group = page.getByRole('region', { name: card }).getByRole('group', { name, exact: true }).first()
  // a figure's group holds its label, then its value (Stats)
  return (await group.locator(':scope > :last-child').textContent()) ?? ''
}
