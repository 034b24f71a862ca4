// The growth run (`npm run bench -- growth`: do the hot reads hold as history and users grow?):
// /v1/gethome, /v1/wellinfo and the weekly report (/v1/weeklyinfo) at 1, 12 and 52 weeks of history per user and at 1× and 10× the
// users, on its own embedded Postgres, against the built server (`npm run build`) in processes
// of their own. History is written straight into the tables with COPY (pg-copy-streams): minute
// and day rollups, sleep (3 segments a night) and a walk a day for every user; raw samples (1 Hz
// heart rate, steps each minute) only for the retained days (RAW_RETENTION_DAYS, 90) of a sample
// of users. Each point has its own database: a scale's first is written, each next one copied
// from the one before (CREATE DATABASE … TEMPLATE) and grown by the older weeks. When all are
// written (vacuumed, then a CHECKPOINT), each gets a server process and a fresh timer process
// times them all together, the points taking turns request by request (`timeAll`). Each point
// reports p50/p95 of sequential requests by signed-in users and, per table, the rows written
// and pg_total_relation_size (partitions summed): docs/SCALE.md extrapolates from those bytes
// per row. Sizes: BENCH_GROWTH_USERS (1×, default 10), BENCH_GROWTH_RAW_USERS (default 1 a
// scale), BENCH_GROWTH_RUNS (timed requests per operation and point, default 1000, in
// BENCH_GROWTH_ROUNDS rounds, default 5, after BENCH_GROWTH_WARM_UP untimed, default 1000),
// BENCH_GROWTH_WEEKS (default 1,12,52, ascending), BENCH_GROWTH_SCALES (default 1,10).
import { spawn } from 'node:child_process'
import http from 'node:http'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { startDevChain, type DevChain } from '../apps/server/src/chain/devchain.ts'
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts'
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from '../apps/server/src/platform/db/migrate.ts'
import { spawnBuilt } from './server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const list = (text: string | undefined, fallback: number[]) => (text ? text.split(',').map(Number) : fallback)
const USERS = Number(process.env.BENCH_GROWTH_USERS ?? 10)
const RAW_USERS = Number(process.env.BENCH_GROWTH_RAW_USERS ?? 1)
const RUNS = Number(process.env.BENCH_GROWTH_RUNS ?? 1000)
/** Rounds the timed requests of a point come in, the operations taking turns. */
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 5)
/** Untimed requests per operation before the rounds (a fresh server process: JIT, caches). */
const WARM_UP = Number(process.env.BENCH_GROWTH_WARM_UP ?? 1000)
const WEEKS = list(process.env.BENCH_GROWTH_WEEKS, [1, 12, 52])
const SCALES = list(process.env.BENCH_GROWTH_SCALES, [1, 10])
/** The share of the machine's CPU busy in a second that counts as quiet, and the longest wait for one. */
const QUIET_BUSY = 0.15
const QUIET_WAIT_S = Number(process.env.BENCH_GROWTH_QUIET_WAIT_S ?? 60)
/**
 * Scheduling priority (nice) of the servers, the timer and Postgres' backends while timing: on
 * a shared machine, other work then waits for the timed request rather than the other way
 * round. Below 0 needs root; without it all runs at the bench's own priority (reported).
 */
const NICE = Number(process.env.BENCH_GROWTH_NICE ?? -10)
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
  /** Seconds spent making this point's database: the previous point's copied, the older weeks written, vacuumed. */
  writeSeconds: number
  operations: { operation: string; runs: number; p50Ms: number; p95Ms: number }[]
  tables: GrowthTable[]
}

export interface GrowthResults {
  usersAt1x: number
  seconds: number
  timing: GrowthTiming
  points: GrowthPoint[]
}

export interface GrowthTiming {
  /** Seconds of warm-up, waiting and timing. */
  seconds: number
  /** Untimed requests per operation and point before the rounds. */
  warmUp: number
  rounds: number
  /** The timer's scheduling priority (NICE, or 0 where it could not be raised). */
  nice: number
  /** Seconds waited for a quiet machine before timing (see `quiet`). */
  quietWaitSeconds: number
  /** Seconds of the timed rounds. */
  timedSeconds: number
  /**
   * Share of the machine's CPU busy while timed: the requests are sequential, so the run keeps
   * about one of 2 cores busy (client, server or Postgres in turn, their collectors besides).
   */
  cpuBusy: number
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

/** Busy and total CPU time of the whole machine so far (/proc/stat, in clock ticks). */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
  const total = fields.reduce((a, b) => a + b, 0)
  // idle and iowait
  return { busy: total - fields[3]! - fields[4]!, total }
}

/** The share of the machine's CPU time that was busy since `from`. */
const busySince = (from: { busy: number; total: number }) => {
  const to = cpuTicks()
  return to.total > from.total ? (to.busy - from.busy) / (to.total - from.total) : 0
}

/**
 * Waits (QUIET_WAIT_S at most) for a second in which the machine is at most QUIET_BUSY busy:
 * the bench is idle here, so that is other work on a shared machine, which would be timed too.
 */
