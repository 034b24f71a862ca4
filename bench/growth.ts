// The growth run (`npm run bench -- growth`, issue 23): /v1/gethome, /v1/wellinfo and the weekly
// report (/v1/weeklyinfo) at 1, 12 and 52 weeks of history per user and at 1× and 10× the
// users, on its own embedded Postgres with the app in this process (as bench/health.ts).
// History is written straight into the tables with COPY (pg-copy-streams): minute and day
// rollups, sleep (3 segments a night) and a walk a day for every user; raw samples (1 Hz heart
// rate, steps each minute) only for the retained days (RAW_RETENTION_DAYS, 90) of a sample of
// users. Each scale has its own database, grown 1 → 12 → 52 weeks by writing the older weeks,
// then dropped. Each point reports p50/p95 of sequential requests by signed-in users and, per
// table, the rows written and pg_total_relation_size (partitions summed): docs/SCALE.md
// extrapolates from those bytes per row. Sizes: BENCH_GROWTH_USERS (1×, default 10),
// BENCH_GROWTH_RAW_USERS (default 1 a scale), BENCH_GROWTH_RUNS (requests per operation and
// point, default 200, after 100 untimed), BENCH_GROWTH_WEEKS (default 1,12,52),
// BENCH_GROWTH_SCALES (default 1,10).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { buildApp } from '../apps/server/src/app.ts'
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { connect } from '../apps/server/src/platform/db/client.ts'
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from '../apps/server/src/platform/db/migrate.ts'
import { percentile } from './client.ts'

const list = (text: string | undefined, fallback: number[]) => (text ? text.split(',').map(Number) : fallback)
const USERS = Number(process.env.BENCH_GROWTH_USERS ?? 10)
const RAW_USERS = Number(process.env.BENCH_GROWTH_RAW_USERS ?? 1)
const RUNS = Number(process.env.BENCH_GROWTH_RUNS ?? 200)
const WARM_UP = 100
const WEEKS = list(process.env.BENCH_GROWTH_WEEKS, [1, 12, 52])
const SCALES = list(process.env.BENCH_GROWTH_SCALES, [1, 10])
/** Signed-in users the requests rotate over (the first of each scale). */
const MEASURED = 10
const RAW_DAYS = 90
const PASSWORD = 'bench-growth-1'
const DAY = 86_400
const OPERATIONS = ['/v1/gethome', '/v1/wellinfo', '/v1/weeklyinfo'] as const
/** Per-user tables whose growth the run reports (raw samples: the sample of users only). */
const TABLES = [
  'users',
  'health_minutes',
  'health_days',
  'sleep_segments',
  'workouts',
  'hr_samples',
  'step_samples',
] as const

export interface GrowthTable {
  table: string
  rows: number
  bytes: number
  bytesPerRow: number
}

export interface GrowthPoint {
  scale: number
  users: number
  weeks: number
  rawUsers: number
  rawDays: number
  /** Seconds spent writing this point's new history. */
  writeSeconds: number
  operations: { operation: string; runs: number; p50Ms: number; p95Ms: number }[]
  tables: GrowthTable[]
}

export interface GrowthResults {
  usersAt1x: number
  seconds: number
  points: GrowthPoint[]
}

const step = (text: string) => console.log(`[growth ${new Date().toISOString().slice(11, 19)}] ${text}`)

/** Streams `rows` (tab-separated lines) into `table` with COPY FROM STDIN; answers the row count. */
async function copy(pool: pg.Pool, table: string, columns: string[], rows: Iterable<string>): Promise<number> {
  let count = 0
  async function* chunks() {
    let chunk = ''
    for (const row of rows) {
      chunk += row
      count++
      if (chunk.length >= 1 << 16) {
        yield chunk
        chunk = ''
      }
    }
    if (chunk) yield chunk
  }
  const client = await pool.connect()
  try {
    await pipeline(Readable.from(chunks()), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)))
  } finally {
    client.release()
  }
  return count
}

