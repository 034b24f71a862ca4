// The hot operations (the API budget in budgets.ts), each loaded with autocannon at
// CONNECTIONS concurrent clients against the server under test (its own process), next to a
// bare Fastify route and the floor route (bench/targets.ts, one process of their own) measured
// in the same run: the ratios are what compare across machines. The floor route — one query
// through the server's pool code and settings on the server's own Postgres — is measured right
// before each hot read, and that read is reported as a share of it. Each request is one of PEOPLE people (yesterday's watch
// data, consents, a goal, a funded wallet); heart-rate ingest posts the next minute of 1 Hz
// samples of one of their watches.
import { spawn } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import { deviceApi } from '@kinetic/protocol'
import { Client } from './client.ts'
import { bindWatch, createWallet, fund, signUp, upload, watchData, type Shop, type Watch } from './people.ts'
import type { ServerUnderTest } from './server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100)
/** People the hot operations rotate over: 100 clients are not one person. */
const PEOPLE = 40
const HISTORY_DAYS = 14
const INGEST_SAMPLES = 60
/** BENCH_HOT=/v1/gethome,/v1/find measures only the hot reads named (to profile one). */
const ONLY = process.env.BENCH_HOT?.split(',')

export interface ApiMeasure {
  name: string
  requestsPerSecond: number
  /** Throughput relative to the bare route of the same run. */
  ofBare: number
  /** Hot reads: throughput relative to the floor route measured right before it. */
  ofFloor?: number
  floorRps?: number
  p50Ms: number
  p99Ms: number
  /** Connection errors, timeouts and answers other than `code: true`. */
  errors: number
}

interface Load {
  name: string
  url: string
  headers: Record<string, string>
  body: string
  /** Headers (who) and a body (ingest) of each request. */
  next?: () => { body?: string; headers: Record<string, string> }
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' }

async function measure(load: Load): Promise<Omit<ApiMeasure, 'ofBare'>> {
  let bad = 0
  const run = (duration: number) =>
    autocannon({
      url: load.url,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers: load.headers,
      requests: [
        {
          body: load.body,
          setupRequest: (request) => {
            if (!load.next) return request
            const { body = load.body, headers } = load.next()
            return { ...request, body, headers: { ...request.headers, ...headers } }
          },
          onResponse: (status, body) => {
            if (status !== 200 || !body.includes('"code":true')) bad++
          },
        },
      ],
    })
  await run(2) // warm-up: JIT, pool connections, caches
  bad = 0
  const result = await run(DURATION_S)
  return {
    name: load.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + bad,
  }
}

interface Targets {
  bare: Load
  floor: Load
  stop(): Promise<void>
}

/** The bare and floor routes in their own process (the floor on the server's database). */
async function startTargets(databaseUrl: string): Promise<Targets> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/targets.ts'], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString())
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`bare target exited with ${code}`)))
  })
  const target = (name: string, route: string): Load => ({
    name,
    url: `http://127.0.0.1:${port}/${route}`,
    headers: FORM,
    body: 'method=%2Fv1%2Fversion&lang=us-en',
  })
  return {
    bare: target('bare Fastify route', 'bare'),
    floor: target('floor route (one query, same pool and Postgres)', 'floor'),
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

export interface Person {
  client: Client
  watch: Watch
  walletId: number
}

/**
 * A person as the app sees one after a while: a watch with `days` full days of data up to
 * yesterday, exercise, sleep and heart-rate data authorized, a daily goal and a wallet.
 */
export async function person(
  server: ServerUnderTest,
  shop: Shop,
  name: string,
  ip: string,
  days: number,
): Promise<Person> {
  const client = new Client(server.base, ip)
  await signUp(server, client, `${name}@bench.test`)
  const watch = await bindWatch(client, shop.codes.pop()!)
  await client.call('/v1/authorize', { exercise: '1', sleep: '1', heart_rate: '1' })
  await client.call('/v1/targetpost', { step: 9000, calorie: 400, distance: 6000 })
  const today = Math.floor(Date.now() / 86_400_000) * 86_400
  for (let d = days; d >= 1; d--) await upload(server.base, watch, watchData(today - d * 86_400, 1440))
  const wallet = await createWallet(client)
  await fund(server.chainUrl, wallet.address)
  return { client, watch, walletId: wallet.id }
}

/** The person Lighthouse's signed-in pages and the claims run as: two weeks of data. */
export const fixture = (server: ServerUnderTest, shop: Shop): Promise<Person> =>
  person(server, shop, 'fixture', '10.255.0.1', HISTORY_DAYS)

/** The people the hot operations rotate over (one a request), each with yesterday's data. */
async function crowd(server: ServerUnderTest, shop: Shop): Promise<Person[]> {
  const people: Person[] = []
  for (let group = 0; group < PEOPLE; group += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, PEOPLE - group) }, (_, i) =>
        person(server, shop, `api-${group + i}`, `10.254.0.${group + i + 1}`, 1),
      ),
    )
    people.push(...made)
  }
  return people
}

/** The hot reads (each screen's first answer, read on every visit), each measured next to the floor route. */
export const HOT_READS = [
  '/v1/gethome',
  '/v1/userinfo',
  '/v1/wellinfo',
  '/v1/walletindex',
  '/v1/all_balances',
  '/v1/find',
  '/v1/getstore',
  '/v1/msg',
]

