/**
 * Two real server processes on one PostgreSQL behind a round-robin proxy (docs/OPERATIONS.md:
 * "Several instances"): sessions, chat fan-out, notices, the chain indexer, KNT payouts and the
 * daily settlement each work through either instance and run exactly once, and one may die.
 */
import { randomUUID } from 'node:crypto'
import { parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createChain } from '../src/chain/client.ts'
import { INDEXER_LOCK } from '../src/chain/indexer.lock.ts'
import { adminCall } from '../src/features/admin/admin.testkit.ts'
import { aUser, expectReconciled, give, ok } from '../src/features/earn/earn.testkit.ts'
import { createWallet, fund } from '../src/features/wallet/wallet.testkit.ts'
import { connect, type Database } from '../src/platform/db/client.ts'
import { fundedWallet, testChainConfig, track } from './chain.ts'
import { Client, cloneDatabase, rowCount, type AppHandle } from './harness.ts'
import {
  Fleet,
  kntOnChain,
  OPERATOR_ENV,
  payoutStatuses,
  PIN_HEADER,
  remote,
  sameSession,
  signedInOperator,
  type Proxy,
  type ServerProcess,
} from './processes.ts'

const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const chain = createChain(testChainConfig())

const fleet = new Fleet()
let clone: Awaited<ReturnType<typeof cloneDatabase>>
let database: Database
let proxy: Proxy
let instances: [ServerProcess, ServerProcess]
/** Through the proxy, in turn. */
let app: AppHandle
/** Through the proxy, pinned to instance A (0) or B (1). */
let via: [AppHandle['server'], AppHandle['server']]
let ops: Client

beforeAll(async () => {
  clone = await cloneDatabase()
  database = connect(clone.url, 5)
  // the daily settlement's scheduler on, as in production: both instances check at start
  const env = { ...OPERATOR_ENV, TREASURY_KEY: treasuryKey, TRUST_PROXY: '1', SETTLEMENT_SCHEDULE: '1' }
  // both start at once on the same database, as a deployment's instances do
  instances = await Promise.all([fleet.server(clone.url, { env }), fleet.server(clone.url, { env })])
  proxy = await fleet.proxy(instances.map((i) => i.url))
  app = { server: remote(proxy.url), database }
  via = [remote(proxy.url, 0), remote(proxy.url, 1)]
  ops = await signedInOperator(app.server)
})
afterAll(async () => {
  await fleet.close()
  await database?.close()
  await clone?.drop()
})

