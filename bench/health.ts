// Health budgets of DESIGN §10, run by run.ts on their own embedded Postgres:
//  - ingest: samples/s through the device API (HTTP + JSON + validation + raw rows + rollups),
//    4 watches uploading 1 Hz heart-rate batches of 25,000 at once;
//  - weekly report p95 (`/v1/weeklyinfo`) for a user with a year of 1 Hz heart rate;
//  - `/healthz` p50/p99 idle and while that user imports a large export (bench/import.ts).
// The year is written as the rollups 1 Hz data produces (525,600 minute rows, 365 day rows,
// 60 readings a minute): the report reads only day rollups, and materializing 31.5 M raw rows
// would take the shared machine minutes. BENCH_HEALTH_FULL_YEAR=1 ingests the whole year
// through the ingest path instead (slow).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deviceApi } from '@kinetic/protocol'
import { buildApp } from '../apps/server/src/app.ts'
import { ingestService } from '../apps/server/src/features/health/ingest.ts'
import { ingestRepo } from '../apps/server/src/features/health/ingest.repo.ts'
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { connect } from '../apps/server/src/platform/db/client.ts'
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from '../apps/server/src/platform/db/migrate.ts'
import { demoCodes } from '../apps/server/src/features/device/codes.ts'
import { seedDemoDevices } from '../apps/server/src/features/device/seed.ts'
import { measureImport, type ImportMeasure } from './import.ts'

const WATCHES = 4
const BATCH = 25_000
const BATCHES_PER_WATCH = Number(process.env.BENCH_INGEST_BATCHES ?? 6)
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 200)
const FULL_YEAR = process.env.BENCH_HEALTH_FULL_YEAR === '1'

