import { randomUUID } from 'node:crypto'
import { ERRORS, type WireLang } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { ownPostgres } from '../../../test/faults.ts'
import { rowCount, startAppOn, type Client, type TestApp } from '../../../test/harness.ts'
import { createIndexer, type Indexer } from '../../chain/indexer.ts'
import { aUser, balanceOf, expectReconciled, give } from '../../features/earn/earn.testkit.ts'
import { trackedAddresses } from '../../features/wallet/index.ts'

/** Postgres restarted under load: requests fail cleanly, then the same app serves again. */

const LANGS: WireLang[] = ['us-en', 'zh-cn', 'zh-hk']
const POINTS = 1_000_000n
/** supply_points_per_energy of a fresh install: one energy costs 5 points. */
const SUPPLY_COST = 5n
/** A seeded good: 200 points, unlimited stock. */
const PACK = { name: 'Energy pack (50)', price: 200n }
/** The pool's connect timeout (client.ts) plus slack: no request may wait longer than this. */
const BOUND_MS = 12_000

interface Outcome {
  method: string
  lang: WireLang
  phase: Phase
  status: number
  body: Record<string, unknown>
  ms: number
}
type Phase = 'up' | 'down' | 'back'

let cluster: Awaited<ReturnType<typeof ownPostgres>>
let app: TestApp
let baseUrl: string
let indexer: Indexer | undefined
beforeAll(async () => {
  cluster = await ownPostgres()
  // the load below is one client address: no rate limit in this file
  app = await startAppOn(cluster.appUrl, { RATE_LIMIT_PER_MIN: '1000000', LOG_LEVEL: 'error' }, cluster.remove)
  baseUrl = await app.server.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await indexer?.stop()
  await app?.close()
})

