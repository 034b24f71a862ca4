import { device as d, deviceApi } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { aBoundWatch, aUser, deviceCall, nowS, ok, refused, seedCodes, upload } from '../health/health.testkit.ts'
import { BIND_FAILURES_PER_HOUR } from './device.service.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

const SAMPLE_TABLES = ['hr_samples', 'step_samples', 'health_minutes', 'health_days', 'sleep_segments', 'bp_samples']

describe('binding a watch', () => {
  it('binds with the right codes, lists it offline, and answers it again when bound twice', async () => {
    const [code] = await seedCodes(app)
    const me = await aUser(app)
    const device = await ok(me, '/v1/binding', {
      device_code: code!.deviceCode.toLowerCase(),
      active_code: code!.activeCode,
    })
    expect(device).toMatchObject({
      device_code: code!.deviceCode,
      model: 'Kinetic Watch S1',
      online: false,
      last_seen_at: null,
    })
    const again = await ok(me, '/v1/binding', { device_code: code!.deviceCode, active_code: code!.activeCode })
    expect(again.id).toBe(device.id)
    const list = await ok(me, '/v1/devicelist')
    expect(list).toMatchObject({
      total: 1,
      online_minutes: d.DEVICE_ONLINE_MINUTES,
      list: [{ id: device.id }],
    })
  })

  it('answers wrong or unknown codes alike, and a code bound by someone else clearly', async () => {
    const codes = await seedCodes(app)
    const owner = await aUser(app)
    const other = await aUser(app)
    const wrong = await refused(other, '/v1/binding', { device_code: codes[1]!.deviceCode, active_code: 'ACT00000' })
    const unknown = await refused(other, '/v1/binding', {
      device_code: 'KW-NOPE-0001',
      active_code: codes[1]!.activeCode,
    })
    expect(wrong).toMatchObject({
      error: 'DEVICE_CODE_INVALID',
      msg: 'The device code or activation code is incorrect',
    })
    expect(unknown.msg).toBe(wrong.msg)
    await ok(owner, '/v1/binding', { device_code: codes[1]!.deviceCode, active_code: codes[1]!.activeCode })
    const taken = await refused(other, '/v1/binding', {
      device_code: codes[1]!.deviceCode,
      active_code: codes[1]!.activeCode,
    })
    expect(taken.error).toBe('DEVICE_BOUND_ELSEWHERE')
    expect((await refused(other, '/v1/binding', {})).error).toBe('FIELD_REQUIRED')
    expect((await ok(other, '/v1/devicelist')).total).toBe(0)
  })

  it('stops guessing after too many wrong activation codes', async () => {
    const [code] = await seedCodes(app)
    const guesser = await aUser(app)
    for (let i = 0; i < BIND_FAILURES_PER_HOUR; i++)
      await refused(guesser, '/v1/binding', { device_code: code!.deviceCode, active_code: `WRONG${i}` })
    const blocked = await refused(guesser, '/v1/binding', {
      device_code: code!.deviceCode,
      active_code: code!.activeCode,
    })
    expect(blocked.error).toBe('TOO_MANY_ATTEMPTS')
  })

  it('forgets failures older than the hour: they neither block nor stay stored', async () => {
    const code = (await seedCodes(app))[9]
    const guesser = await aUser(app)
    await app.database.pool.query(
      `INSERT INTO device_bind_failures (user_id, created_at)
       SELECT $1, now() - interval '2 hours' FROM generate_series(1, $2::int)`,
      [guesser.id, BIND_FAILURES_PER_HOUR],
    )
    await refused(guesser, '/v1/binding', { device_code: code!.deviceCode, active_code: 'WRONG' })
    expect(await rowCount(app, 'device_bind_failures', 'user_id = $1', [guesser.id])).toBe(1)
    await ok(guesser, '/v1/binding', { device_code: code!.deviceCode, active_code: code!.activeCode })
  })

  it('lets only the owner unbind; unbinding revokes the token and the next user can bind', async () => {
    const owner = await aUser(app)
    const other = await aUser(app)
    const { device, token, code } = await aBoundWatch(app, owner, 2)
    expect((await upload(app, token, { heart_rate: [{ t: nowS() - 60, bpm: 70 }] })).status).toBe(200)
    expect((await ok(owner, '/v1/devicelist')).list[0]).toMatchObject({ id: device.id, online: true })

    expect((await refused(other, '/v1/unbind', { id: device.id })).error).toBe('DEVICE_NOT_FOUND')
    expect((await refused(other, '/v1/unbind', { id: 999_999 })).error).toBe('DEVICE_NOT_FOUND')
    expect(await ok(owner, '/v1/unbind', { id: device.id })).toEqual({ ok: true })
    expect((await ok(owner, '/v1/devicelist')).total).toBe(0)
    expect((await refused(owner, '/v1/unbind', { id: device.id })).error).toBe('DEVICE_NOT_FOUND')

    const before = await rowCounts(app, SAMPLE_TABLES)
    const revoked = await upload(app, token, { heart_rate: [{ t: nowS() - 30, bpm: 72 }] })
    expect(revoked).toMatchObject({ status: 401, body: { code: false, error: 'DEVICE_TOKEN_INVALID' } })
    expect(await rowCounts(app, SAMPLE_TABLES)).toEqual(before)
    const noToken = await deviceCall(app, deviceApi.DEVICE_TOKEN_PATH, {
      device_code: code.deviceCode,
      active_code: code.activeCode,
    })
    expect(noToken).toMatchObject({ status: 403, body: { error: 'DEVICE_NOT_BOUND' } })

    const next = await ok(other, '/v1/binding', { device_code: code.deviceCode, active_code: code.activeCode })
    expect(next.id).not.toBe(device.id)
  })
})

