import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import qs from 'qs'
import { createPublicClient, http } from 'viem'
import { inject } from 'vitest'
import { buildApp, type App, type AppOptions } from '../src/app.ts'
import type { ChainClient } from '../src/chain/client.ts'
import { loadConfig, type Config } from '../src/platform/config.ts'
import { connect, type Database } from '../src/platform/db/client.ts'
import { testZone } from '../src/platform/test-clock.ts'

const TEMPLATE_DB = 'kinetic_template'

export interface TestApp {
  server: FastifyInstance
  database: Database
  config: Config
  /** The app's chain: the test run's dev chain (test/devchain-setup.ts). */
  chain: ChainClient
  /**
   * Each feature's API, by name: what the features' testkits (`<f>.testkit.ts`) drive when a
   * test needs what one feature calls of another (a push, a settlement tick). Tests use the testkits.
   */
  features: App['features']
  /** The app's upload service (platform/uploads/uploads.testkit.ts). */
  uploads: App['uploads']
  /** The app's cross-instance events (LISTEN/NOTIFY). */
  bus: App['bus']
  /**
   * The database round trips (statements sent through the app's pool and its read pool: a BEGIN
   * counts, one multi-statement text counts once) made while `fn` runs, with its result. Work of
   * the app's own in the background (a job) in that time counts too: call it when the app is quiet,
   * or count only the statements whose text contains `naming` (e.g. `"sessions"`, a table drizzle
   * names) to leave background work out.
   */
  roundTrips<T>(fn: () => Promise<T>, options?: { naming?: string }): Promise<{ result: T; trips: number }>
  /**
   * The statements (their SQL text) sent while `fn` runs, through the app's pool (`primary`)
   * and through its read pool (`read`: only with `DATABASE_READ_URL`), with its result.
   */
  statements<T>(fn: () => Promise<T>): Promise<{ result: T; primary: string[]; read: string[] }>
  close(): Promise<void>
}

/** What tests need of an app: its HTTP surface and its database (a TestApp, or processes: test/processes.ts). */
export type AppHandle = Pick<TestApp, 'server' | 'database'>

/**
 * The round trips a signed-in request spends on its session before its operation runs: none,
 * the session comes from the in-process cache sign-in fills (platform/auth/session-cache.ts;
 * reading it from the table was 1). Hot-read tests allow 2 on top of it.
 */
export const SESSION_TRIPS = 0

