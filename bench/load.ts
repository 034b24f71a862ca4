// The load run: LOAD_USERS simulated people at once on loopback for LOAD_SECONDS against
// the server under test. Each one, started over the first RAMP_SECONDS, signs up with the
// mailed code, binds a watch and uploads its data, authorizes exercise and sleep data,
// browses (Home, the questionnaire, the shop, the wallet), receives the watch task's points
// and buys a virtual good with them, creates a wallet and sends BNB from it; then, until the
// time is up, browses and uploads the next minutes with a think time between steps. Every
// request is timed per operation; a failure is counted (and a few are kept as samples). The
// ledger is reconciled afterwards by run.ts with `npm run ledger:check`.
import { BenchError, Client, percentile } from './client.ts'
import {
  bindWatch,
  createWallet,
  fund,
  receiveWatchTask,
  sendBnb,
  signUp,
  upload,
  watchData,
  type Shop,
} from './people.ts'
import type { ServerUnderTest } from './server.ts'

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 500)
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60)
const RAMP_SECONDS = Math.min(20, SECONDS / 3)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000)
/** Where the simulated people send their 0.001 BNB (an address nobody holds). */
const SINK = '0x000000000000000000000000000000000000bEEF'

export interface LoadOperation {
  operation: string
  requests: number
  errors: number
  p50Ms: number
  p99Ms: number
}

export interface LoadResults {
  users: number
  seconds: number
  thinkMs: number
  requests: number
  errors: number
  errorRate: number
  requestsPerSecond: number
  /** People who got that far in the journey before the time was up (no step starts after it). */
  signedUp: number
  bought: number
  sent: number
  /** Journeys ended by a failure before the time was up. */
  journeysStopped: number
  operations: LoadOperation[]
  errorSamples: string[]
  serverPeakRssMb: number
}

class Recorder {
  readonly times = new Map<string, number[]>()
  readonly errors = new Map<string, number>()
  readonly samples: string[] = []

  async time<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now()
    try {
      const value = await run()
      this.list(operation).push(performance.now() - started)
      return value
    } catch (error) {
      this.list(operation).push(performance.now() - started)
      this.errors.set(operation, (this.errors.get(operation) ?? 0) + 1)
      if (this.samples.length < 10) this.samples.push(error instanceof Error ? error.message : String(error))
      throw error
    }
  }

  private list(operation: string): number[] {
    let list = this.times.get(operation)
    if (!list) this.times.set(operation, (list = []))
    return list
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A think time of THINK_MS ± 50%. */
const think = () => pause(THINK_MS * (0.5 + Math.random()))

export async function simulateUsers(server: ServerUnderTest, shop: Shop): Promise<LoadResults> {
  const record = new Recorder()
  const progress = { signedUp: 0, bought: 0, sent: 0 }
  const started = performance.now()
  const deadline = started + SECONDS * 1000

  /** Ends a journey when the time is up: no step starts after the deadline. */
  const TIME_UP = new Error('time is up')
  const step = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    if (performance.now() >= deadline) throw TIME_UP
    return record.time(operation, run)
  }
  const pauseThenStep = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    await think()
    return step(operation, run)
  }

  async function person(n: number): Promise<void> {
    await pause((n / USERS) * RAMP_SECONDS * 1000)
    const client = new Client(server.base, `10.${1 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`)
    const call = (method: string, params?: Record<string, unknown>) => () => client.call(method, params)
    await step('sign up (send code + register)', () => signUp(server, client, `user-${n}@bench.test`))
    progress.signedUp++
    const code = shop.codes.pop()
    if (!code) throw new Error('no watch code left')
    const watch = await step('bind watch (+ device token)', () => bindWatch(client, code))
    await step('/v1/authorize', call('/v1/authorize', { exercise: '1', sleep: '1' }))
    // the watch's first sync: the last two hours
    let uploaded = Math.floor(Date.now() / 60_000) * 60 - 120 * 60
    await step('device upload', () => upload(server.base, watch, watchData(uploaded, 120)))
    uploaded += 120 * 60
    await step('/v1/gethome', call('/v1/gethome'))
    await pauseThenStep('/v1/taskreceive', () => receiveWatchTask(client))
    await step('/v1/getstore', call('/v1/getstore', { type: 'virtual' }))
    await pauseThenStep('/v1/poststore', call('/v1/poststore', { id: shop.goodId, request_id: `bench-${n}` }))
    progress.bought++
    const wallet = await pauseThenStep('create wallet', () => createWallet(client))
    await fund(server.chainUrl, wallet.address)
    await pauseThenStep('send BNB (terms, fee, broadcast + record)', () => sendBnb(client, wallet, SINK))
    progress.sent++
    for (;;) {
      await pauseThenStep('/v1/gethome', call('/v1/gethome'))
      await step('/v1/wellinfo', call('/v1/wellinfo'))
      await pauseThenStep('/v1/getstore', call('/v1/getstore'))
      await step('/v1/walletindex', call('/v1/walletindex'))
      const now = Math.floor(Date.now() / 60_000) * 60
      if (now > uploaded) {
        const from = uploaded
        await pauseThenStep('device upload', () => upload(server.base, watch, watchData(from, (now - from) / 60)))
        uploaded = now
      }
    }
  }

  const outcomes = await Promise.allSettled(Array.from({ length: USERS }, (_, n) => person(n)))
  const seconds = (performance.now() - started) / 1000
  // a journey stops at its first failure (the recorder counted the requests that failed)
  const stopped = outcomes
    .map((o) => (o.status === 'rejected' ? (o.reason as unknown) : TIME_UP))
    .filter((reason) => reason !== TIME_UP)
  for (const reason of stopped)
    if (record.samples.length < 10 && !(reason instanceof BenchError)) record.samples.push(String(reason))

  const operations = [...record.times].map(([operation, times]) => ({
    operation,
    requests: times.length,
    errors: record.errors.get(operation) ?? 0,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
  }))
  const requests = operations.reduce((sum, o) => sum + o.requests, 0)
  const errors = operations.reduce((sum, o) => sum + o.errors, 0)
  return {
    users: USERS,
    seconds: Math.round(seconds),
    thinkMs: THINK_MS,
    requests,
    errors,
    errorRate: Math.round((errors / Math.max(1, requests)) * 100_000) / 100_000,
    requestsPerSecond: Math.round(requests / seconds),
    ...progress,
    journeysStopped: stopped.length,
    operations,
    errorSamples: record.samples,
    serverPeakRssMb: server.memory().peakRssMb,
  }
}
