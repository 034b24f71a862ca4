import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, refused, upload } from './health.testkit.ts'
import { give } from '../earn/earn.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

describe('the daily goal', () => {
  it('starts at 8,000 steps, 300 kcal, 5 km, saves a new goal and shows today’s progress', async () => {
    const user = await aUser(app)
    expect(await ok(user, '/v1/target')).toMatchObject({
      step: 8000,
      calorie: 300,
      distance: 5000,
      progress: { step_pct: 0, met: false },
    })
    const { token } = await aBoundWatch(app, user, 0)
    const minute = nowS() - (nowS() % 60) - 120
    await upload(app, token, { steps: [{ t: minute, count: 100 }] })
    const saved = await ok(user, '/v1/targetpost', { step: '1000', calorie: 50, distance: 500 })
    expect(saved).toMatchObject({
      step: 1000,
      calorie: 50,
      distance: 500,
      today: { steps: 100, distance_m: 70 },
      progress: { step_pct: 10, distance_pct: 14 },
    })
    expect(await ok(user, '/v1/target')).toMatchObject({ step: 1000 })
  })

  it('refuses goals out of range, naming which, and keeps the old goal', async () => {
    const user = await aUser(app)
    const low = await refused(user, '/v1/targetpost', { step: 999, calorie: 300, distance: 5000 })
    expect(low).toMatchObject({ error: 'GOAL_STEP_RANGE', msg: 'The step goal must be between 1,000 and 100,000' })
    expect((await refused(user, '/v1/targetpost', { step: 8000, calorie: 9000, distance: 5000 })).error).toBe(
      'GOAL_CALORIE_RANGE',
    )
    expect(
      (await refused(user, '/v1/targetpost', { step: 8000, calorie: 300, distance: '5 km' })).fields,
    ).toHaveProperty('distance')
    const zh = await user.call('/v1/targetpost', { step: 8000, calorie: 300 }, { lang: 'zh-cn' })
    expect(zh.body).toMatchObject({ code: false, error: 'FIELD_REQUIRED', msg: '请填写距离目标' })
    expect(await rowCount(app, 'health_goals', 'user_id = $1', [user.id])).toBe(0)
  })
})

describe('authorizations', () => {
  it('are all off until given, and each toggles on its own', async () => {
    const user = await aUser(app)
    expect(await ok(user, '/v1/authorize')).toEqual({
      exercise: false,
      sleep: false,
      heart_rate: false,
      updated_at: null,
    })
    expect(await ok(user, '/v1/authorize', { sleep: '1' })).toMatchObject({
      exercise: false,
      sleep: true,
      heart_rate: false,
    })
    expect(await ok(user, '/v1/authorize', { heart_rate: '1', sleep: '0' })).toMatchObject({
      sleep: false,
      heart_rate: true,
    })
    expect((await refused(user, '/v1/authorize', { exercise: 'yes' })).error).toBe('FIELD_INVALID')
    expect((await ok(await aUser(app), '/v1/authorize')).heart_rate).toBe(false)
  })
})

describe('the health questionnaire (PAR-Q+)', () => {
  it('asks seven questions in the request’s language and refuses incomplete answers', async () => {
    const user = await aUser(app)
    const en = await ok(user, '/v1/wellinfo')
    expect(en.questions).toHaveLength(7)
    expect(en.latest).toBeNull()
    const zh = (await user.call('/v1/wellinfo', {}, { lang: 'zh-hk' })).body.data
    expect(zh.questions[0].text).toMatch(/醫生/)
    const partial = await refused(user, '/v1/wellinfoup', { answers: ['no', 'no', 'no'] })
    expect(partial).toMatchObject({ error: 'QUESTIONNAIRE_INCOMPLETE', msg: 'Please select all the questions.' })
    expect((await refused(user, '/v1/wellinfoup', { answers: ['no', 'no', 'no', '', 'no', 'no', 'no'] })).error).toBe(
      'QUESTIONNAIRE_INCOMPLETE',
    )
    expect((await refused(user, '/v1/wellinfoup')).error).toBe('QUESTIONNAIRE_INCOMPLETE')
    expect(await rowCount(app, 'questionnaire_answers', 'user_id = $1', [user.id])).toBe(0)
  })

  it('stores answers and shows the latest with its advice', async () => {
    const user = await aUser(app)
    const clear = await ok(user, '/v1/wellinfoup', { answers: Array(7).fill('no') })
    expect(clear.latest).toMatchObject({ result: 'clear', answers: Array(7).fill('no') })
    const consult = await ok(user, '/v1/wellinfoup', { answers: ['no', 'yes', 'no', 'no', 'no', 'no', 'no'] })
    expect(consult.latest.result).toBe('consult')
    expect((await ok(user, '/v1/wellinfo')).latest.answers[1]).toBe('yes')
    expect((await ok(user, '/v1/well')).questionnaire.answered).toBe(true)
  })
})