/**
 * Waits until the server has worked off the previous load: requests a closed connection left
 * queued would otherwise be timed against the next operation. Quiet = three health checks in
 * a row under 50 ms (at most 60 s).
 */
async function settle(base: string): Promise<void> {
  const until = Date.now() + 60_000
  for (let quiet = 0; quiet < 3 && Date.now() < until;) {
    const started = performance.now()
    await fetch(`${base}/healthz`).then((r) => r.arrayBuffer())
    quiet = performance.now() - started < 50 ? quiet + 1 : 0
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export interface ApiResults {
  /** The bare route first and last; `ofBare` is against the mean of both. */
  loads: ApiMeasure[]
  bareBeforeRps: number
  bareAfterRps: number
  /** The floor route, each measured right before the hot read named. */
  floors: (Omit<ApiMeasure, 'ofBare'> & { before: string })[]
  ingestSamplesPerSecond: number
  /** The server process under the API load (VmHWM so far, VmRSS after). */
  serverPeakRssMb: number
  serverRssMb: number
}

export async function measureApi(server: ServerUnderTest, shop: Shop): Promise<ApiResults> {
  const people = await crowd(server, shop)
  let n = 0
  const operation = (method: string): Load => ({
    name: method,
    url: `${server.base}/v1/index`,
    headers: FORM,
    body: `method=${encodeURIComponent(method)}&lang=us-en`,
    next: () => {
      const { client, walletId } = people[n++ % people.length]!
      return {
        // all_balances is of one wallet: the person's own
        ...(method === '/v1/all_balances' && {
          body: `method=${encodeURIComponent(method)}&lang=us-en&wallet_id=${walletId}`,
        }),
        headers: { cookie: client.cookieHeader, 'x-forwarded-for': client.ip! },
      }
    },
  })
  // each request: the next minute of one watch, 60 heart-rate samples at 1 Hz
  // counted apart from the reads': a minute per request and watch from 20 days ago, never in the future
  const start = Math.floor(Date.now() / 60_000) * 60 - 20 * 86_400
  let sent = 0
  const ingest: Load = {
    name: `heart-rate ingest (${INGEST_SAMPLES} samples)`,
    url: `${server.base}${deviceApi.DEVICE_SAMPLES_PATH}`,
    headers: { 'content-type': 'application/json' },
    body: '',
    next: () => {
      const { watch } = people[sent % people.length]!
      const from = start + Math.floor(sent++ / people.length) * 60
      const heart_rate = Array.from({ length: INGEST_SAMPLES }, (_, i) => ({
        t: from + i,
        bpm: 60 + ((from + i) % 80),
      }))
      return {
        body: JSON.stringify({ sent_at: Math.floor(Date.now() / 1000), heart_rate }),
        headers: { authorization: `Bearer ${watch.token}`, 'x-forwarded-for': watch.ip! },
      }
    },
  }

  const targets = await startTargets(server.databaseUrl)
  try {
    // the bare route before and after, its mean the baseline (the machine's load drifts); the
    // floor right before each hot read, so each ratio compares two loads a few seconds apart
    const bareBefore = await measure(targets.bare)
    const measured: Omit<ApiMeasure, 'ofBare'>[] = [await measure(operation('/v1/version'))]
    const floors: ApiResults['floors'] = []
    for (const method of HOT_READS.filter((m) => !ONLY || ONLY.includes(m))) {
      await settle(server.base)
      const floor = await measure(targets.floor)
      floors.push({ ...floor, before: method })
      const read = await measure(operation(method))
      measured.push({
        ...read,
        floorRps: floor.requestsPerSecond,
        ofFloor: ratio(read.requestsPerSecond, floor.requestsPerSecond),
      })
    }
    await settle(server.base)
    const ingestMeasure = await measure(ingest)
    measured.push(ingestMeasure)
    const bareAfter = await measure(targets.bare)
    const memory = server.memory()
    const baseline = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2
    const floorMean = floors.reduce((sum, f) => sum + f.requestsPerSecond, 0) / Math.max(1, floors.length)
    const floorRow = {
      name: 'floor route (mean req/s, worst p50/p99 of its runs)',
      requestsPerSecond: Math.round(floorMean),
      p50Ms: Math.max(...floors.map((f) => f.p50Ms)),
      p99Ms: Math.max(...floors.map((f) => f.p99Ms)),
      errors: floors.reduce((sum, f) => sum + f.errors, 0),
    }
    return {
      bareBeforeRps: bareBefore.requestsPerSecond,
      bareAfterRps: bareAfter.requestsPerSecond,
      floors,
      loads: [
        { ...bareBefore, name: 'bare Fastify route (before)' },
        floorRow,
        ...measured,
        { ...bareAfter, name: 'bare Fastify route (after)' },
      ].map((m) => ({ ...m, ofBare: ratio(m.requestsPerSecond, baseline) })),
      ingestSamplesPerSecond: ingestMeasure.requestsPerSecond * INGEST_SAMPLES,
      serverPeakRssMb: memory.peakRssMb,
      serverRssMb: memory.rssMb,
    }
  } finally {
    await targets.stop()
  }
}

const ratio = (rps: number, of: number) => Math.round((rps / Math.max(1, of)) * 1000) / 1000