export interface HealthMeasure {
  ingestSamples: number
  ingestSeconds: number
  samplesPerSecond: number
  yearMinuteRows: number
  reportRuns: number
  reportP50Ms: number
  reportP95Ms: number
  fullYearRaw: boolean
  /** `/healthz` while the server is idle and while it imports a large export. */
  healthzDuringImport: ImportMeasure
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const round = (ms: number) => Math.round(ms * 100) / 100

export async function measureHealth(): Promise<HealthMeasure> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-bench-health-'))
  chmodSync(dir, 0o755)
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'))
  const url = pg.url.replace(/\/postgres$/, '/kinetic')
  await ensureDatabase(url)
  await runMigrations(url)
  const database = connect(url, 20)
  const config = loadConfig({
    ...process.env,
    MAIL_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MIN: '100000000',
    CHAIN_RPC_URL: 'http://127.0.0.1:9',
    CHAIN_ID: '31337',
    DATABASE_URL: url,
  })
  const { server } = await buildApp(config, database.db)
  await server.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  const db = database.db
  const sql = (text: string, values: unknown[] = []) => database.pool.query(text, values)
  try {
    await seedDemoDevices(db)
    const passwordHash = await hashPassword('bench1234')
    const user = async (n: number) =>
      Number(
        (
          await sql(
            `INSERT INTO users (email, password_hash, invite_code, time_zone) VALUES ($1, $2, $3, 'Asia/Shanghai') RETURNING id`,
            [`bench-${n}@example.com`, passwordHash, `BENCH${String(n).padStart(3, '2')}`],
          )
        ).rows[0].id,
      )

    // ---- ingest through the device API
    const tokens: string[] = []
    for (let w = 0; w < WATCHES; w++) {
      const userId = await user(w)
      const code = demoCodes()[w]!
      const codeId = (await sql('SELECT id FROM device_codes WHERE device_code = $1', [code.deviceCode])).rows[0].id
      await sql('INSERT INTO device_bindings (device_code_id, user_id) VALUES ($1, $2)', [codeId, userId])
      const answer = await post(`${base}${deviceApi.DEVICE_TOKEN_PATH}`, {
        device_code: code.deviceCode,
        active_code: code.activeCode,
      })
      tokens.push(answer.data.token)
    }
    const start = Math.floor(Date.now() / 1000) - 30 * 86_400
    const bodies = tokens.map((_, w) =>
      Array.from({ length: BATCHES_PER_WATCH }, (_, b) =>
        JSON.stringify({
          sent_at: Math.floor(Date.now() / 1000),
          heart_rate: Array.from({ length: BATCH }, (_, i) => ({
            t: start + w * 86_400 + (b * BATCH + i),
            bpm: 60 + ((b * BATCH + i) % 90),
          })),
        }),
      ),
    )
    const t0 = performance.now()
    await Promise.all(
      tokens.map(async (token, w) => {
        for (const body of bodies[w]!) await post(`${base}${deviceApi.DEVICE_SAMPLES_PATH}`, body, token)
      }),
    )
    const ingestSeconds = (performance.now() - t0) / 1000
    const ingestSamples = WATCHES * BATCHES_PER_WATCH * BATCH

    // ---- a year of 1 Hz heart rate, then the weekly report
    const yearUser = await user(99)
    const now = Math.floor(Date.now() / 1000)
    const yearStart = now - (now % 86_400) - 365 * 86_400
    if (FULL_YEAR) {
      const ingest = ingestService(db)
      for (let t = yearStart; t < now; t += 100_000) {
        const heart_rate = Array.from({ length: Math.min(100_000, now - t) }, (_, i) => ({
          t: t + i,
          bpm: 55 + ((t + i) % 70),
        }))
        await ingest.ingest(yearUser, { sent_at: now, heart_rate })
      }
    } else {
      await sql(
        `INSERT INTO health_minutes (user_id, minute, hr_sum, hr_count, hr_min, hr_max, steps)
         SELECT $1, m, 60 * (60 + (extract(epoch FROM m)::bigint / 60) % 60), 60, 55, 130,
                CASE WHEN (extract(epoch FROM m)::bigint / 60) % 1440 BETWEEN 600 AND 660 THEN 110 ELSE 0 END
         FROM generate_series(to_timestamp($2), to_timestamp($3) - interval '1 minute', interval '1 minute') AS m`,
        [yearUser, yearStart, now - (now % 60)],
      )
      const days = (
        await sql(
          `SELECT DISTINCT (minute AT TIME ZONE 'Asia/Shanghai')::date::text AS d FROM health_minutes WHERE user_id = $1`,
          [yearUser],
        )
      ).rows.map((r) => r.d as string)
      // the same day roll-up the ingest runs, over the whole year at once
      await ingestRepo(db).rollMinutesIntoDays(yearUser, 'Asia/Shanghai', days)
    }
    const yearMinuteRows = Number(
      (await sql('SELECT count(*) AS n FROM health_minutes WHERE user_id = $1', [yearUser])).rows[0].n,
    )
    const login = await fetch(`${base}/v1/login/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: 'method=%2Fv1%2Flogin&lang=us-en&type=email&account=bench-99%40example.com&password=bench1234',
    })
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const times: number[] = []
    for (let i = 0; i < REPORT_RUNS; i++) {
      const day = new Date((yearStart + ((i * 7919) % 360) * 86_400) * 1000).toISOString().slice(0, 10)
      const t = performance.now()
      const response = await fetch(`${base}/v1/index`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-requested-with': 'XMLHttpRequest',
          cookie,
        },
        body: `method=%2Fv1%2Fweeklyinfo&lang=us-en&date=${day}`,
      })
      const json = (await response.json()) as { code: unknown; data?: { totals: { steps: number } } }
      times.push(performance.now() - t)
      if (json.code !== true || !json.data?.totals.steps)
        throw new Error(`weekly report failed: ${JSON.stringify(json)}`)
    }
    times.sort((a, b) => a - b)
    const healthzDuringImport = await measureImport(base, cookie)
    return {
      ingestSamples,
      ingestSeconds: round(ingestSeconds),
      samplesPerSecond: Math.round(ingestSamples / ingestSeconds),
      yearMinuteRows,
      reportRuns: REPORT_RUNS,
      reportP50Ms: round(percentile(times, 50)),
      reportP95Ms: round(percentile(times, 95)),
      fullYearRaw: FULL_YEAR,
      healthzDuringImport,
    }
  } finally {
    await server.close()
    await database.close()
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench answers are checked by status
async function post(url: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const json = (await response.json()) as { code: unknown }
  if (!response.ok || json.code !== true) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(await measureHealth())
}
