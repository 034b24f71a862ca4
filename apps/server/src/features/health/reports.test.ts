import type { AddressInfo } from 'node:net'
import { generate, localDay, simulateDays, type Samples } from '@kinetic/watch-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { addDays, daysBetween, weekStart } from './dates.ts'
import {
  activityCalories,
  cadenceOf,
  hrMax,
  paceSPerKm,
  sleepScore,
  workoutCalories,
  zoneOf,
  type CadenceMinutes,
} from './formulas.ts'
import { aBoundWatch, aUser, deviceCall, ok, refused, upload } from './health.testkit.ts'

const TZ = 'America/New_York'
const PROFILE = { birthday: '1990-05-01', weight: 70, stride: 75, gender: 'female' }
const SEED = 7

let app: TestApp
let baseUrl: string
beforeAll(async () => {
  app = await startTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`
})
afterAll(() => app?.close())

async function aWearer(index: number) {
  const user = await aUser(app, TZ)
  await app.database.pool.query('UPDATE users SET birthday = $1, weight = $2, stride = $3, gender = $4 WHERE id = $5', [
    PROFILE.birthday,
    PROFILE.weight,
    PROFILE.stride,
    PROFILE.gender,
    user.id,
  ])
  const watch = await aBoundWatch(app, user, index)
  return { user, ...watch }
}

// ---- what the reports must say, computed here from the samples alone

// local day and hour of an instant, looked up once per UTC hour (every offset here is whole hours)
const HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' })
const hours = new Map<number, { day: string; hour: number }>()
function local(t: number) {
  const key = Math.floor(t / 3600)
  let found = hours.get(key)
  if (!found) {
    found = { day: localDay(key * 3600, TZ), hour: Number(HOUR.format(new Date(key * 3_600_000))) }
    hours.set(key, found)
  }
  return found
}
const hourOf = (t: number) => local(t).hour
const dayOf = (t: number) => local(t).day
const minuteOf = (t: number) => t - (t % 60)

function minutesOf(samples: Samples, day: string) {
  const minutes = new Map<number, { sum: number; count: number; min: number; max: number }>()
  for (const s of samples.heart_rate) {
    if (dayOf(s.t) !== day) continue
    const m = minutes.get(minuteOf(s.t)) ?? { sum: 0, count: 0, min: 999, max: 0 }
    minutes.set(minuteOf(s.t), {
      sum: m.sum + s.bpm,
      count: m.count + 1,
      min: Math.min(m.min, s.bpm),
      max: Math.max(m.max, s.bpm),
    })
  }
  return [...minutes].sort(([a], [b]) => a - b)
}

function expectedDay(samples: Samples, day: string) {
  const steps = samples.steps.filter((s) => dayOf(s.t) === day)
  const classes: CadenceMinutes = { slow: 0, walk: 0, brisk: 0, run: 0 }
  for (const s of steps) {
    const c = cadenceOf(s.count)
    if (c) classes[c]++
  }
  const total = steps.reduce((n, s) => n + s.count, 0)
  const minutes = minutesOf(samples, day)
  const sum = minutes.reduce((n, [, m]) => n + m.sum, 0)
  const count = minutes.reduce((n, [, m]) => n + m.count, 0)
  let resting = Infinity
  for (let i = 29; i < minutes.length; i++) {
    // 30 minutes with readings, none missing between them
    const window = minutes.slice(i - 29, i + 1)
    if (window[29]![0] - window[0]![0] !== 29 * 60) continue
    resting = Math.min(resting, window.reduce((n, [, m]) => n + m.sum, 0) / window.reduce((n, [, m]) => n + m.count, 0))
  }
  const max = hrMax({ birthday: PROFILE.birthday, hrZone: null }, day)
  const zones: Record<string, number> = {}
  for (const [, m] of minutes) {
    const zone = zoneOf(m.sum / m.count, max)
    if (zone) zones[zone] = (zones[zone] ?? 0) + 1
  }
  // the night ending on `day`: segments starting from 18:00 the evening before
  const night = samples.sleep.filter(
    (s) => (hourOf(s.start) >= 18 ? addDays(dayOf(s.start), 1) : dayOf(s.start)) === day,
  )
  const secs = (stage: string) => night.filter((s) => s.stage === stage).reduce((n, s) => n + s.end - s.start, 0)
  const stages = {
    awake: Math.round(secs('awake') / 60),
    light: Math.round(secs('light') / 60),
    deep: Math.round(secs('deep') / 60),
    rem: Math.round(secs('rem') / 60),
  }
  return {
    totals: {
      date: day,
      steps: total,
      distance_m: Math.round((total * PROFILE.stride) / 100),
      calories: activityCalories(classes, PROFILE.weight),
      active_minutes: classes.walk + classes.brisk + classes.run,
    },
    hr: {
      avg: Math.round(sum / count),
      min: Math.min(...minutes.map(([, m]) => m.min)),
      max: Math.max(...minutes.map(([, m]) => m.max)),
      resting: Math.round(resting),
    },
    hrMax: max,
    zones,
    minutes,
    sleep: {
      duration_min: Math.round((secs('light') + secs('deep') + secs('rem')) / 60),
      awake_min: stages.awake,
      light_min: stages.light,
      deep_min: stages.deep,
      rem_min: stages.rem,
      score: sleepScore(stages),
      segments: night.length,
    },
    bp: samples.blood_pressure.filter((s) => dayOf(s.t) === day),
  }
}

describe('reports from a simulated fortnight', () => {
  let samples: Samples
  let user: Awaited<ReturnType<typeof aWearer>>['user']
  // one "today" for every expectation (TEST_NOW moves it; see platform/test-clock.ts)
  const today = localDay(Math.floor(Date.now() / 1000), TZ)
  const end = addDays(today, -1)
  const day = addDays(end, -2)

  beforeAll(async () => {
    const wearer = await aWearer(0)
    user = wearer.user
    const options = {
      baseUrl,
      deviceCode: wearer.code.deviceCode,
      activationCode: wearer.code.activeCode,
      days: 10,
      seed: SEED,
      end,
      timeZone: TZ,
      hrIntervalS: 30,
    }
    const run = await simulateDays(options)
    samples = run.samples
    expect(run.accepted.heart_rate).toBe(samples.heart_rate.length)
    // the same samples again: nothing is stored twice
    const again = await simulateDays(options)
    expect(again.accepted).toEqual({ heart_rate: 0, steps: 0, sleep: 0, blood_pressure: 0, spo2: 0, workouts: 0 })
    expect(again.samples).toEqual(
      generate({ days: 10, end, timeZone: TZ, seed: SEED, hrIntervalS: 30, now: Math.floor(Date.now() / 1000) }),
    )
  })

  it('gives the day overview: steps, mileage, calories, heart rate, sleep and the watch online', async () => {
    const want = expectedDay(samples, day)
    const well = await ok(user, '/v1/well', { date: day })
    expect(well).toMatchObject({
      date: day,
      time_zone: TZ,
      totals: want.totals,
      heart_rate: want.hr,
      sleep: { duration_min: want.sleep.duration_min, score: want.sleep.score },
      devices: { bound: 1, online: true },
    })
    expect(well.hourly_steps.reduce((a: number, b: number) => a + b, 0)).toBe(want.totals.steps)
    expect(well.blood_pressure).toMatchObject({
      systolic: want.bp.at(-1)!.systolic,
      diastolic: want.bp.at(-1)!.diastolic,
    })
    expect(well.goal).toMatchObject({ step: 8000, calorie: 300, distance: 5000 })
  })

  it('gives heart-rate zones, the per-minute record and blood pressure of a day', async () => {
    const want = expectedDay(samples, day)
    const report = await ok(user, '/v1/heartrate', { date: day })
    expect(report.hr_max).toBe(want.hrMax)
    expect(report.summary).toMatchObject(want.hr)
    expect(
      Object.fromEntries(
        report.zones
          .filter((z: { minutes: number }) => z.minutes > 0)
          .map((z: { zone: string; minutes: number }) => [z.zone, z.minutes]),
      ),
    ).toEqual(want.zones)
    expect(report.zones.map((z: { zone: string }) => z.zone)).toEqual([
      'warmup',
      'fatburn',
      'aerobic',
      'anaerobic',
      'limit',
    ])
    expect(report.series).toHaveLength(want.minutes.length)
    expect(report.series[0]).toMatchObject({ avg: Math.round(want.minutes[0]![1].sum / want.minutes[0]![1].count) })
    expect(
      report.blood_pressure.map((b: { systolic: number; diastolic: number }) => [b.systolic, b.diastolic]),
    ).toEqual(want.bp.map((b) => [b.systolic, b.diastolic]))
    expect(report.spo2).toHaveLength(3)
  })

  it('gives the sleep report of the night ending on a day', async () => {
    const want = expectedDay(samples, day)
    const report = await ok(user, '/v1/sleep', { date: day })
    expect(report.sleep).toMatchObject({
      duration_min: want.sleep.duration_min,
      awake_min: want.sleep.awake_min,
      light_min: want.sleep.light_min,
      deep_min: want.sleep.deep_min,
      rem_min: want.sleep.rem_min,
      score: want.sleep.score,
    })
    expect(report.stages).toHaveLength(want.sleep.segments)
    // the score's inputs add up to it
    const asleep = want.sleep.duration_min
    const inBed = asleep + want.sleep.awake_min
    expect(report.score_inputs).toEqual([
      {
        input: 'duration',
        value: asleep,
        target: 480,
        points: Math.round(Math.min(1, asleep / 480) * 500) / 10,
        max_points: 50,
      },
      {
        input: 'deep_share',
        value: Math.round((want.sleep.deep_min / asleep) * 1000) / 10,
        target: 20,
        points: Math.round(Math.min(1, want.sleep.deep_min / asleep / 0.2) * 200) / 10,
        max_points: 20,
      },
      {
        input: 'rem_share',
        value: Math.round((want.sleep.rem_min / asleep) * 1000) / 10,
        target: 20,
        points: Math.round(Math.min(1, want.sleep.rem_min / asleep / 0.2) * 200) / 10,
        max_points: 20,
      },
      {
        input: 'efficiency',
        value: Math.round((asleep / inBed) * 1000) / 10,
        target: 100,
        points: Math.round((asleep / inBed) * 100) / 10,
        max_points: 10,
      },
    ])
    const points = report.score_inputs.reduce((n: number, p: { points: number }) => n + p.points, 0)
    expect(Math.abs(points - want.sleep.score)).toBeLessThanOrEqual(1)
    expect(report.score_method).toContain('50 points at 8 h asleep')
  })

  it('lists the sports records with distance, pace, calories and heart rate', async () => {
    const records = await ok(user, '/v1/motion', { limit: 100 })
    expect(records.total).toBe(samples.workouts.length)
    const newest = samples.workouts.at(-1)!
    const duration = newest.end - newest.start
    const hr = samples.heart_rate.filter((s) => minuteOf(s.t) >= minuteOf(newest.start) && minuteOf(s.t) < newest.end)
    expect(records.list[0]).toMatchObject({
      type: 'run',
      source: 'watch',
      date: dayOf(newest.start),
      duration_s: duration,
      distance_m: newest.distance_m,
      steps: newest.steps,
      pace_s_per_km: paceSPerKm(duration, newest.distance_m),
      calories: workoutCalories('run', duration, newest.distance_m, PROFILE.weight),
      avg_hr: Math.round(hr.reduce((n, s) => n + s.bpm, 0) / hr.length),
      max_hr: Math.max(...hr.map((s) => s.bpm)),
    })
    const detail = await ok(user, '/v1/motioninfo', { id: records.list[0].id })
    expect(detail.heart_rate.length).toBe(new Set(hr.map((s) => minuteOf(s.t))).size)
    const ofDay = await ok(user, '/v1/motion', { date: dayOf(newest.start) })
    expect(ofDay).toMatchObject({
      total: 1,
      date: dayOf(newest.start),
      day: expectedDay(samples, dayOf(newest.start)).totals,
    })
  })

  it('gives the weekly report: totals, goal days, change from last week, in words', async () => {
    const monday = weekStart(end)
    const lastMonday = addDays(monday, -7)
    const week = (from: string) => Array.from({ length: 7 }, (_, i) => expectedDay(samples, addDays(from, i)))
    const sum = (days: ReturnType<typeof week>, f: (d: ReturnType<typeof expectedDay>) => number) =>
      days.reduce((n, d) => n + f(d), 0)
    const last = week(lastMonday)
    const report = await ok(user, '/v1/weeklyinfo', { date: addDays(lastMonday, 3) })
    const steps = sum(last, (d) => d.totals.steps)
    expect(report).toMatchObject({
      week_start: lastMonday,
      week_end: addDays(lastMonday, 6),
      totals: {
        steps,
        distance_m: sum(last, (d) => d.totals.distance_m),
        calories: sum(last, (d) => d.totals.calories),
        sleep_min: sum(last, (d) => d.sleep.duration_min),
        workouts: samples.workouts.filter(
          (w) => dayOf(w.start) >= lastMonday && dayOf(w.start) <= addDays(lastMonday, 6),
        ).length,
      },
      goal_days: last.filter((d) => d.totals.steps >= 8000 && d.totals.calories >= 300 && d.totals.distance_m >= 5000)
        .length,
    })
    expect(report.days.map((d: { steps: number }) => d.steps)).toEqual(last.map((d) => d.totals.steps))
    const before = sum(week(addDays(lastMonday, -7)), (d) => d.totals.steps)
    expect(report.previous.steps).toBe(before)
    // the change compares the steps a day over the days with steps, not the totals
    const perDay = (days: ReturnType<typeof week>) => {
      const walked = days.filter((d) => d.totals.steps > 0)
      return walked.length ? Math.round(sum(walked, (d) => d.totals.steps) / walked.length) : null
    }
    const [nowDay, beforeDay] = [perDay(last), perDay(week(addDays(lastMonday, -7)))]
    expect(report.change.steps).toBe(
      nowDay !== null && beforeDay ? Math.round(((nowDay - beforeDay) / beforeDay) * 100) : null,
    )
    expect(report.summary[0]).toContain(steps.toLocaleString('en-US'))
    const zh = (await user.call('/v1/weeklyinfo', { date: lastMonday }, { lang: 'zh-cn' })).body.data
    expect(zh.summary[0]).toMatch(/^本周您走了/)
    // every week from the one of the first sample to this one: 2 or 3, by the weekday of `today`
    const first = dayOf(samples.heart_rate.reduce((a, s) => Math.min(a, s.t), Infinity))
    const thisWeek = weekStart(today)
    const weeks = await ok(user, '/v1/weekly', { limit: 2 })
    expect(weeks.list.map((w: { week_start: string }) => w.week_start)).toEqual([thisWeek, addDays(thisWeek, -7)])
    expect(weeks.total).toBe(daysBetween(weekStart(first), thisWeek) / 7 + 1)
  })

  // some 29,000 samples uploaded again in 5,000-sample slices: up to 61 s on a loaded 2-core machine
  it('answers the same reports when the batches arrive out of order', { timeout: 150_000 }, async () => {
    const other = await aWearer(1)
    const kinds = ['heart_rate', 'steps', 'sleep', 'blood_pressure', 'spo2', 'workouts'] as const
    // newest first, in slices of 5,000, each slice also repeating part of the one before
    for (const kind of kinds) {
      const items = samples[kind] as unknown[]
      for (let hi = items.length; hi > 0; hi -= 5000) {
        const result = await upload(app, other.token, {
          [kind]: items.slice(Math.max(0, hi - 5000), Math.min(items.length, hi + 100)),
        })
        expect(result.status).toBe(200)
      }
    }
    for (const method of ['/v1/well', '/v1/heartrate', '/v1/sleep', '/v1/weeklyinfo']) {
      const mine = await ok(user, method, { date: day })
      const theirs = await ok(other.user, method, { date: day })
      expect(JSON.stringify({ ...theirs, devices: undefined }), method).toBe(
        JSON.stringify({ ...mine, devices: undefined }),
      )
    }
  })
})

describe('day and week boundaries in the user’s time zone', () => {
  it('counts steps on the local day and in the local week, across Sunday midnight', async () => {
    const tz = 'Pacific/Auckland'
    const user = await aUser(app, tz)
    const { token } = await aBoundWatch(app, user, 2)
    // a recent Sunday in Auckland, 23:30 and the Monday after, 00:30 (UTC+13 in summer, +12 in winter):
    // last week's, so both are past whatever hour of this Monday it is now
    const today = localDay(Math.floor(Date.now() / 1000), tz)
    const monday = addDays(weekStart(today), -7)
    const sunday = addDays(monday, -1)
    const probe = (day: string, hours: number) => {
      const guess = Date.parse(`${day}T00:00:00Z`) / 1000 + hours * 3600
      for (let offset = -14; offset <= 14; offset++) {
        const t = guess - offset * 3600
        const parts = new Intl.DateTimeFormat('en-CA', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(t * 1000))
        if (parts.startsWith(day) && parts.endsWith(`${String(Math.floor(hours)).padStart(2, '0')}:30`)) return t
      }
      throw new Error('no such local time')
    }
    const lateSunday = probe(sunday, 23.5)
    const earlyMonday = probe(monday, 0.5)
    expect(new Date(earlyMonday * 1000).getUTCDay()).toBe(0) // still Sunday in UTC
    const stored = await upload(app, token, {
      steps: [
        { t: lateSunday, count: 111 },
        { t: earlyMonday, count: 222 },
      ],
    })
    expect(stored.status).toBe(200)
    expect((await ok(user, '/v1/well', { date: sunday })).totals.steps).toBe(111)
    expect((await ok(user, '/v1/well', { date: monday })).totals.steps).toBe(222)
    expect((await ok(user, '/v1/weeklyinfo', { date: sunday })).totals.steps).toBe(111)
    const thisWeek = await ok(user, '/v1/weeklyinfo', { date: monday })
    expect(thisWeek).toMatchObject({
      week_start: monday,
      totals: { steps: 222 },
      previous: { steps: 111 },
      change: { steps: 100 },
    })
  })

  it('refuses a day that does not exist and keeps reports to their owner', async () => {
    const user = await aUser(app)
    expect((await refused(user, '/v1/well', { date: '2026-02-30' })).error).toBe('FIELD_INVALID')
    expect((await refused(user, '/v1/heartrate', { date: 'yesterday' })).error).toBe('FIELD_INVALID')
    const owner = await aWearer(3)
    const t = Math.floor(Date.now() / 1000) - 7200
    await upload(app, owner.token, {
      workouts: [{ start: t, end: t + 1800, type: 'walk', distance_m: 2000, steps: 2600 }],
    })
    const [mine] = (await ok(owner.user, '/v1/motion')).list
    expect((await refused(user, '/v1/motioninfo', { id: mine.id })).error).toBe('WORKOUT_NOT_FOUND')
    expect((await ok(user, '/v1/motion')).total).toBe(0)
    const unknown = await deviceCall(app, '/device/v1/samples', { sent_at: 0 }, 'nope')
    expect(unknown.status).toBe(401)
  })
})