describe('the device API', () => {
  it('refuses a token request with wrong codes and uploads without a valid bearer token', async () => {
    const [code] = await seedCodes(app)
    const wrong = await deviceCall(app, deviceApi.DEVICE_TOKEN_PATH, {
      device_code: code!.deviceCode,
      active_code: 'nope',
    })
    expect(wrong).toMatchObject({ status: 401, body: { error: 'DEVICE_CODE_INVALID' } })
    expect((await deviceCall(app, deviceApi.DEVICE_SAMPLES_PATH, { sent_at: nowS() })).status).toBe(401)
    expect((await upload(app, 'made-up', { heart_rate: [] })).status).toBe(401)
  })

  it('refuses a malformed batch whole, naming each bad sample, and stores nothing', async () => {
    const me = await aUser(app)
    const { token } = await aBoundWatch(app, me, 3)
    const before = await rowCounts(app, SAMPLE_TABLES)
    const t = nowS() - 600
    const bad = await upload(app, token, {
      heart_rate: [
        { t, bpm: 70 },
        { t: t + 1, bpm: 400 },
      ],
      steps: [{ t, count: 20 }],
      blood_pressure: [{ t, systolic: 80, diastolic: 90 }],
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: false, error: 'SAMPLES_INVALID' })
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^heart_rate\.1\.bpm/),
        expect.stringMatching(/^blood_pressure\.0/),
      ]),
    )
    const future = await upload(app, token, { heart_rate: [{ t: nowS() + 3600, bpm: 70 }] })
    expect(future.body.errors).toEqual(['heart_rate.0.t: in the future'])
    const notJson = await deviceCall(app, deviceApi.DEVICE_SAMPLES_PATH, '{"sent_at":', token)
    expect(notJson.status).toBe(400)
    expect(await rowCounts(app, SAMPLE_TABLES)).toEqual(before)
  })

  it('refuses an oversized batch with 413 and stores nothing', async () => {
    const me = await aUser(app)
    const { token } = await aBoundWatch(app, me, 4)
    const before = await rowCounts(app, SAMPLE_TABLES)
    const t = nowS() - 86_400
    const heart_rate = Array.from({ length: 200_000 }, (_, i) => ({ t: t + i, bpm: 70 }))
    const big = await upload(app, token, { heart_rate })
    expect(big).toMatchObject({ status: 413, body: { error: 'BODY_TOO_LARGE' } })
    expect(await rowCounts(app, SAMPLE_TABLES)).toEqual(before)
  })

  it('stores a batch sent five times at once exactly once', async () => {
    const me = await aUser(app)
    const { token } = await aBoundWatch(app, me, 6)
    const t = nowS() - 7200
    const heart_rate = Array.from({ length: 600 }, (_, i) => ({ t: t + i, bpm: 60 + (i % 40) }))
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(app, token, { heart_rate })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.reduce((n, a) => n + a.body.data.accepted.heart_rate, 0)).toBe(600)
    const { rows } = await app.database.pool.query(
      'SELECT sum(hr_count)::int AS n, sum(hr_sum)::int AS s FROM health_minutes WHERE user_id = $1',
      [me.id],
    )
    expect(rows[0]).toEqual({ n: 600, s: heart_rate.reduce((n, x) => n + x.bpm, 0) })
  })

  it('stores a retried batch once and corrects a watch whose clock is off', async () => {
    const me = await aUser(app)
    const { token } = await aBoundWatch(app, me, 5)
    // a minute's first second, so t and t + 1 share one minute's rollup (at :59 they did not)
    const t = nowS() - 3600 - (nowS() % 60)
    const batch = {
      heart_rate: [
        { t, bpm: 60 },
        { t: t + 1, bpm: 62 },
        { t, bpm: 60 },
      ],
      steps: [{ t, count: 30 }],
      spo2: [{ t, percent: 97 }],
    }
    const first = await upload(app, token, batch)
    expect(first.body.data).toMatchObject({
      accepted: { heart_rate: 2, steps: 1, spo2: 1 },
      duplicate: { heart_rate: 1, steps: 0 },
      shifted_s: 0,
    })
    const retry = await upload(app, token, batch)
    expect(retry.body.data).toMatchObject({
      accepted: { heart_rate: 0, steps: 0, spo2: 0 },
      duplicate: { heart_rate: 3 },
    })
    const { rows } = await app.database.pool.query(
      'SELECT hr_sum, hr_count, steps FROM health_minutes WHERE user_id = $1',
      [me.id],
    )
    expect(rows).toEqual([{ hr_sum: 122, hr_count: 2, steps: 30 }])

    // the watch thinks it is an hour ahead: its samples are moved back by its error
    const skewed = await deviceCall(
      app,
      deviceApi.DEVICE_SAMPLES_PATH,
      { sent_at: nowS() + 3600, heart_rate: [{ t: nowS() + 3000, bpm: 66 }] },
      token,
    )
    expect(skewed.status).toBe(200)
    expect(Math.abs(skewed.body.data.shifted_s + 3600)).toBeLessThanOrEqual(2)
  })
})