/** A fresh database cloned from the migrated template, for one test file. */
export async function cloneDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`)
  await admin.end()
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** The dev chain's newest block number (the shared one's unless `rpcUrl` names another). */
export async function headBlock(rpcUrl: string = inject('chainRpcUrl')): Promise<number> {
  return Number(await createPublicClient({ transport: http(rpcUrl) }).getBlockNumber({ cacheTime: 0 }))
}

/** The real app (buildApp) on its own cloned database, seeded like a fresh install. */
export async function startTestApp(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestApp> {
  const clone = await cloneDatabase()
  return startAppOn(clone.url, env, clone.drop, options)
}

/**
 * The real app on the database at `url` (migrated already), seeded like a fresh install;
 * `cleanup` runs after it closed (e.g. dropping that database).
 */
export async function startAppOn(
  url: string,
  env: Record<string, string> = {},
  cleanup: () => Promise<void> = async () => undefined,
  options: AppOptions = {},
): Promise<TestApp> {
  const shared = inject('chainRpcUrl')
  const config = loadConfig({
    NODE_ENV: 'test',
    // the outbox (codes read at /dev/outbox) and the faucet; `DEV_MODE: '0'` in `env` turns it off
    DEV_MODE: '1',
    // every test registers from 127.0.0.1: the per-address code limit is tested on its own
    CODES_PER_IP_HOUR: '1000',
    DATABASE_URL: url,
    WEB_DIST: '/nonexistent',
    CHAIN_RPC_URL: shared,
    CHAIN_ID: '31337',
    // a new database holds nothing of the shared chain's past: its indexer starts at the head, not
    // at block 0 (late in a run that chain holds thousands of other files' blocks); a chain of the
    // test's own (`env.CHAIN_RPC_URL`, perhaps one that never answers) is indexed from block 0
    ...(env.CHAIN_RPC_URL ? {} : { CHAIN_INDEX_FROM: String(await headBlock(shared)) }),
    ...env,
  })
  const database = connect(url, 10, config.databaseReadUrl)
  let trips = 0
  const sent: { primary: string[]; read: string[] } = { primary: [], read: [] }
  const count = (pool: pg.Pool, into: 'primary' | 'read') =>
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      ;(client as { query: unknown }).query = (...args: unknown[]) => {
        trips++
        const [text] = args
        sent[into].push(typeof text === 'string' ? text : String((text as { text?: unknown }).text))
        return query(...args)
      }
    })
  count(database.pool, 'primary')
  if (database.read) count(database.read, 'read')
  const { server, features, uploads, chain, bus } = await buildApp(config, database.db, options)
  await features.content.content.seed()
  await features.support.support.seed()
  // the raw samples' day partitions around this process's now, as the daily job makes them: the
  // template's were made around the real date, and TEST_NOW may be months from it
  await features.health.raw.maintain()
  await server.ready()
  await bus.ready()
  return {
    server,
    database,
    config,
    chain,
    features,
    uploads,
    bus,
    async roundTrips(fn, options) {
      const before = trips
      const from = { primary: sent.primary.length, read: sent.read.length }
      const result = await fn()
      const naming = options?.naming
      if (naming === undefined) return { result, trips: trips - before }
      const seen = [...sent.primary.slice(from.primary), ...sent.read.slice(from.read)]
      return { result, trips: seen.filter((text) => text.includes(naming)).length }
    },
    async statements(fn) {
      const from = { primary: sent.primary.length, read: sent.read.length }
      const result = await fn()
      return { result, primary: sent.primary.slice(from.primary), read: sent.read.slice(from.read) }
    },
    async close() {
      await server.close()
      await database.close()
      await cleanup()
    },
  }
}

/** A client keeping cookies like a browser does, posting as the web app does. */
export class Client {
  readonly cookies = new Map<string, string>()
  account: number | undefined

  constructor(readonly server: FastifyInstance) {}

  async call(
    method: string,
    params: Record<string, unknown> = {},
    options: { lang?: string; path?: string; json?: boolean; ip?: string } = {},
  ) {
    const payload = { method, lang: options.lang ?? 'us-en', ...params }
    const response = await this.post(
      options.path ?? (method === '/v1/login' ? '/v1/login/index' : '/v1/index'),
      options.json ? JSON.stringify(payload) : qs.stringify(payload, { arrayFormat: 'indices' }),
      { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' },
      options.ip,
    )
    return { status: response.statusCode, body: response.json() as Record<string, unknown> & { data?: any }, response }
  }

  /**
   * Posts a raw body with this client's cookies and the web app's headers; `headers`
   * override them (`undefined` leaves one out), `ip` is the address the request comes from.
   */
  async post(url: string, payload: string | Buffer, headers: Record<string, string | undefined> = {}, ip?: string) {
    const merged: Record<string, string | undefined> = {
      'x-requested-with': 'XMLHttpRequest',
      ...(this.account ? { 'x-account': String(this.account) } : {}),
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...headers,
    }
    const response = await this.server.inject({
      method: 'POST',
      url,
      headers: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<string, string>,
      payload,
      ...(ip ? { remoteAddress: ip } : {}),
    })
    this.keepCookies(response)
    return response
  }

  keepCookies(response: LightMyRequestResponse): void {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now())
      if (cleared) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
  }
}

/** The messages sent to an address, newest first, read from the dev outbox. */
export async function mailsTo(server: FastifyInstance, to: string): Promise<{ subject: string; body: string }[]> {
  const response = await server.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })
  return (response.json() as { list: { subject: string; body: string }[] }).list
}

/** The code mailed to an address, read from the dev outbox. */
export async function codeFromOutbox(server: FastifyInstance, to: string): Promise<string> {
  // a code is mailed after its request answered: behind a proxy another instance may list the
  // outbox before the sending one has written it, so look again for a few seconds
  for (let tries = 0; ; tries++) {
    const response = await server.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })
    const [latest] = (response.json() as { list: { body: string }[] }).list
    const code = latest && /\b(\d{6})\b/.exec(latest.body)?.[1]
    if (code) return code
    if (tries >= 50) throw new Error(`no code in the outbox for ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Registers an e-mail account through the real flow and leaves the client signed in. The
 * account's zone is `testZone()` unless `extra.time_zone` names another.
 */
export async function registerUser(
  client: Client,
  email: string,
  password = 'secret123',
  extra: Record<string, string> = {},
) {
  const sent = await client.call('/v1/send', { type: 'email', account: email, scene: 'register' })
  if (sent.body.code !== true) throw new Error(`send failed: ${JSON.stringify(sent.body)}`)
  const code = await codeFromOutbox(client.server, email)
  const registered = await client.call('/v1/register', {
    type: 'email',
    account: email,
    code,
    password,
    repassword: password,
    agree: '1',
    time_zone: testZone(),
    ...extra,
  })
  if (registered.body.code !== true) throw new Error(`register failed: ${JSON.stringify(registered.body)}`)
  return registered.body.data.user as { id: number; invite_code: string; email: string }
}

/** Rows in a table, optionally filtered (`where` uses $1, $2… for `values`). */
export async function rowCount(app: AppHandle, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  const { rows } = await app.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${table} WHERE ${where}`,
    values,
  )
  return Number(rows[0]?.n)
}

/** Row counts of several tables, for asserting that nothing was written. */
export async function rowCounts(app: AppHandle, tables: readonly string[]): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowCount(app, t)] as const)))
}