async function quiet(): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < QUIET_WAIT_S * 1000) {
    const from = cpuTicks()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    if (busySince(from) <= QUIET_BUSY) break
  }
  return Math.round((performance.now() - started) / 1000)
}

/** Nearest-rank percentile in ms to 0.01 ms (bench/client.ts' 0.1 ms is 10% of a 1 ms p95). */
const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 100) / 100

/** A point's server (its own process) as the timer sees it: where, who is signed in, how many weeks. */
interface Target {
  base: string
  cookies: string[]
  weeks: number
}

type Timed = GrowthPoint['operations']

/**
 * Posts `body` to a target's /v1/index on its one kept-alive connection; answers the response
 * text. node:http rather than fetch: fetch allocates several times as much per request, and
 * the timer's collector would then stop the clock of every hundredth request or so.
 */
function post(base: string, agent: http.Agent, body: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/v1/index`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-requested-with': 'XMLHttpRequest',
          cookie,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve(text))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/**
 * Times every point together (in the timer process, see `timeInOwnProcess`): a wait for a quiet
 * machine, WARM_UP untimed requests of each operation on each point's server (a fresh process:
 * JIT, caches), then ROUNDS rounds in which each operation sends RUNS / ROUNDS requests to
 * every point, the points taking turns request by request. Requests are sequential and rotate
 * over each point's signed-in users (the report also over the days of the history), so whatever
 * else the machine does while timing falls on all points alike. p50 and p95 over all of an
 * operation's timed requests at a point.
 */
async function timeAll(targets: Target[], today: number): Promise<{ timing: GrowthTiming; timed: Timed[] }> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }))
  const sent = targets.map(() => new Map<string, number>())
  const send = async (t: number, operation: string) => {
    const target = targets[t]!
    const n = sent[t]!.get(operation) ?? 0
    sent[t]!.set(operation, n + 1)
    const params = new URLSearchParams({ method: operation, lang: 'us-en' })
    if (operation === '/v1/weeklyinfo') params.set('date', dateOf(today - ((n * 7919) % (target.weeks * 7)) * DAY))
    const started = performance.now()
    const text = await post(target.base, agents[t]!, params.toString(), target.cookies[n % target.cookies.length]!)
    const ms = performance.now() - started
    if (!text.includes('"code":true')) throw new Error(`${operation} failed: ${text.slice(0, 300)}`)
    return ms
  }
  const started = performance.now()
  try {
    const quietWaitSeconds = await quiet()
    // the points take turns in the warm-up too, and the timing follows at once: a server left
    // idle for seconds shrinks its heap (V8's memory reducer) in collections that would be timed
    for (let i = 0; i < WARM_UP; i++)
      for (const operation of OPERATIONS) for (const t of targets.keys()) await send(t, operation)
    const timedFrom = performance.now()
    const cpu = cpuTicks()
    const times = targets.map(() => new Map<string, number[]>(OPERATIONS.map((operation) => [operation, []])))
    const perRound = Math.ceil(RUNS / ROUNDS)
    for (let round = 0; round < ROUNDS; round++)
      for (const operation of OPERATIONS)
        for (let i = 0; i < perRound; i++)
          for (const t of targets.keys()) times[t]!.get(operation)!.push(await send(t, operation))
    const cpuBusy = Math.round(busySince(cpu) * 100) / 100
    const timedSeconds = Math.round(performance.now() - timedFrom) / 1000
    const timed = times.map((byOperation) =>
      OPERATIONS.map((operation) => {
        const sorted = byOperation.get(operation)!.sort((a, b) => a - b)
        return { operation, runs: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) }
      }),
    )
    const seconds = Math.round((performance.now() - started) / 1000)
    const timing = {
      seconds,
      warmUp: WARM_UP,
      rounds: ROUNDS,
      nice: os.getPriority(),
      quietWaitSeconds,
      timedSeconds,
      cpuBusy,
    }
    return { timing, timed }
  } finally {
    for (const agent of agents) agent.destroy()
  }
}

/**
 * `timeAll` in a fresh process of its own (this file again, BENCH_GROWTH_TIMER set to the
 * targets): this one has just generated tens of millions of COPY lines, and its collector
 * (the memory reducer shrinking that heap once it idles) would stop the timer's clock.
 */
async function timeInOwnProcess(targets: Target[], today: number): Promise<{ timing: GrowthTiming; timed: Timed[] }> {
  const child = spawn(
    'nice',
    ['-n', String(NICE), process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      cwd: ROOT,
      env: { ...process.env, BENCH_GROWTH_TIMER: JSON.stringify({ targets, today }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the growth timer exited with ${code}`)
  return JSON.parse(out) as { timing: GrowthTiming; timed: Timed[] }
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

/**
 * Writes one scale's points: a database per point, each made from the previous point's as a
 * template (a file copy) and grown by the older weeks, so a point's database holds exactly its
 * weeks of history. Vacuumed before the copy, as a database is between syncs: autovacuum would
 * otherwise work off the bulk load (tens of millions of inserted rows) while requests are timed.
 */
