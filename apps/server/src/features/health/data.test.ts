import { zipSync, unzipSync, strToU8, strFromU8 } from 'fflate'
import { FitEncoder, FitBaseType } from 'fit-file-parser/encoder'
import initSqlJs from 'sql.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload as uploadFile } from '../../../test/multipart.ts'
import { balanceOf, energyPostings } from '../earn/earn.testkit.ts'
import { addDays } from './dates.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, upload } from './health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.close())

type User = Awaited<ReturnType<typeof aUser>>

const minuteNow = () => nowS() - (nowS() % 60)

async function exportOf(user: User, from: string, to: string) {
  const response = await app.server.inject({
    method: 'GET',
    url: `/v1/health/export?from=${from}&to=${to}&account=${user.id}`,
    headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  })
  return response
}

const importFile = (user: User, bytes: Uint8Array, lang = 'us-en', name = 'export.zip') =>
  uploadFile(user, '/v1/health_import', { name, type: 'application/octet-stream', bytes: Buffer.from(bytes) }, { lang })

/** Every figure a user sees of a day: totals, heart rate, sleep. */
async function figures(user: User, day: string) {
  const well = await ok(user, '/v1/well', { date: day })
  const sleep = await ok(user, '/v1/sleep', { date: day })
  return { totals: well.totals, heart: { ...well.heart_rate, latest: well.heart_rate.latest?.bpm }, sleep: sleep.sleep }
}

/** A user with two days of watch data, a sleep, pressure, SpO2, a watch workout and two imported runs. */
async function aUserWithHistory() {
  const zone = noonZone()
  const user = await aUser(app, zone)
  await app.database.pool.query('UPDATE users SET weight = 72, stride = 81 WHERE id = $1', [user.id])
  const { token } = await aBoundWatch(app, user, 2)
  const base = minuteNow() - 26 * 3600
  const steps = Array.from({ length: 90 }, (_, i) => ({ t: base + i * 60, count: 40 + ((i * 37) % 120) }))
  const later = Array.from({ length: 60 }, (_, i) => ({ t: base + 24 * 3600 + i * 60, count: 70 + (i % 50) }))
  const hr = Array.from({ length: 180 }, (_, i) => ({ t: base + i * 30, bpm: 60 + ((i * 13) % 70) }))
  const batch = {
    steps: [...steps, ...later],
    heart_rate: hr,
    sleep: [
      { start: base - 8 * 3600, end: base - 6 * 3600, stage: 'light' },
      { start: base - 6 * 3600, end: base - 5 * 3600, stage: 'deep' },
    ],
    blood_pressure: [{ t: base + 600, systolic: 128, diastolic: 82 }],
    spo2: [{ t: base + 900, percent: 97 }],
    workouts: [{ start: base, end: base + 1800, type: 'walk', distance_m: 2100, steps: 2600 }],
  }
  expect((await upload(app, token, batch)).body.code).toBe(true)
  const track = Array.from(
    { length: 41 },
    // heart rate and cadence where the file had them (every other point)
    (_, i) =>
      `${i * 60},30.${String(10000 + i * 211)},120.${String(50000 + i * 97)},,` +
      (i % 2 ? ',' : `${130 + (i % 10)},${170 + (i % 5)}`),
  )
  await ok(user, '/v1/motion_import', {
    source: 'gpx',
    type: 'run',
    name: 'lake, "north"',
    start: new Date((base + 4 * 3600) * 1000).toISOString(),
    duration_s: 2400,
    distance_m: 6400,
    steps: 6100,
    track: track.join(';'),
  })
  await ok(user, '/v1/motion_import', {
    source: 'fit',
    type: 'cycle',
    start: new Date((base + 30 * 60) * 1000).toISOString(),
    duration_s: 3600,
    distance_m: 18000,
    heart_rate: Array.from({ length: 60 }, (_, i) => 110 + (i % 20)).join(','),
  })
  const days = [addDays(new Date(base * 1000).toISOString().slice(0, 10), -1)]
  const first = (await ok(user, '/v1/motion', {})).list.at(-1).date as string
  return { user, zone, first: addDays(first, -1), days }
}