/** Sessions holding the chain indexer's advisory lock on this database. */
const indexerLockHolders = () =>
  rowCount(
    app,
    'pg_locks',
    `locktype = 'advisory' AND granted AND classid = $1 AND objid = 31337
     AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [INDEXER_LOCK],
  )

/** A transfer from a tracked wallet, mined; resolves with its hash. */
async function trackedTransfer() {
  const sender = await fundedWallet()
  await track(database, sender.account.address)
  const hash = await sender.sendTransaction({ to: privateKeyToAccount(generatePrivateKey()).address, value: 1n })
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { sender, hash, blockNumber: receipt.blockNumber }
}

const upstreamOf = (response: { headers: Record<string, unknown> }) => Number(response.headers[PIN_HEADER])

describe('two instances behind a proxy', () => {
  it('serve one session on both instances, requests alternating', async () => {
    const client = await aUser(app)
    const served: number[] = []
    for (let i = 0; i < 6; i++) {
      const { body, response } = await client.call('/v1/userinfo')
      expect(body).toMatchObject({ code: true, data: { id: client.user.id } })
      served.push(upstreamOf(response))
    }
    expect(served).toEqual(served[0] === 0 ? [0, 1, 0, 1, 0, 1] : [1, 0, 1, 0, 1, 0])
    // signing out through one instance ends the session on the other
    const out = await client.call('/v1/logout')
    expect(out.body.code).toBe(true)
    for (const after of await Promise.all([client.call('/v1/userinfo'), client.call('/v1/userinfo')]))
      expect(after.body.code).toBe(401)
  })

  it("push an operator's reply sent through one instance to the user's socket on the other, both ways", async () => {
    const user = await aUser(app)
    for (const [socketSide, sendSide] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const socket = await openSocket('/v1/ws', user, socketSide)
      const opsSocket = await openSocket('/v1/admin/ws', ops, sendSide)
      try {
        const reply = eventWith(socket, `reply via ${sendSide}`)
        const sent = await adminCall(sameSession(ops, via[sendSide]), '/admin/chatsend', {
          user_id: user.user.id,
          client_id: randomUUID(),
          content: `reply via ${sendSide}`,
        })
        expect(sent.body.code).toBe(true)
        expect(await reply).toEqual({ type: 'chat', user_id: user.user.id, message: sent.body.data })

        // and the user's message through the socket's instance reaches the operator on the other
        const question = eventWith(opsSocket, `question via ${socketSide}`)
        const asked = await ok(sameSession(user, via[socketSide]), '/v1/chatsend', {
          client_id: randomUUID(),
          content: `question via ${socketSide}`,
        })
        expect(await question).toEqual({ type: 'chat', user_id: user.user.id, message: asked })
      } finally {
        socket.close()
        opsSocket.close()
      }
    }
  })

  it('show a notice published through one instance to a user reading through the other', async () => {
    const user = await aUser(app)
    const reader = sameSession(user, via[1])
    await ok(reader, '/v1/msg') // instance B has read (and may have cached) the notices before
    const texts = (en: string) => ({ 'us-en': en, 'zh-cn': `${en} 中`, 'zh-hk': `${en} 中` })
    const published = await adminCall(sameSession(ops, via[0]), '/admin/noticeadd', {
      title: texts('Scale-out notice'),
      content: texts('Published through A.'),
    })
    expect(published.body.code).toBe(true)
    await expect
      .poll(async () => (await ok(reader, '/v1/msg')).list[0], { timeout: 10_000, interval: 250 })
      .toMatchObject({ id: published.body.data.id, kind: 'notice', title: 'Scale-out notice' })
  })

  it('index a transfer exactly once: one instance holds the indexer lock, the cursor moves on', async () => {
    await expect.poll(indexerLockHolders, { timeout: 10_000 }).toBe(1)

    const { sender, hash, blockNumber } = await trackedTransfer()
    const cursor = async () => {
      const { rows } = await database.pool.query<{ n: string }>('SELECT block_number AS n FROM chain_cursor')
      expect(rows).toHaveLength(1)
      return Number(rows[0]?.n)
    }
    await expect.poll(() => rowCount(app, 'chain_transfers', 'hash = $1', [hash]), { timeout: 15_000 }).toBe(1)
    // later blocks too: both instances' indexers keep polling, and still one row
    const later = await sender.sendTransaction({ to: sender.account.address, value: parseEther('0') })
    await chain.client.waitForTransactionReceipt({ hash: later, pollingInterval: 50 })
    await expect.poll(cursor, { timeout: 15_000 }).toBeGreaterThan(Number(blockNumber))
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [hash])).toBe(1)
    expect(await indexerLockHolders()).toBe(1)
  })

  it('pay concurrent /v1/collect payouts exactly once with both instances’ workers running', async () => {
    await fund(app, treasury.address)
    const knt = (whole: string) => parseUnits(whole, 18)
    const users = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const client = await aUser(app)
        const wallet = await createWallet(client)
        await give(app, client.user.id, knt('40'), 'knt')
        return { client, wallet }
      }),
    )
    const request_id = () => `scale-${randomUUID()}`
    // each user asks twice with one request id, the two requests going to different instances
    const answers = await Promise.all(
      users.flatMap(({ client }) => {
        const id = request_id()
        return [0, 1].map((side) =>
          ok(sameSession(client, via[side as 0 | 1]), '/v1/collect', { amount: '12.5', request_id: id }),
        )
      }),
    )
    const ids = [...new Set(answers.map((a: { payout: { id: number } }) => a.payout.id))]
    expect(ids).toHaveLength(users.length)

    await expect
      .poll(() => payoutStatuses(database), { timeout: 30_000, interval: 250 })
      .toEqual(users.map(() => 'confirmed'))
    // one transaction per payout ever left the treasury (its nonce), each paid 12.5 KNT once
    expect(await chain.client.getTransactionCount({ address: treasury.address })).toBe(users.length)
    for (const { wallet } of users) expect(await kntOnChain(chain, wallet.address)).toBe(knt('12.5'))
    await expectReconciled(app)
  })

  it('settle a day once: both schedulers at start, and concurrent /admin/settle through both instances', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await expect
      .poll(() => rowCount(app, 'settlement_runs', `day = $1 AND status = 'done'`, [yesterday]), { timeout: 15_000 })
      .toBe(1)

    const holders = await Promise.all(
      [0, 1, 2].map(async () => {
        const holder = await aUser(app)
        await give(app, holder.user.id, 100_000n, 'power') // 10 power
        await give(app, holder.user.id, parseUnits('150', 18), 'knt')
        await ok(holder, '/v1/pledge', { action: 'stake', amount: '120', request_id: randomUUID() })
        return holder
      }),
    )
    const day = '2026-02-01'
    const answers = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((side) => adminCall(sameSession(ops, via[side as 0 | 1]), '/admin/settle', { day })),
    )
    expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => true))
    expect(answers.filter((a) => a.body.data.created === true)).toHaveLength(1)
    expect(await rowCount(app, 'settlement_runs', 'day = $1', [day])).toBe(1)
    for (const holder of holders) {
      const shares = 'day = $1 AND user_id = $2 AND credited'
      expect(await rowCount(app, 'settlement_shares', shares, [day, holder.user.id])).toBe(2) // computing + token
    }
    const { rows } = await database.pool.query<{ issued: string; rewards: string }>(
      `SELECT r.issued, (SELECT sum(reward) FROM settlement_shares s WHERE s.day = r.day) AS rewards
       FROM settlement_runs r WHERE r.day = $1`,
      [day],
    )
    expect(rows[0]?.rewards).toBe(rows[0]?.issued)
    await expectReconciled(app)
  })

  it('go on with one instance killed (kill -9): the session is served, transfers are still indexed once', async () => {
    const client = await aUser(app)
    await instances[0].kill()
    // the proxy's health check takes the dead instance out (GET /healthz)
    proxy.upstreams = [instances[1].url]
    expect((await ok(client, '/v1/userinfo')).id).toBe(client.user.id)
    const { hash } = await trackedTransfer()
    await expect.poll(() => rowCount(app, 'chain_transfers', 'hash = $1', [hash]), { timeout: 15_000 }).toBe(1)
    expect(await indexerLockHolders()).toBe(1)
  })
})

/** A socket through the proxy pinned to one instance, as the app's page opens it (its Origin, the cookies). */
function openSocket(path: string, client: Client, side: 0 | 1): Promise<WebSocket> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}${path}`, {
    headers: { origin: proxy.url, cookie, [PIN_HEADER]: String(side) },
  })
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve(socket)) // {type: 'ready'} first
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)))
    socket.once('error', reject)
  })
}

/**
 * The next event whose message has `content`: an operator's socket also hears the operators'
 * own replies, which may arrive after the user's socket has heard them.
 */
function eventWith(socket: WebSocket, content: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (data: unknown) => {
      const event = JSON.parse(String(data)) as { message?: { content?: string } }
      if (event.message?.content !== content) return
      socket.off('message', listener)
      resolve(event)
    }
    socket.on('message', listener)
  })
}