async function growScale(clusterUrl: string, scale: number, now: number): Promise<Written[]> {
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  const urlOf = (name: string) => clusterUrl.replace(/\/postgres$/, `/${name}`)
  const written: Written[] = []
  try {
    const users = scale * USERS
    const first = `growth_${scale}x_${WEEKS[0]}w`
    await ensureDatabase(urlOf(first))
    await runMigrations(urlOf(first))
    let pool = new pg.Pool({ connectionString: urlOf(first), max: 4 })
    try {
      const hash = await hashPassword(PASSWORD)
      const rows = new Map<string, number>()
      const add = (batch: Record<string, number>) => {
        for (const [table, n] of Object.entries(batch)) rows.set(table, (rows.get(table) ?? 0) + n)
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
      const rawUsers = ids.slice(0, RAW_USERS)
      const today = now - (now % DAY)
      let historyFrom = today + DAY // nothing written yet; today is written up to `now`
      let rawFrom = now
      let name = first
      for (const weeks of WEEKS) {
        const started = performance.now()
        if (weeks !== WEEKS[0]) {
          const previous = name
          name = `growth_${scale}x_${weeks}w`
          await pool.end() // a template has no connections
          await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${previous}" STRATEGY FILE_COPY`)
          pool = new pg.Pool({ connectionString: urlOf(name), max: 4 })
        }
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
        await pool.query('VACUUM (ANALYZE)')
        const writeSeconds = Math.round((performance.now() - started) / 100) / 10
        step(`${scale}x (${users} users), ${weeks} weeks written in ${writeSeconds} s`)
        written.push({
          url: urlOf(name),
          point: {
            scale,
            users,
            weeks,
            rawUsers: rawUsers.length,
            rawDays: Math.ceil((now - rawFrom) / DAY),
            writeSeconds,
            operations: [],
            tables: await tableSizes(pool, rows),
          },
        })
      }
    } finally {
      await pool.end()
    }
  } finally {
    await admin.end()
  }
  return written
}

interface Written {
  url: string
  point: GrowthPoint
}

/**
 * The built server on a point's database, in a process of its own (bench/server.ts), so the
 * figures are the app's and not the COPY writer's or the client's. Nothing of it runs in the
 * background while requests are timed but its job workers' polls: the balance book and the
 * chain indexer pass once at start and then wait an hour (CHAIN_POLL_MS), the settlement's
 * every-minute tick is off (SETTLEMENT_SCHEDULE=0); the other cron jobs run once a day, at night.
 */
async function serve(written: Written, chain: DevChain): Promise<Target & { stop(): Promise<void> }> {
  const server = await spawnBuilt(
    {
      DATABASE_URL: written.url,
      MAIL_URL: 'smtp://127.0.0.1:9', // nothing is mailed
      CHAIN_RPC_URL: chain.url,
      CHAIN_ID: String(chain.chainId),
      CHAIN_POLL_MS: String(3_600_000),
      SETTLEMENT_SCHEDULE: '0',
    },
    { nice: NICE },
  )
  try {
    const cookies: string[] = []
    for (let i = 0; i < Math.min(MEASURED, written.point.users); i++)
      cookies.push(await signIn(server.base, `growth-${i}@bench.test`))
    return { base: server.base, cookies, weeks: written.point.weeks, stop: server.stop }
  } catch (error) {
    await server.stop()
    throw error
  }
}

export async function measureGrowth(): Promise<GrowthResults> {
  const started = performance.now()
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-bench-growth-'))
  chmodSync(dir, 0o755)
  const [cluster, chain] = await Promise.all([startEmbeddedPostgres(path.join(dir, 'pg')), startDevChain()])
  const targets: (Target & { stop(): Promise<void> })[] = []
  try {
    const now = Math.floor(Date.now() / 1000)
    const written: Written[] = []
    for (const scale of SCALES) written.push(...(await growScale(cluster.url, scale, now)))
    // the checkpointer writes the load's dirty pages (and the vacuums' hint bits) now, not while timing
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query('CHECKPOINT')
    await admin.end()
    // the servers' connections are forked from the postmaster after this, at its priority
    try {
      os.setPriority(Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]), NICE)
    } catch {
      step(`Postgres runs at its own priority (setting nice ${NICE} needs root)`)
    }
    for (const point of written) targets.push(await serve(point, chain))
    step(`timing ${targets.length} points, each on its own server process`)
    const { timing, timed } = await timeInOwnProcess(
      targets.map(({ base, cookies, weeks }) => ({ base, cookies, weeks })),
      now - (now % DAY),
    )
    timed.forEach((operations, t) => (written[t]!.point.operations = operations))
    return {
      usersAt1x: USERS,
      seconds: Math.round((performance.now() - started) / 1000),
      timing,
      points: written.map((w) => w.point),
    }
  } finally {
    for (const target of targets) await target.stop()
    await chain.stop()
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const timer = process.env.BENCH_GROWTH_TIMER
  if (timer) {
    const { targets, today } = JSON.parse(timer) as { targets: Target[]; today: number }
    console.log(JSON.stringify(await timeAll(targets, today)))
  } else console.log(JSON.stringify(await measureGrowth(), null, 2))
}
