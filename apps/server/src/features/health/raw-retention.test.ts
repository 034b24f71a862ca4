import { strFromU8, unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { addDays, today } from './dates.ts'
import { EXPORT_MANIFEST } from './export-format.ts'
import { aBoundWatch, aUser, maintainPartitions, noonZone, nowS, ok, upload } from './health.testkit.ts'
import { RAW_TABLES } from './partitions.repo.ts'

const DAY_MS = 86_400_000
const utcDay = (at: Date) => at.toISOString().slice(0, 10)
const compact = (day: string) => day.replaceAll('-', '')

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function partitionDays(a: TestApp, table: string): Promise<string[]> {
  const { rows } = await a.database.pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [table],
  )
  return rows.map((r) => r.name)
}

const count = async (a: TestApp, query: string, params: unknown[]) =>
  Number((await a.database.pool.query<{ n: string }>(query, params)).rows[0]?.n)

describe('raw samples in day partitions', () => {
  it('the job makes every raw table’s partitions from yesterday to a week ahead, and moves a kept day’s rows out of the default partition', async () => {
    app = await startTestApp()
    const user = await aUser(app)
    const later = new Date(Date.now() + 40 * DAY_MS)
    const stray = new Date(later.getTime() + 3 * DAY_MS)
    // no partition of that day yet: the row waits in the default partition
    await app.database.pool.query('INSERT INTO hr_samples (user_id, t, bpm) VALUES ($1, $2, 71)', [user.id, stray])
    const where = `SELECT tableoid::regclass::text AS n FROM hr_samples WHERE user_id = $1`
    expect((await app.database.pool.query<{ n: string }>(where, [user.id])).rows).toEqual([{ n: 'hr_samples_default' }])

    const { created } = await maintainPartitions(app, later)

    for (const table of RAW_TABLES) {
      const names = await partitionDays(app, table)
      for (let i = -1; i <= 7; i++) expect(names).toContain(`${table}_p${compact(addDays(utcDay(later), i))}`)
      expect(created).toContain(`${table}/${addDays(utcDay(later), 7)}`)
    }
    expect((await app.database.pool.query<{ n: string }>(where, [user.id])).rows).toEqual([
      { n: `hr_samples_p${compact(utcDay(stray))}` },
    ])
    // a second run finds them all
    expect((await maintainPartitions(app, later)).created).toEqual([])
  })

  it('drops a day past retention with its samples; its minute and day figures stay, a sample of it sent again is stored and counted nowhere, and its reports say its readings are gone', async () => {
    app = await startTestApp({ RAW_RETENTION_DAYS: '2' })
    const zone = noonZone()
    const user = await aUser(app, zone)
    const { token } = await aBoundWatch(app, user, 3)
    const base = nowS() - (nowS() % 60) - 3600
    const day = today(zone, new Date(base * 1000))
    const batch = {
      steps: Array.from({ length: 30 }, (_, i) => ({ t: base + i * 60, count: 90 })),
      heart_rate: Array.from({ length: 120 }, (_, i) => ({ t: base + i * 15, bpm: 80 + (i % 20) })),
      blood_pressure: [{ t: base + 60, systolic: 121, diastolic: 79 }],
      spo2: [{ t: base + 120, percent: 98 }],
    }
    // five days old with two kept: not stored, counted as expired; the rest of the batch is stored
    const old = base - 5 * 86_400
    const first = await upload(app, token, {
      ...batch,
      steps: [...batch.steps, { t: old, count: 50 }],
      spo2: [...batch.spo2, { t: old, percent: 95 }],
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      accepted: { steps: 30, heart_rate: 120, blood_pressure: 1, spo2: 1 },
      expired: { steps: 1, heart_rate: 0, blood_pressure: 0, spo2: 1 },
      duplicate: { steps: 0, heart_rate: 0, blood_pressure: 0, spo2: 0 },
    })
    const oldDay = today(zone, new Date(old * 1000))
    const oldReport = await ok(user, '/v1/heartrate', { date: oldDay })
    expect(oldReport.raw_kept.days).toBe(2)
    expect(oldReport.raw_kept.from > oldDay).toBe(true)

    const well = await ok(user, '/v1/well', { date: day })
    expect(well.totals.steps).toBe(2700)
    const report = await ok(user, '/v1/heartrate', { date: day })
    expect(report.raw_kept.from <= day).toBe(true)
    expect(report.blood_pressure).toHaveLength(1)
    const minutes = await count(app, 'SELECT count(*) AS n FROM health_minutes WHERE user_id = $1', [user.id])

    // three days on, today's samples are past retention: the job drops their partitions
    const later = new Date(Date.now() + 3 * DAY_MS)
    const { dropped } = await maintainPartitions(app, later)
    const sampleDay = utcDay(new Date(base * 1000))
    for (const table of RAW_TABLES) {
      expect(dropped).toContain(`${table}/${sampleDay}`)
      expect(await partitionDays(app, table)).not.toContain(`${table}_p${compact(sampleDay)}`)
    }
    for (const table of RAW_TABLES)
      expect(await count(app, `SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [user.id])).toBe(0)
    expect(await count(app, 'SELECT count(*) AS n FROM health_minutes WHERE user_id = $1', [user.id])).toBe(minutes)
    expect((await ok(user, '/v1/well', { date: day })).totals).toEqual(well.totals)

    // sent again: nothing stored, nothing added to the rollups
    const again = await upload(app, token, batch)
    expect(again.body.data).toMatchObject({
      accepted: { steps: 0, heart_rate: 0, blood_pressure: 0, spo2: 0 },
      expired: { steps: 30, heart_rate: 120, blood_pressure: 1, spo2: 1 },
    })
    for (const table of RAW_TABLES)
      expect(await count(app, `SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [user.id])).toBe(0)
    expect((await ok(user, '/v1/well', { date: day })).totals).toEqual(well.totals)

    // the reports: the minute series stays, the readings are gone and the answer says from when
    const after = await ok(user, '/v1/heartrate', { date: day })
    expect(after.series).toEqual(report.series)
    expect(after.blood_pressure).toEqual([])
    expect(after.raw_kept.from > day).toBe(true)
    const pdf = await ok(user, '/v1/health_pdf', { period: 'week', date: day })
    expect(pdf.raw_kept).toEqual(after.raw_kept)
    expect(pdf.from < pdf.raw_kept.from).toBe(true)
    // the export's manifest says from when its samples are kept
    const zip = await app.server.inject({
      method: 'GET',
      url: `/v1/health/export?from=${addDays(day, -1)}&to=${day}&account=${user.id}`,
      headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(zip.statusCode).toBe(200)
    const manifest = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))[EXPORT_MANIFEST]!))
    expect(manifest.raw_kept).toEqual(after.raw_kept)
  })
})