describe('own your data: export and import', () => {
  it('export → import into a new account reproduces every daily total; a second import changes nothing', async () => {
    const { user, zone, first } = await aUserWithHistory()
    const to = (await ok(user, '/v1/well')).date as string
    const response = await exportOf(user, first, to)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toContain('attachment')
    const zip = new Uint8Array(response.rawPayload)
    const entries = unzipSync(zip)
    const names = Object.keys(entries)
    expect(names).toEqual(
      expect.arrayContaining([
        'kinetic-export.json',
        'profile.json',
        'days.csv',
        'samples/heart_rate.csv',
        'samples/steps.csv',
        'samples/sleep.csv',
        'samples/blood_pressure.csv',
        'samples/spo2.csv',
        'workouts/workouts.csv',
      ]),
    )
    expect(names.filter((n) => n.endsWith('.gpx'))).toHaveLength(3)
    expect(names.filter((n) => n.endsWith('.tcx'))).toHaveLength(3)
    const gpx = strFromU8(entries[names.find((n) => n.endsWith('-run.gpx'))!]!)
    expect(gpx).toContain('<trkpt lat="30.1" lon="120.5">')
    // the track's own heart rate and cadence (strides, half the steps a minute)
    expect(gpx).toContain('<gpxtpx:hr>130</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad>')
    expect(gpx).toContain('<trkpt lat="30.10211" lon="120.50097"><time>')
    const tcx = strFromU8(entries[names.find((n) => n.endsWith('-run.tcx'))!]!)
    expect(tcx).toContain('<HeartRateBpm><Value>130</Value></HeartRateBpm><Extensions><TPX')
    expect(tcx).toContain('<RunCadence>85</RunCadence>')
    expect(JSON.parse(strFromU8(entries['profile.json']!))).toMatchObject({ weight_kg: 72, stride_cm: 81 })
    const daysCsv = strFromU8(entries['days.csv']!)
    const dayList = daysCsv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]!)
    expect(dayList.length).toBeGreaterThanOrEqual(2)

    const other = await aUser(app, zone)
    await ok(other, '/v1/authorize', { exercise: '1', sleep: '1', heart_rate: '1' })
    const imported = await importFile(other, zip)
    expect(imported.body).toMatchObject({ code: true, data: { kind: 'kinetic', earns: false } })
    expect(imported.body.data.added).toMatchObject({ steps: 150, heart_rate: 180, sleep: 2, workouts: 3 })
    for (const day of dayList) expect(await figures(other, day), day).toEqual(await figures(user, day))
    const again = await exportOf(other, first, to)
    expect(strFromU8(unzipSync(new Uint8Array(again.rawPayload))['days.csv']!)).toBe(daysCsv)
    // an imported export never earns (earn's crediting.test.ts runs the daily catch-up over it)
    expect(await energyPostings(app, other.id)).toBe(0)

    const second = await importFile(other, zip)
    expect(second.body.data.added).toEqual({
      heart_rate: 0,
      steps: 0,
      sleep: 0,
      blood_pressure: 0,
      spo2: 0,
      workouts: 0,
    })
    expect(second.body.data.days).toEqual([])
    expect(strFromU8(unzipSync(new Uint8Array((await exportOf(other, first, to)).rawPayload))['days.csv']!)).toBe(
      daysCsv,
    )
    expect(await rowCount(app, 'workouts', 'user_id = $1', [other.id])).toBe(3)
    // the run's track came along whole: the same route and splits
    const runOf = async (u: typeof user) => {
      const list = (await ok(u, '/v1/motion', {})).list as { id: number; type: string }[]
      const { route, splits, cadence_spm } = await ok(u, '/v1/motioninfo', {
        id: list.find((w) => w.type === 'run')!.id,
      })
      return { route, splits, cadence_spm }
    }
    const original = await runOf(user)
    expect(original.route).toHaveLength(41)
    expect(await runOf(other)).toEqual(original)
  })

  it('serves only the signed-in account and refuses a range that ends after today', async () => {
    const user = await aUser(app)
    const stranger = await aUser(app)
    const today = (await ok(user, '/v1/well')).date as string
    const forged = await app.server.inject({
      method: 'GET',
      url: `/v1/health/export?from=${today}&to=${today}&account=${stranger.id}`,
      headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(forged.statusCode).toBe(401)
    const anonymous = await app.server.inject({ method: 'GET', url: `/v1/health/export?from=${today}&to=${today}` })
    expect(anonymous.statusCode).toBe(401)
    const future = await exportOf(user, today, addDays(today, 2))
    expect(future.statusCode).toBe(400)
    expect(future.json()).toMatchObject({ error: 'HEALTH_EXPORT_RANGE_INVALID' })
  })

  it('refuses a bad file with a localized error naming the problem, writing nothing', async () => {
    const user = await aUser(app)
    const unknown = await importFile(user, strToU8('hello, this is not health data'), 'zh-cn', 'notes.txt')
    expect(unknown.body).toMatchObject({
      code: false,
      error: 'IMPORT_FORMAT_UNKNOWN',
      msg: '此文件不是 Kinetic 导出、Gadgetbridge 数据库、Garmin FIT 文件或导出，也不是华为运动健康导出',
    })
    const broken = zipSync({
      'kinetic-export.json': strToU8(JSON.stringify({ format: 'kinetic-health-export', version: 1 })),
      'samples/steps.csv': strToU8('minute,steps\r\n2026-11-01T10:00:00.000Z,50\r\n2026-11-01T10:01:00.000Z,9000\r\n'),
    })
    const bad = await importFile(user, broken, 'zh-hk')
    expect(bad.body).toMatchObject({ error: 'IMPORT_ROW_INVALID', msg: '匯出中有無效的列：samples/steps.csv:3' })
    expect(await rowCount(app, 'step_samples', 'user_id = $1', [user.id])).toBe(0)
    const damaged = await importFile(user, broken.subarray(0, 60))
    expect(damaged.body).toMatchObject({
      error: 'IMPORT_ARCHIVE_BROKEN',
      msg: 'The zip file is damaged and cannot be opened',
    })
  })
})

