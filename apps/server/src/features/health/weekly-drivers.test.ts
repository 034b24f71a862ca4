import type { AddressInfo } from 'node:net'
import { localDay, simulateDays, type Samples } from '@kinetic/watch-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { addDays, weekStart } from './dates.ts'
import { aBoundWatch, aUser, ok } from './health.testkit.ts'

/**
 * The weekly drivers against a recomputation from the raw samples the test wrote: nothing here
 * calls the server's rollups, drivers or formulas.
 */
const TZ = 'America/New_York'
const DAYS = 42

let app: TestApp
let baseUrl: string
beforeAll(async () => {
  app = await startTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`
})
afterAll(() => app?.close())

const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const clock = (t: number) => {
  const [h, m] = CLOCK.format(new Date(t * 1000))
    .split(':')
    .map(Number) as [number, number]
  return h * 60 + m
}
const dayOf = (t: number) => localDay(t, TZ)
const mean = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null)
const pct = (a: number | null, b: number | null) =>
  a === null || b === null || b <= 0 ? null : Math.round(((a - b) / b) * 100)

interface Day {
  date: string
  steps: number
  active: number
  sleep: number | null
  bedtime: number | null
  resting: number | null
}

/** Every local day's steps, active minutes (≥ 60 steps), night asleep minutes, bedtime and resting HR. */
function daysFrom(samples: Samples, from: string, count: number): Day[] {
  const steps = new Map<string, { steps: number; active: number }>()
  for (const s of samples.steps) {
    const d = steps.get(dayOf(s.t)) ?? { steps: 0, active: 0 }
    d.steps += s.count
    if (s.count >= 60) d.active++
    steps.set(dayOf(s.t), d)
  }
  const nights = new Map<string, { asleep: number; first: number }>()
  for (const s of samples.sleep) {
    const night = clock(s.start) >= 18 * 60 ? addDays(dayOf(s.start), 1) : dayOf(s.start)
    const n = nights.get(night) ?? { asleep: 0, first: Infinity }
    if (s.stage !== 'awake') n.asleep += s.end - s.start
    n.first = Math.min(n.first, s.start)
    nights.set(night, n)
  }
  const minutes = new Map<string, Map<number, { sum: number; count: number }>>()
  for (const s of samples.heart_rate) {
    const byMinute = minutes.get(dayOf(s.t)) ?? new Map()
    const m = byMinute.get(s.t - (s.t % 60)) ?? { sum: 0, count: 0 }
    m.sum += s.bpm
    m.count++
    byMinute.set(s.t - (s.t % 60), m)
    minutes.set(dayOf(s.t), byMinute)
  }
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(from, i)
    const night = nights.get(date)
    const list = [...(minutes.get(date) ?? new Map<number, { sum: number; count: number }>())].sort(([a], [b]) => a - b)
    let resting = Infinity
    for (let j = 29; j < list.length; j++) {
      if (list[j]![0] - list[j - 29]![0] !== 29 * 60) continue
      const window = list.slice(j - 29, j + 1)
      resting = Math.min(
        resting,
        window.reduce((n, [, m]) => n + m.sum, 0) / window.reduce((n, [, m]) => n + m.count, 0),
      )
    }
    return {
      date,
      steps: steps.get(date)?.steps ?? 0,
      active: steps.get(date)?.active ?? 0,
      sleep: night ? Math.round(night.asleep / 60) : null,
      bedtime: night ? (clock(night.first) - 18 * 60 + 1440) % 1440 : null,
      resting: Number.isFinite(resting) ? Math.round(resting) : null,
    }
  })
}

describe('weekly drivers', () => {
  let samples: Samples
  let user: Awaited<ReturnType<typeof aUser>>
  const end = addDays(localDay(Math.floor(Date.now() / 1000), TZ), -1)
  const monday = addDays(weekStart(end), -7)

  // six weeks of samples through the device API: over 60 s on a loaded 2-core machine
  beforeAll(async () => {
    user = await aUser(app, TZ)
    await app.database.pool.query('UPDATE users SET birthday = $1, weight = $2, stride = $3 WHERE id = $4', [
      '1988-03-02',
      72,
      74,
      user.id,
    ])
    const watch = await aBoundWatch(app, user, 0)
    const run = await simulateDays({
      baseUrl,
      deviceCode: watch.code.deviceCode,
      activationCode: watch.code.activeCode,
      days: DAYS,
      seed: 11,
      end,
      timeZone: TZ,
      hrIntervalS: 60,
    })
    samples = run.samples
  }, 300_000)

  // five weeks of reports read back: 36 s on a loaded 2-core machine
  it(
    'attributes each change to its days, workouts, bedtime and resting-HR trend, as the samples say',
    { timeout: 90_000 },
    async () => {
      const weeks = Array.from({ length: 5 }, (_, w) => daysFrom(samples, addDays(monday, -7 * w), 7))
      const [week, last] = weeks as [Day[], Day[]]
      // a figure is the mean per day over the days with data: the days with steps for steps and
      // active minutes, the nights for sleep, the days with a resting HR
      const withData = (metric: string, days: Day[]) =>
        (metric === 'steps'
          ? days.filter((d) => d.steps > 0).map((d) => d.steps)
          : metric === 'active_minutes'
            ? days.filter((d) => d.steps > 0).map((d) => d.active)
            : days.map((d) => (metric === 'sleep_min' ? d.sleep : d.resting)).filter((v) => v !== null)) as number[]
      const figure = (metric: string, days: Day[]) => mean(withData(metric, days))
      const daily = (metric: string, d: Day) =>
        metric === 'steps'
          ? d.steps
          : metric === 'active_minutes'
            ? d.active
            : metric === 'sleep_min'
              ? d.sleep
              : d.resting
      const expected = ['steps', 'active_minutes', 'sleep_min', 'hr_resting'].map((metric) => {
        const value = figure(metric, week)
        const lastWeek = figure(metric, last)
        // the baseline: the same mean over the days with data of the 4 weeks before, left out
        // when fewer than 2 of them have data
        const older = weeks.slice(1).filter((w) => withData(metric, w).length > 0)
        const baseline = older.length < 2 ? null : mean(older.flatMap((w) => withData(metric, w)))
        const moves = []
        if (value !== null && lastWeek !== null)
          for (let i = 0; i < 7; i++) {
            const now = daily(metric, week[i]!)
            const before = daily(metric, last[i]!)
            if (now === null || before === null || now === before) continue
            if (value !== lastWeek && Math.sign(now - before) !== Math.sign(value - lastWeek)) continue
            moves.push({ date: week[i]!.date, value: now, last_week: before, delta: now - before })
          }
        moves.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.date < b.date ? -1 : 1))
        let trend = null
        if (metric === 'hr_resting') {
          const points = week.flatMap((d, x) => (d.resting === null ? [] : [[x, d.resting] as const]))
          if (points.length >= 3) {
            const n = points.length
            const sx = points.reduce((s, [x]) => s + x, 0)
            const sy = points.reduce((s, [, y]) => s + y, 0)
            const sxy = points.reduce((s, [x, y]) => s + x * y, 0)
            const sxx = points.reduce((s, [x]) => s + x * x, 0)
            trend = Math.round(((n * sxy - sx * sy) / (n * sxx - sx * sx)) * 7 * 10) / 10
          }
        }
        return {
          metric,
          value,
          last_week: lastWeek,
          baseline,
          change_pct: pct(value, lastWeek),
          baseline_pct: pct(value, baseline),
          days: moves.slice(0, 2),
          trend_bpm_per_week: trend,
        }
      })

      const report = await ok(user, '/v1/weeklyinfo', { date: addDays(monday, 2) })
      expect(report.week_start).toBe(monday)
      expect(report.drivers.map(({ text: _t, ...d }: { text: string }) => d)).toEqual(expected)
      // the simulation's days differ enough that the steps change has days behind it
      expect(expected[0]!.days.length).toBeGreaterThan(0)

      const inWeek = (from: string, t: number) => dayOf(t) >= from && dayOf(t) <= addDays(from, 6)
      const runs = (from: string) => samples.workouts.filter((w) => inWeek(from, w.start))
      const minutes = (list: typeof samples.workouts) => Math.round(list.reduce((n, w) => n + w.end - w.start, 0) / 60)
      const now = runs(monday)
      const before = runs(addDays(monday, -7))
      expect(report.activities).toEqual(
        now.length + before.length
          ? [
              {
                type: 'run',
                workouts: now.length,
                minutes: minutes(now),
                last_week_workouts: before.length,
                last_week_minutes: minutes(before),
              },
            ]
          : [],
      )

      const hhmm = (b: number | null) =>
        b === null
          ? null
          : `${String(Math.floor(((b + 1080) % 1440) / 60)).padStart(2, '0')}:${String((b + 1080) % 60).padStart(2, '0')}`
      const bedNow = mean(week.flatMap((d) => (d.bedtime === null ? [] : [d.bedtime])))
      const bedBefore = mean(last.flatMap((d) => (d.bedtime === null ? [] : [d.bedtime])))
      expect(report.bedtime).toEqual({
        avg: hhmm(bedNow),
        last_week: hhmm(bedBefore),
        shift_min: bedNow === null || bedBefore === null ? null : bedNow - bedBefore,
      })

      // the words carry the same numbers, in English and Chinese
      const steps = report.drivers[0]
      expect(steps.text).toContain(expected[0]!.value!.toLocaleString('en-US'))
      if (expected[0]!.change_pct !== null) expect(steps.text).toContain(`${Math.abs(expected[0]!.change_pct)}%`)
      const zh = (await user.call('/v1/weeklyinfo', { date: monday }, { lang: 'zh-cn' })).body.data
      expect(zh.drivers[0].text).toMatch(/^日均步数：/)
      expect(zh.drivers[0].text).toContain(`${expected[0]!.value!.toLocaleString('en-US')}步`)
      expect(zh.drivers[3].text).toContain(`${expected[3]!.value}次/分`)
      const tw = (await user.call('/v1/weeklyinfo', { date: monday }, { lang: 'zh-hk' })).body.data
      expect(tw.drivers[0].text).toMatch(/^日均步數：/)

      // one suggestion, by the first rule that holds
      const [, , sleep, rest] = expected
      const suggestion = expected.every((d) => d.value === null)
        ? 'Wear your watch'
        : rest!.value !== null && rest!.baseline !== null && rest!.value - rest!.baseline >= 3
          ? 'resting heart rate is'
          : (sleep!.value !== null && sleep!.value < 420) || (report.bedtime.shift_min ?? 0) >= 30
            ? 'Aim for at least 7 hours'
            : expected[0]!.baseline_pct !== null && expected[0]!.baseline_pct <= -10
              ? 'below your average of the weeks before'
              : 'A steady week'
      expect(report.suggestion).toContain(suggestion)
    },
  )

  it('asks a week without any figure to wear the watch', async () => {
    const empty = await aUser(app, TZ)
    const report = await ok(empty, '/v1/weeklyinfo', { date: monday })
    expect(report.drivers.map((d: { value: null }) => d.value)).toEqual([null, null, null, null])
    expect(report.suggestion).toMatch(/^Wear your watch/)
    const zh = (await empty.call('/v1/weeklyinfo', { date: monday }, { lang: 'zh-cn' })).body.data
    expect(zh.suggestion).toMatch(/^本周请日夜佩戴手表/)
  })
})