describe('imported workouts', () => {
  it('stores a GPX workout once, with its heart-rate curve, pace and calories', async () => {
    const user = await aUser(app)
    await app.database.pool.query('UPDATE users SET weight = 60 WHERE id = $1', [user.id])
    const start = new Date(Date.now() - 86_400_000).toISOString()
    const params = {
      source: 'gpx',
      type: 'run',
      name: 'Morning run',
      start,
      duration_s: 1800,
      distance_m: 5000,
      heart_rate: '120,140,0,150',
    }
    const first = await ok(user, '/v1/motion_import', params)
    expect(first).toMatchObject({
      duplicate: false,
      source: 'gpx',
      name: 'Morning run',
      pace_s_per_km: 360,
      calories: 300, // 10 km/h → MET 10 × 60 kg × 0.5 h
      avg_hr: 137,
      max_hr: 150,
      heart_rate: [
        { minute: 0, bpm: 120 },
        { minute: 1, bpm: 140 },
        { minute: 3, bpm: 150 },
      ],
    })
    const again = await ok(user, '/v1/motion_import', params)
    expect(again).toMatchObject({ id: first.id, duplicate: true })
    expect((await ok(user, '/v1/motion')).total).toBe(1)
    const week = await ok(user, '/v1/weeklyinfo', { date: first.date })
    expect(week.totals).toMatchObject({ workouts: 1, workout_minutes: 30 })
  })

  it('refuses a bad start, a future start and an impossible heart rate', async () => {
    const user = await aUser(app)
    const base = { source: 'fit', start: new Date().toISOString(), duration_s: 600 }
    expect((await refused(user, '/v1/motion_import', { ...base, start: 'yesterday' })).fields).toHaveProperty('start')
    expect(
      (await refused(user, '/v1/motion_import', { ...base, start: new Date(Date.now() + 3_600_000).toISOString() }))
        .error,
    ).toBe('FIELD_INVALID')
    expect((await refused(user, '/v1/motion_import', { ...base, heart_rate: '120,900' })).fields).toHaveProperty(
      'heart_rate',
    )
    expect((await refused(user, '/v1/motion_import', { ...base, source: 'kml' })).fields).toHaveProperty('source')
    expect(await rowCount(app, 'workouts', 'user_id = $1', [user.id])).toBe(0)
  })
})

describe('the physical-fitness analysis', () => {
  it('is locked until redeemed, then reports VO2max from the resting heart rate', async () => {
    // about noon there now: the last 40 minutes' readings fall on one local day
    const user = await aUser(app, noonZone())
    await app.database.pool.query("UPDATE users SET birthday = '1990-01-01', gender = 'male' WHERE id = $1", [user.id])
    expect(await ok(user, '/v1/fitness')).toMatchObject({ active: false, report: null, valid_days: 30 })
    expect((await refused(user, '/v1/exchange_fitness', { request_id: 'fit-1' })).error).toBe('INSUFFICIENT_POINTS')
    const { token } = await aBoundWatch(app, user, 1)
    const from = nowS() - (nowS() % 60) - 40 * 60
    await upload(app, token, { heart_rate: Array.from({ length: 35 * 6 }, (_, i) => ({ t: from + i * 10, bpm: 60 })) })
    // redeemed with points: the analysis answers at once
    await give(app, user.id, 500n)
    const report = await ok(user, '/v1/exchange_fitness', { request_id: 'fit-1' })
    const age = new Date().getUTCFullYear() - 1990 - 1
    expect(report).toMatchObject({
      active: true,
      report: { sex: 'male', hr_rest: 60, hr_max: 220 - report.report.age, days: 1 },
    })
    expect(report.report.age).toBeGreaterThanOrEqual(age)
    expect(report.report.vo2max).toBe(Math.round((153 * report.report.hr_max) / 60) / 10)
    // its inputs, what one bpm of each moves, and the method with its confidence
    const max = report.report.hr_max
    expect(report.report.inputs).toEqual([
      { input: 'hr_max', value: max, source: 'age', per_bpm: Math.round((15.3 / 60) * 100) / 100 },
      { input: 'hr_rest', value: 60, source: 'resting_days', per_bpm: Math.round(((-15.3 * max) / 3600) * 100) / 100 },
    ])
    const vo2 = report.report.vo2max
    expect(report.report.method).toMatchObject({
      name: 'Uth–Sørensen–Overgaard–Pedersen (2004)',
      formula: 'VO2max = 15.3 × HRmax / HRrest',
      confidence: 'low',
      range: [Math.round(vo2 * 0.85 * 10) / 10, Math.round(vo2 * 1.15 * 10) / 10],
    })
    expect(report.report.method.text).toContain(`${max} bpm, 220 − your age`)
    const zh = (await user.call('/v1/fitness', {}, { lang: 'zh-cn' })).body.data
    expect(zh.report.method.text).toMatch(/^最大摄氧量按Uth–Sørensen法估算/)
    expect(zh.report.method.text).toContain('可信度低')
    expect((await ok(user, '/v1/well')).fitness.active).toBe(true)
  })
})