describe('importing other apps’ exports', () => {
  it('a Gadgetbridge database imports its steps and heart rate, once', async () => {
    const user = await aUser(app, noonZone())
    await ok(user, '/v1/authorize', { exercise: '1' })
    const SQL = await initSqlJs()
    const db = new SQL.Database()
    db.run(`CREATE TABLE DEVICE (_id INTEGER PRIMARY KEY AUTOINCREMENT, NAME TEXT NOT NULL, MANUFACTURER TEXT NOT NULL,
              IDENTIFIER TEXT NOT NULL, TYPE INTEGER NOT NULL, MODEL TEXT, ALIAS TEXT)`)
    db.run(
      `CREATE TABLE USER (_id INTEGER PRIMARY KEY AUTOINCREMENT, NAME TEXT NOT NULL, BIRTHDAY INTEGER NOT NULL, GENDER INTEGER NOT NULL)`,
    )
    db.run(`CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL,
              USER_ID INTEGER NOT NULL, RAW_INTENSITY INTEGER NOT NULL, STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL,
              HEART_RATE INTEGER NOT NULL, PRIMARY KEY (TIMESTAMP, DEVICE_ID))`)
    db.run(
      `INSERT INTO DEVICE (NAME, MANUFACTURER, IDENTIFIER, TYPE) VALUES ('Mi Band 3', 'Xiaomi', 'C8:0F:10:00:00:01', 11)`,
    )
    db.run(`INSERT INTO USER (NAME, BIRTHDAY, GENDER) VALUES ('me', 0, 1)`)
    const start = minuteNow() - 4 * 3600
    const insert = db.prepare('INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?, 1, 1, ?, ?, 1, ?)')
    // 30 minutes: 100 steps each; heart rate 90 + i, except every 10th minute "not measured" (255)
    for (let i = 0; i < 30; i++) insert.run([start + i * 60, 40, 100, i % 10 === 9 ? 255 : 90 + i])
    insert.free()
    const file = db.export()
    db.close()

    const first = await importFile(user, file, 'us-en', 'Gadgetbridge')
    expect(first.body).toMatchObject({ code: true, data: { kind: 'gadgetbridge', earns: true } })
    expect(first.body.data.added).toMatchObject({ steps: 30, heart_rate: 27 })
    const day = first.body.data.days[0]
    const well = await ok(user, '/v1/well', { date: day })
    expect(well.totals).toMatchObject({ steps: 3000, active_minutes: 30 })
    const readings = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 10 !== 9)
    expect(well.heart_rate).toMatchObject({
      min: 90,
      max: 118,
      avg: Math.round(readings.reduce((s, i) => s + 90 + i, 0) / readings.length),
    })
    // zipped, and a second time: nothing new
    const again = await importFile(user, zipSync({ 'Gadgetbridge.db': file }))
    expect(again.body.data.added).toMatchObject({ steps: 0, heart_rate: 0 })
    expect((await ok(user, '/v1/well', { date: day })).totals.steps).toBe(3000)
    // inside earning's crediting window it earns: 3,000 steps and 30 active minutes
    await expect.poll(() => balanceOf(app, user.id, 'energy'), { timeout: 20_000 }).toBeGreaterThan(0n)
  })

  it('a Garmin FIT activity and a Huawei Health run count in their day’s totals', async () => {
    const user = await aUser(app, noonZone())
    const start = new Date((minuteNow() - 6 * 3600) * 1000)
    const fit = new FitEncoder()
    const ts = (d: Date) => FitEncoder.toFitTimestamp(d)
    fit.writeMessage(0, [
      { number: 0, size: 1, baseType: FitBaseType.Enum, value: 4 },
      { number: 4, size: 4, baseType: FitBaseType.Uint32, value: ts(start) },
    ])
    for (let i = 0; i <= 20; i++) {
      const at = new Date(start.getTime() + i * 60_000)
      fit.writeMessage(20, [
        { number: 253, size: 4, baseType: FitBaseType.Uint32, value: ts(at) },
        { number: 3, size: 1, baseType: FitBaseType.Uint8, value: 140 + i },
      ])
    }
    fit.writeMessage(18, [
      { number: 253, size: 4, baseType: FitBaseType.Uint32, value: ts(new Date(start.getTime() + 1_200_000)) },
      { number: 2, size: 4, baseType: FitBaseType.Uint32, value: ts(start) },
      { number: 7, size: 4, baseType: FitBaseType.Uint32, value: 1_200_000 },
      { number: 8, size: 4, baseType: FitBaseType.Uint32, value: 1_200_000 },
      { number: 9, size: 4, baseType: FitBaseType.Uint32, value: 400_000 },
      { number: 5, size: 1, baseType: FitBaseType.Enum, value: 1 },
    ])
    const garmin = zipSync({ 'DI_CONNECT/UploadedFiles_0-_Part1.zip': zipSync({ 'me_123.fit': fit.close() }) })
    const imported = await importFile(user, garmin, 'us-en', 'garmin.zip')
    expect(imported.body).toMatchObject({ code: true, data: { kind: 'garmin', added: { workouts: 1 } } })
    const day = imported.body.data.days[0]
    const run = (await ok(user, '/v1/motion', { date: day })).list[0]
    expect(run).toMatchObject({ type: 'run', source: 'fit', duration_s: 1200, distance_m: 4000, max_hr: 159 })
    expect((await ok(user, '/v1/well', { date: day })).totals).toMatchObject({ distance_m: 4000, active_minutes: 20 })
    expect((await importFile(user, garmin)).body.data.added.workouts).toBe(0)

    const hStart = start.getTime() + 2 * 3600_000
    const lines = Array.from(
      { length: 11 },
      (_, i) =>
        `tp=lbs;k=${i};lat=22.${5000 + i * 30};lon=114.${1000 + i * 30};alt=10.0;t=${(hStart + i * 180_000) / 1000};`,
    )
    const hr = Array.from({ length: 10 }, (_, i) => `tp=h-r;k=${hStart + i * 180_000};v=${130 + i};`)
    const huawei = JSON.stringify([
      {
        sportType: 4,
        startTime: hStart,
        endTime: hStart + 1_800_000,
        totalTime: 1_800_000,
        totalDistance: 5000,
        totalSteps: 5200,
        partTimeMap: {},
        attribute: `HW_EXT_TRACK_DETAIL@is${[...lines, ...hr].join('\n')}&&HW_EXT_TRACK_SIMPLIFY@is{"avgHeartRate":135}`,
      },
    ]).replace('"partTimeMap":{}', '"partTimeMap":{1.0:461.0}')
    const fromHuawei = await importFile(
      user,
      zipSync({ 'Motion path detail data & description/motion path detail data.json': strToU8(huawei) }),
    )
    expect(fromHuawei.body).toMatchObject({ code: true, data: { kind: 'huawei', added: { workouts: 1 } } })
    const totals = (await ok(user, '/v1/well', { date: day })).totals
    expect(totals).toMatchObject({ steps: 5200, distance_m: 9000, active_minutes: 50 })
    // its positions are the detail's route
    const huaweiRun = (await ok(user, '/v1/motion', { date: day })).list.find(
      (w: { source: string }) => w.source === 'huawei',
    )
    const detail = await ok(user, '/v1/motioninfo', { id: huaweiRun.id })
    expect(detail.route).toHaveLength(11)
    expect(detail.route[0]).toEqual([22.5, 114.1])
  })
})
