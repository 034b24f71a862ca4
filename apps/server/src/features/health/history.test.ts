import { errorMessage, WIRE_LANGS } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { today } from './dates.ts'
import { aBoundWatch, aUser, noonZone, nowS, ok, refused, upload } from './health.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const weightRows = (userId: number) => rowCount(app, 'weight_entries', 'user_id = $1', [userId])
const profileWeight = async (client: Awaited<ReturnType<typeof aUser>>) =>
  (await ok<{ weight: number | null }>(client, '/v1/userinfo')).weight

describe('the weight log', () => {
  it.each([
    { name: 'a word', weight: 'heavy', code: 'WEIGHT_INVALID' },
    { name: 'two decimals', weight: '72.45', code: 'WEIGHT_INVALID' },
    { name: 'a missing weight', weight: '', code: 'WEIGHT_INVALID' },
    { name: 'too light a weight', weight: '19.9', code: 'WEIGHT_RANGE' },
    { name: 'too heavy a weight', weight: '300.1', code: 'WEIGHT_RANGE' },
  ] as const)('refuses $name in every language, naming the weight, and stores nothing', async ({ weight, code }) => {
    const user = await aUser(app)
    for (const lang of WIRE_LANGS) {
      const { body } = await user.call('/v1/weightadd', { weight }, { lang })
      expect(body).toMatchObject({ code: false, error: code, msg: errorMessage(code, lang) })
      expect((body.fields as Record<string, string>).weight).toBe(errorMessage(code, lang))
    }
    expect(await weightRows(user.id)).toBe(0)
    expect(await profileWeight(user)).toBeNull()
  })

  it("refuses a day after today in the account's zone, a day that does not exist and one before 1900", async () => {
    const zone = 'Pacific/Kiritimati' // UTC+14: its today is tomorrow for most of the world
    const user = await aUser(app, zone)
    const tomorrow = new Date(Date.now() + 86_400_000 * 1.5)
    for (const date of [today(zone, tomorrow), '2025-02-30', '1899-12-31', '2025-1-1']) {
      const answer = await refused(user, '/v1/weightadd', { weight: '70', date })
      expect(answer).toMatchObject({ error: 'WEIGHT_DATE_INVALID', fields: { date: answer.msg } })
    }
    // today in that zone is accepted, even where it is still yesterday elsewhere
    expect(await ok(user, '/v1/weightadd', { weight: '70', date: today(zone) })).toMatchObject({
      date: today(zone),
    })
    expect(await weightRows(user.id)).toBe(1)
  })

  it('keeps one entry per day, lists them newest first and makes the profile show the latest day', async () => {
    const user = await aUser(app)
    const first = await ok(user, '/v1/weightadd', { weight: '72.4', date: '2026-01-10' })
    expect(first).toEqual({ id: expect.any(Number), date: '2026-01-10', weight: 72.4 })
    expect(await profileWeight(user)).toBe(72.4)
    // an older day does not change the profile
    await ok(user, '/v1/weightadd', { weight: '74', date: '2025-12-01' })
    expect(await profileWeight(user)).toBe(72.4)
    // the same day again: the day's entry takes the new weight
    const again = await ok(user, '/v1/weightadd', { weight: '71,8', date: '2026-01-10' })
    expect(again).toEqual({ id: first.id, date: '2026-01-10', weight: 71.8 })
    expect(await profileWeight(user)).toBe(71.8)
    const log = await ok(user, '/v1/weightlog')
    expect(log).toMatchObject({
      total: 2,
      list: [
        { date: '2026-01-10', weight: 71.8 },
        { date: '2025-12-01', weight: 74 },
      ],
    })
  })

  it('edits and deletes own entries; the profile follows the latest day', async () => {
    const user = await aUser(app)
    const older = await ok(user, '/v1/weightadd', { weight: '80', date: '2026-02-01' })
    const newer = await ok(user, '/v1/weightadd', { weight: '79.5', date: '2026-02-08' })
    expect(await ok(user, '/v1/weightedit', { id: newer.id, weight: '78.9' })).toEqual({
      id: newer.id,
      date: '2026-02-08',
      weight: 78.9,
    })
    expect(await profileWeight(user)).toBe(78.9)
    // moving an entry onto a day that has one is refused, naming the date
    const taken = await refused(user, '/v1/weightedit', { id: older.id, date: '2026-02-08' })
    expect(taken).toMatchObject({ error: 'WEIGHT_DAY_TAKEN', fields: { date: taken.msg } })
    // moved to a later day, it becomes the latest
    await ok(user, '/v1/weightedit', { id: older.id, date: '2026-02-15' })
    expect(await profileWeight(user)).toBe(80)
    expect(await ok(user, '/v1/weightdel', { id: older.id })).toEqual({ ok: true })
    expect(await profileWeight(user)).toBe(78.9)
    expect((await ok(user, '/v1/weightlog')).list).toEqual([{ id: newer.id, date: '2026-02-08', weight: 78.9 }])
  })

  it("answers another user's entry like a missing one and changes nothing of it", async () => {
    const owner = await aUser(app)
    const other = await aUser(app)
    const entry = await ok(owner, '/v1/weightadd', { weight: '65', date: '2026-03-03' })
    for (const [method, params] of [
      ['/v1/weightedit', { id: entry.id, weight: '99' }],
      ['/v1/weightdel', { id: entry.id }],
    ] as const) {
      expect(await refused(other, method, params)).toMatchObject({ error: 'WEIGHT_NOT_FOUND' })
    }
    expect((await ok(other, '/v1/weightlog')).list).toEqual([])
    expect((await ok(owner, '/v1/weightlog')).list).toEqual([entry])
    expect(await profileWeight(owner)).toBe(65)
    expect(await profileWeight(other)).toBeNull()
  })
})

