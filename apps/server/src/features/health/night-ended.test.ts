import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installTestClock, startClockAt } from '../../platform/test-clock.ts'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { NIGHT_ENDED_AFTER_MIN } from './formulas.ts'
import { aBoundWatch, aUser, ok, upload } from './health.testkit.ts'

/**
 * A night still in progress is not a finished night (issue CLEAR): at 02:47 local a night that
 * began at 00:10 and whose last stage ended at 02:39 is shown as in progress, not scored, and no
 * report averages it; once no stage has come for NIGHT_ENDED_AFTER_MIN after the last, it is.
 */
const TZ = 'Asia/Shanghai' // UTC+8 all year
const at = (day: string, hm: string) => new Date(`${day}T${hm}:00+08:00`)
const s = (day: string, hm: string) => at(day, hm).getTime() / 1000

/** 23:00 the day before → 07:00 on `day`: 480 min asleep, deep and REM a fifth each (score 100). */
function fullNight(day: string, before: string) {
  return [
    { start: s(before, '23:00'), end: s(day, '01:00'), stage: 'light' },
    { start: s(day, '01:00'), end: s(day, '02:36'), stage: 'deep' },
    { start: s(day, '02:36'), end: s(day, '04:12'), stage: 'rem' },
    { start: s(day, '04:12'), end: s(day, '07:00'), stage: 'light' },
  ]
}

const TODAY = '2026-12-09' // a Wednesday; its week starts on 2026-12-07
/** 00:10 → 02:39 on TODAY: 143 min asleep so far. */
const tonight = [
  { start: s(TODAY, '00:10'), end: s(TODAY, '01:00'), stage: 'light' },
  { start: s(TODAY, '01:00'), end: s(TODAY, '01:54'), stage: 'deep' },
  { start: s(TODAY, '01:54'), end: s(TODAY, '02:00'), stage: 'awake' },
  { start: s(TODAY, '02:00'), end: s(TODAY, '02:39'), stage: 'light' },
]

let app: TestApp
beforeAll(async () => {
  startClockAt(at(TODAY, '02:47'))
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
  installTestClock() // the clock this file moved, back for the files after it in this worker
})

describe('a night still in progress', () => {
  it('is shown as in progress, not scored, and averaged by no report until it has ended', async () => {
    const user = await aUser(app, TZ)
    const { token } = await aBoundWatch(app, user, 0)
    const nights = [
      ...fullNight('2026-12-01', '2026-11-30'),
      ...fullNight('2026-12-02', '2026-12-01'),
      ...fullNight('2026-12-03', '2026-12-02'),
      ...fullNight('2026-12-07', '2026-12-06'),
      ...fullNight('2026-12-08', '2026-12-07'),
      ...tonight,
    ]
    const stored = await upload(app, token, { sleep: nights })
    expect(stored.body.data.accepted.sleep).toBe(nights.length)

    // 02:47: 8 minutes after the last stage
    const report = await ok(user, '/v1/sleep', { date: TODAY })
    expect(report.sleep).toBeNull()
    expect(report.score_inputs).toEqual([])
    expect(report.in_progress).toEqual({
      start: at(TODAY, '00:10').toISOString(),
      last_at: at(TODAY, '02:39').toISOString(),
      asleep_min: 143,
      ends_after_min: NIGHT_ENDED_AFTER_MIN,
    })
    expect(report.stages).toHaveLength(4)
    expect((await ok(user, '/v1/well', { date: TODAY })).sleep).toBeNull()

    const week = await ok(user, '/v1/weeklyinfo', { date: TODAY })
    expect(week.averages.sleep_min).toBe(480)
    expect(week.averages.sleep_score).toBe(100)
    expect(week.change.sleep_min).toBe(0)
    expect(week.days[2]).toMatchObject({ date: TODAY, sleep_min: 0, sleep_score: null })
    expect(week.drivers.find((d: { metric: string }) => d.metric === 'sleep_min')).toMatchObject({
      value: 480,
      last_week: 480,
      change_pct: 0,
    })

    const month = await ok(user, '/v1/healthtrend', { metric: 'sleep', period: 'month', date: TODAY })
    expect(month.points.find((p: { key: string }) => p.key === TODAY).value).toBeNull()
    expect(month.average).toBe(480)

    // a minute before the set time after the last stage: still in progress
    startClockAt(new Date(at(TODAY, '02:39').getTime() + (NIGHT_ENDED_AFTER_MIN - 1) * 60_000))
    expect((await ok(user, '/v1/sleep', { date: TODAY })).sleep).toBeNull()

    // the set time after the last stage, no stage since: the night has ended and is scored
    startClockAt(new Date(at(TODAY, '02:39').getTime() + NIGHT_ENDED_AFTER_MIN * 60_000))
    const ended = await ok(user, '/v1/sleep', { date: TODAY })
    expect(ended.in_progress).toBeNull()
    expect(ended.sleep).toMatchObject({ duration_min: 143, awake_min: 6, end: at(TODAY, '02:39').toISOString() })
    expect(ended.score_inputs).toHaveLength(4)
    const after = await ok(user, '/v1/weeklyinfo', { date: TODAY })
    expect(after.averages.sleep_min).toBe(Math.round((480 + 480 + 143) / 3))
    expect(after.days[2]).toMatchObject({ sleep_min: 143, sleep_score: ended.sleep.score })
  })
})