/** A user's socket on /v1/ws, open once the server said `ready`; `events` collects what it pushes after. */
async function openSocket(client: Client) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/v1/ws`, { headers: { origin: baseUrl, cookie } })
  await new Promise((resolve, reject) => {
    socket.once('message', resolve)
    socket.once('error', reject)
  })
  const events: Record<string, any>[] = []
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as Record<string, any>))
  return { socket, events }
}

describe('Postgres restarted under load', () => {
  it('answers 503 SERVICE_UNAVAILABLE while it is down, then serves, fans out and applies each write once', async () => {
    const users = await Promise.all([aUser(app), aUser(app), aUser(app)])
    for (const user of users) await give(app, user.user.id, POINTS)
    const store = await users[0].call('/v1/getstore', { type: 'virtual' })
    const pack = (store.body.data.list as { id: number; name: string }[]).find((g) => g.name === PACK.name)!.id
    const before = await openSocket(users[0])
    // the chain indexer's loop runs beside the requests (from the head: this file tracks no address)
    const { chain } = app.config
    const follower = createIndexer({
      db: app.database.db,
      databaseUrl: cluster.appUrl,
      chain: { ...chain, rpcUrl: chain.rpcUrl!, indexFrom: undefined },
      tracked: () => trackedAddresses(app.database.db),
      intervalMs: 100,
    })
    indexer = follower
    follower.start()

    let phase: Phase = 'up'
    let stopped = false
    const outcomes: Outcome[] = []
    /** Every write sent, per user, with its request id: each is retried after the restart. */
    const sent = users.map(() => ({ supply: [] as string[], buy: [] as string[] }))
    const write = (kind: 'supply' | 'buy', request_id: string): [string, Record<string, unknown>] =>
      kind === 'supply' ? ['/v1/supply', { amount: '1', request_id }] : ['/v1/poststore', { id: pack, request_id }]
    const timed = async (client: Client, method: string, params: Record<string, unknown>, lang: WireLang) => {
      const at = phase
      const start = performance.now()
      const { status, body } = await client.call(method, params, { lang })
      outcomes.push({ method, lang, phase: at, status, body, ms: performance.now() - start })
    }
    const reader = async (client: Client, n: number) => {
      for (let i = n; !stopped; i++) {
        await timed(client, i % 2 ? '/v1/userinfo' : '/v1/gethome', {}, LANGS[i % 3]!)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const writer = async (client: Client, ids: (typeof sent)[number], n: number) => {
      for (let i = n; !stopped; i++) {
        const kind = i % 4 ? 'supply' : 'buy'
        const request_id = randomUUID()
        ids[kind].push(request_id)
        await timed(client, ...write(kind, request_id), LANGS[i % 3]!)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const load = users.flatMap((client, n) => [reader(client, n), reader(client, n + 1), writer(client, sent[n]!, n)])
    const count = (p: Phase) => outcomes.filter((o) => o.phase === p).length

    await expect.poll(() => count('up'), { timeout: 20_000 }).toBeGreaterThanOrEqual(60)
    await cluster.stop()
    phase = 'down'
    await expect.poll(() => count('down'), { timeout: 20_000 }).toBeGreaterThanOrEqual(60)
    // what a person sees meanwhile, in each language, and what a load balancer sees
    for (const lang of LANGS) {
      const { status, body } = await users[1].call('/v1/userinfo', {}, { lang })
      expect({ status, body }).toEqual({
        status: 503,
        body: { code: false, error: 'SERVICE_UNAVAILABLE', msg: ERRORS.SERVICE_UNAVAILABLE[lang] },
      })
    }
    const health = await app.server.inject({ method: 'GET', url: '/healthz', headers: { 'accept-language': 'zh-TW' } })
    expect(health.statusCode).toBe(503)
    expect(health.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', msg: ERRORS.SERVICE_UNAVAILABLE['zh-hk'] })

    await cluster.start()
    phase = 'back'
    // the same app, not restarted: its pool connects again on the next request
    await expect.poll(async () => (await users[2].call('/v1/userinfo')).body.code, { timeout: 20_000 }).toBe(true)
    await expect.poll(() => count('back'), { timeout: 20_000 }).toBeGreaterThanOrEqual(60)
    stopped = true
    await Promise.all(load)
    // no connection was lost to the pool: with the load stopped, none stays checked out (the
    // indexer's passes, still running, hold one for a moment)
    const { pool } = app.database
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000, interval: 20 }).toBe(0)

    // every answer was a success or the clean 503 in its language: no 500, no 401, no SQL, no stack
    const unclean = outcomes.filter(
      (o) =>
        !(o.status === 200 && o.body.code === true) &&
        !(
          o.status === 503 &&
          JSON.stringify(o.body) ===
            JSON.stringify({ code: false, msg: ERRORS.SERVICE_UNAVAILABLE[o.lang], error: 'SERVICE_UNAVAILABLE' })
        ),
    )
    expect(unclean).toEqual([])
    expect(outcomes.filter((o) => o.phase === 'down' && o.status === 503).length).toBeGreaterThan(0)
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(BOUND_MS)
    // once back, nothing fails any more
    const lastFailure = outcomes.findLastIndex((o) => o.status !== 200)
    expect(outcomes.slice(lastFailure + 1).filter((o) => o.phase === 'back').length).toBeGreaterThanOrEqual(30)

    // a client retries every write with its request id: each applies exactly once
    for (const [n, client] of users.entries()) {
      const { supply, buy } = sent[n]!
      for (const kind of ['supply', 'buy'] as const)
        for (const request_id of sent[n]![kind]) {
          const { body } = await client.call(...write(kind, request_id))
          expect(body.code, JSON.stringify(body)).toBe(true)
        }
      const id = client.user.id
      expect(await rowCount(app, 'ledger_postings', 'idempotency_key LIKE $1', [`supply:${id}:%`])).toBe(supply.length)
      expect(await rowCount(app, 'shop_orders', 'user_id = $1', [id])).toBe(buy.length)
      expect(await balanceOf(app, id)).toBe(
        POINTS - BigInt(supply.length) * SUPPLY_COST - BigInt(buy.length) * PACK.price,
      )
    }
    await expectReconciled(app)

    // the event listener connected again: a chat message reaches the socket opened before and a new one
    await expect
      .poll(
        async () =>
          (
            await app.database.pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'kinetic-events' AND query LIKE 'LISTEN%'`,
            )
          ).rowCount,
        { timeout: 20_000 },
      )
      .toBe(1)
    await app.bus.ready()
    // and the indexer took its lock again on a new connection and follows the chain
    const pass = () =>
      follower.indexOnce().then(
        (p) => p.ran,
        () => false,
      )
    await expect.poll(pass, { timeout: 20_000 }).toBe(true)
    expect(await rowCount(app, 'chain_cursor')).toBe(1)
    await follower.stop()
    const after = await openSocket(users[0])
    const { body } = await users[0].call('/v1/chatsend', { client_id: randomUUID(), content: 'still there?' })
    const pushed = { type: 'chat', user_id: users[0].user.id, message: body.data }
    await expect.poll(() => before.events).toContainEqual(pushed)
    await expect.poll(() => after.events).toContainEqual(pushed)
    before.socket.close()
    after.socket.close()
  }, 90_000)
})