describe('months and years', () => {
  it("answers steps, sleep and resting heart rate per day of a month and per month of a year, in the account's days", async () => {
    const zone = noonZone()
    const user = await aUser(app, zone)
    const { token } = await aBoundWatch(app, user, 5)
    // about noon of the local day `n` days ago: steps then, a night ending that morning
    const noon = (n: number) => nowS() - n * 86_400
    const days = [
      { n: 1, steps: 900, sleep: 7 * 3600 },
      { n: 2, steps: 3000, sleep: 6 * 3600 },
      { n: 3, steps: 1200, sleep: 8 * 3600 },
    ]
    const answer = await upload(app, token, {
      // 100 steps a minute (a watch counts per minute)
      steps: days.flatMap((d) =>
        Array.from({ length: d.steps / 100 }, (_, i) => ({ t: noon(d.n) + i * 60, count: 100 })),
      ),
      // each night in two segments (a watch's are at most 6 h): light, then deep until 5 h before noon
      sleep: days.flatMap((d) => {
        const end = noon(d.n) - 5 * 3600
        const mid = end - d.sleep / 2
        return [
          { start: end - d.sleep, end: mid, stage: 'light' },
          { start: mid, end, stage: 'deep' },
        ]
      }),
      // 30 minutes at 52 bpm on the day before yesterday: its resting heart rate
      heart_rate: Array.from({ length: 30 }, (_, i) => ({ t: noon(2) - 3600 + i * 60, bpm: 52 })),
    })
    expect(answer.body).toMatchObject({ code: true })
    const dayOf = (n: number) => today(zone, new Date(noon(n) * 1000))

    const month = await ok(user, '/v1/healthtrend', { metric: 'steps', period: 'month', date: dayOf(1) })
    const inMonth = days.filter((d) => dayOf(d.n).slice(0, 7) === dayOf(1).slice(0, 7))
    expect(month.from).toBe(`${dayOf(1).slice(0, 7)}-01`)
    expect(month.points.length).toBeGreaterThanOrEqual(28)
    for (const d of inMonth) expect(month.points).toContainEqual({ key: dayOf(d.n), value: d.steps })
    expect(month.points.filter((p: { value: number | null }) => p.value !== null)).toHaveLength(inMonth.length)
    expect(month.days_with_data).toBe(inMonth.length)
    expect(month.average).toBe(Math.round(inMonth.reduce((s, d) => s + d.steps, 0) / inMonth.length))

    const year = await ok(user, '/v1/healthtrend', { metric: 'sleep', period: 'year', date: dayOf(1) })
    expect(year.points.map((p: { key: string }) => p.key)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${dayOf(1).slice(0, 4)}-${String(i + 1).padStart(2, '0')}`),
    )
    const inYear = days.filter((d) => dayOf(d.n).slice(0, 4) === dayOf(1).slice(0, 4))
    const byMonth = new Map<string, typeof inYear>()
    for (const d of inYear) byMonth.set(dayOf(d.n).slice(0, 7), [...(byMonth.get(dayOf(d.n).slice(0, 7)) ?? []), d])
    for (const [key, list] of byMonth)
      expect(year.points).toContainEqual({
        key,
        value: Math.round(list.reduce((s, d) => s + d.sleep / 60, 0) / list.length),
      })
    expect(year.min).toBe(Math.min(...inYear.map((d) => d.sleep / 60)))
    expect(year.max).toBe(Math.max(...inYear.map((d) => d.sleep / 60)))

    const resting = await ok(user, '/v1/healthtrend', { metric: 'resting_hr', period: 'month', date: dayOf(2) })
    expect(resting.points.filter((p: { value: number | null }) => p.value !== null)).toEqual([
      { key: dayOf(2), value: 52 },
    ])
  })

  it('answers the weight log per day of a month and per month of a year, with one decimal', async () => {
    const user = await aUser(app)
    for (const [date, weight] of [
      ['2026-03-02', '70.2'],
      ['2026-03-20', '70.5'],
      ['2026-05-05', '69'],
    ])
      await ok(user, '/v1/weightadd', { date, weight })
    const month = await ok(user, '/v1/healthtrend', { metric: 'weight', period: 'month', date: '2026-03-15' })
    expect(month).toMatchObject({ from: '2026-03-01', to: '2026-03-31', average: 70.4, min: 70.2, max: 70.5 })
    expect(month.points).toHaveLength(31)
    expect(month.points[1]).toEqual({ key: '2026-03-02', value: 70.2 })
    const year = await ok(user, '/v1/healthtrend', { metric: 'weight', period: 'year', date: '2026-07-01' })
    expect(year.points.slice(2, 5)).toEqual([
      { key: '2026-03', value: 70.4 },
      { key: '2026-04', value: null },
      { key: '2026-05', value: 69 },
    ])
    expect(year.days_with_data).toBe(3)
  })

  it('refuses an unknown metric or period and a day that does not exist', async () => {
    const user = await aUser(app)
    expect(await refused(user, '/v1/healthtrend', { metric: 'mood', period: 'month' })).toMatchObject({
      error: 'FIELD_INVALID',
      fields: { metric: expect.any(String) },
    })
    expect(await refused(user, '/v1/healthtrend', { metric: 'steps', period: 'decade' })).toMatchObject({
      error: 'FIELD_INVALID',
    })
    expect(
      await refused(user, '/v1/healthtrend', { metric: 'steps', period: 'month', date: '2026-02-30' }),
    ).toMatchObject({ error: 'FIELD_INVALID', fields: { date: expect.any(String) } })
  })
})