const pad = (n: number) => String(n).padStart(2, '0')
/** `HH:MM:SS+00` of each second of a day, and of each minute (`MINUTES[m]`). */
const SECONDS = Array.from(
  { length: DAY },
  (_, s) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}+00`,
)
const MINUTES = Array.from({ length: 1440 }, (_, m) => SECONDS[m * 60]!)
const dates = new Map<number, string>()
/** `YYYY-MM-DD` of the UTC day starting at `day` (seconds), memoized: COPY lines are built per second. */
const dateOf = (day: number) => {
  let date = dates.get(day)
  if (date === undefined) dates.set(day, (date = new Date(day * 1000).toISOString().slice(0, 10)))
  return date
}
const at = (t: number) => `${dateOf(t - (t % DAY))} ${SECONDS[t % DAY]}`

/** A walk from 18:00 to 19:00, 110 steps a minute; otherwise 0 to 20. */
const stepsAt = (minute: number) => (minute >= 1080 && minute < 1140 ? 110 : minute % 21)
const bpmAt = (second: number) => 58 + ((second * 7) % 60)

/** History of `users` over the UTC days [from, to) (day starts in seconds), `until` the last second written. */
async function writeHistory(pool: pg.Pool, users: number[], from: number, to: number, until: number) {
  const days: number[] = []
  for (let d = from; d < to; d += DAY) days.push(d)
  const lastMinute = (d: number) => Math.min(1440, Math.floor((until - d) / 60))
  const rows: Record<string, number> = {}
  rows.health_minutes = await copy(
    pool,
    'health_minutes',
    ['user_id', 'minute', 'hr_sum', 'hr_count', 'hr_min', 'hr_max', 'steps'],
    (function* () {
      for (const u of users)
        for (const d of days) {
          const date = dateOf(d)
          for (let m = 0; m < lastMinute(d); m++)
            yield `${u}\t${date} ${MINUTES[m]}\t${60 * bpmAt(m)}\t60\t55\t130\t${stepsAt(m)}\n`
        }
    })(),
  )
  rows.health_days = await copy(
    pool,
    'health_days',
    [
      'user_id',
      'day',
      'steps',
      'slow_minutes',
      'walk_minutes',
      'brisk_minutes',
      'hr_sum',
      'hr_count',
      'hr_min',
      'hr_max',
      'hr_resting',
      'sleep_light_s',
      'sleep_deep_s',
      'sleep_rem_s',
      'sleep_start',
      'sleep_end',
      'workouts',
      'workout_seconds',
    ],
    (function* () {
      for (const u of users)
        for (const d of days) {
          const minutes = lastMinute(d)
          let steps = 0
          for (let m = 0; m < minutes; m++) steps += stepsAt(m)
          yield `${u}\t${dateOf(d)}\t${steps}\t${minutes}\t60\t0\t${minutes * 60 * 88}\t${minutes * 60}\t55\t130\t58.5\t10800\t7200\t7200\t${at(d + 60)}\t${at(d + 7 * 3600)}\t1\t3600\n`
        }
    })(),
  )
  rows.sleep_segments = await copy(
    pool,
    'sleep_segments',
    ['user_id', 'start_at', 'end_at', 'stage'],
    (function* () {
      for (const u of users)
        for (const d of days) {
          yield `${u}\t${at(d + 60)}\t${at(d + 3 * 3600)}\tlight\n`
          yield `${u}\t${at(d + 3 * 3600)}\t${at(d + 5 * 3600)}\tdeep\n`
          yield `${u}\t${at(d + 5 * 3600)}\t${at(d + 7 * 3600)}\trem\n`
        }
    })(),
  )
  rows.workouts = await copy(
    pool,
    'workouts',
    ['user_id', 'source', 'type', 'start_at', 'end_at', 'distance_m', 'steps'],
    (function* () {
      for (const u of users)
        for (const d of days) yield `${u}\twatch\twalk\t${at(d + 18 * 3600)}\t${at(d + 19 * 3600)}\t5000\t6600\n`
    })(),
  )
  return rows
}

/** Raw samples of `users` over [from, to) (seconds), 1 Hz heart rate and steps each minute. */
async function writeRaw(pool: pg.Pool, users: number[], from: number, to: number) {
  const rows: Record<string, number> = {}
  rows.hr_samples = await copy(
    pool,
    'hr_samples',
    ['user_id', 't', 'bpm'],
    (function* () {
      for (const u of users) for (let t = from; t < to; t++) yield `${u}\t${at(t)}\t${bpmAt(t % DAY)}\n`
    })(),
  )
  rows.step_samples = await copy(
    pool,
    'step_samples',
    ['user_id', 't', 'count'],
    (function* () {
      for (const u of users) for (let t = from; t < to; t += 60) yield `${u}\t${at(t)}\t${stepsAt((t % DAY) / 60)}\n`
    })(),
  )
  return rows
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/v1/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: new URLSearchParams({
      method: '/v1/login',
      lang: 'us-en',
      type: 'email',
      account: email,
      password: PASSWORD,
    }),
  })
  const json = (await response.json()) as { code: unknown }
  if (json.code !== true) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** RUNS sequential requests of `operation`, rotating over the signed-in users (and, for the report, the weeks). */
async function time(base: string, cookies: string[], operation: string, weeks: number, today: number) {
  const times: number[] = []
  // the first WARM_UP requests are not timed: JIT and Postgres' caches after the writes
  for (let i = -WARM_UP; i < RUNS; i++) {
    const params = new URLSearchParams({ method: operation, lang: 'us-en' })
    const n = i + WARM_UP
    if (operation === '/v1/weeklyinfo') params.set('date', dateOf(today - ((n * 7919) % (weeks * 7)) * DAY))
    const started = performance.now()
    const response = await fetch(`${base}/v1/index`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
        cookie: cookies[n % cookies.length]!,
      },
      body: params,
    })
    const text = await response.text()
    if (i >= 0) times.push(performance.now() - started)
    if (!text.includes('"code":true')) throw new Error(`${operation} failed: ${text.slice(0, 300)}`)
  }
  return { operation, runs: RUNS, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) }
}

/** Every partition of a partitioned table summed (raw samples are partitioned by day or week). */
async function tableSizes(pool: pg.Pool, written: Map<string, number>): Promise<GrowthTable[]> {
  const sizes: GrowthTable[] = []
  for (const table of TABLES) {
    const { rows } = await pool.query<{ bytes: string }>(
      `SELECT pg_total_relation_size($1::regclass) + coalesce(
         (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree($1::regclass) WHERE relid <> $1::regclass), 0
       )::bigint AS bytes`,
      [table],
    )
    const bytes = Number(rows[0]!.bytes)
    const count = written.get(table) ?? 0
    sizes.push({ table, rows: count, bytes, bytesPerRow: count ? Math.round(bytes / count) : 0 })
  }
  return sizes
}

async function growScale(url: string, scale: number, now: number): Promise<GrowthPoint[]> {
  await ensureDatabase(url)
  await runMigrations(url)
  const database = connect(url)
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
  const pool = database.pool
  const points: GrowthPoint[] = []
  try {
    const users = scale * USERS
    const hash = await hashPassword(PASSWORD)
    const written = new Map<string, number>()
    const add = (rows: Record<string, number>) => {
      for (const [table, n] of Object.entries(rows)) written.set(table, (written.get(table) ?? 0) + n)
    }
    add({
      users: await copy(
        pool,
        'users',
        ['email', 'password_hash', 'invite_code', 'time_zone'],
        (function* () {
          for (let i = 0; i < users; i++) yield `growth-${i}@bench.test\t${hash}\tG${scale}X${i}\tUTC\n`
        })(),
      ),
    })
    const ids = (
      await pool.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'growth-%' ORDER BY id`)
    ).rows.map((r) => Number(r.id))
    await copy(
      pool,
      'health_consents',
      ['user_id', 'exercise', 'sleep', 'heart_rate'],
      ids.map((id) => `${id}\tt\tt\tt\n`),
    )
    await copy(
      pool,
      'health_goals',
      ['user_id', 'step', 'calorie', 'distance'],
      ids.map((id) => `${id}\t9000\t400\t6000\n`),
    )
    const cookies: string[] = []
    for (let i = 0; i < Math.min(MEASURED, users); i++) cookies.push(await signIn(base, `growth-${i}@bench.test`))
    const rawUsers = ids.slice(0, RAW_USERS)
    const today = now - (now % DAY)
    let historyFrom = today + DAY // nothing written yet; today is written up to `now`
    let rawFrom = now
    for (const weeks of WEEKS) {
      const started = performance.now()
      const from = today - (weeks * 7 - 1) * DAY
      const rawStart = Math.max(from, today - (RAW_DAYS - 1) * DAY)
      // rollups and raw samples on two connections at once: one Postgres backend per COPY
      const batches = await Promise.all([
        from < historyFrom ? writeHistory(pool, ids, from, historyFrom, now) : {},
        rawStart < rawFrom ? writeRaw(pool, rawUsers, rawStart, rawFrom) : {},
      ])
      batches.forEach(add)
      historyFrom = Math.min(historyFrom, from)
      rawFrom = Math.min(rawFrom, rawStart)
      // at rest, as a database is between syncs: autovacuum would otherwise work off the bulk
      // load (tens of millions of inserted rows) while the requests are timed
      await pool.query('VACUUM (ANALYZE)')
      const writeSeconds = Math.round((performance.now() - started) / 100) / 10
      step(`${scale}x (${users} users), ${weeks} weeks written in ${writeSeconds} s; timing`)
      const operations = []
      for (const operation of OPERATIONS) operations.push(await time(base, cookies, operation, weeks, today))
      points.push({
        scale,
        users,
        weeks,
        rawUsers: rawUsers.length,
        rawDays: Math.ceil((now - rawFrom) / DAY),
        writeSeconds,
        operations,
        tables: await tableSizes(pool, written),
      })
    }
  } finally {
    await server.close()
    await database.close()
  }
  return points
}

export async function measureGrowth(): Promise<GrowthResults> {
  const started = performance.now()
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-bench-growth-'))
  chmodSync(dir, 0o755)
  const cluster = await startEmbeddedPostgres(path.join(dir, 'pg'))
  try {
    const now = Math.floor(Date.now() / 1000)
    const points: GrowthPoint[] = []
    for (const scale of SCALES) {
      const name = `growth_${scale}x`
      points.push(...(await growScale(cluster.url.replace(/\/postgres$/, `/${name}`), scale, now)))
      // free the disk before the next scale
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`)
      await admin.end()
    }
    return { usersAt1x: USERS, seconds: Math.round((performance.now() - started) / 1000), points }
  } finally {
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(await measureGrowth(), null, 2))
}
