/**
 * kill -9 in the middle of work (docs/OPERATIONS.md: "A process dies"): a real server process
 * is killed while purchases, transfers, payouts, the settlement or uploads are in flight, a new one
 * starts on the same database and port, every request is retried, and nothing is lost or doubled.
 */
import sharp from 'sharp'
import { keccak256, parseEther, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createChain } from '../src/chain/client.ts'
import { adminCall } from '../src/features/admin/admin.testkit.ts'
import {
  aUser,
  balanceOf,
  expectReconciled,
  give,
  ledger,
  SETTLEMENT_BATCH,
  SYSTEM,
  userAccount,
} from '../src/features/earn/earn.testkit.ts'
import { aBoundWatch, upload } from '../src/features/health/health.testkit.ts'
import { aKey, createWallet, fund, signTransfer } from '../src/features/wallet/wallet.testkit.ts'
import { connect, type Database } from '../src/platform/db/client.ts'
import { testChainConfig } from './chain.ts'
import { cloneDatabase, rowCount, type AppHandle, type Client } from './harness.ts'
import { upload as uploadFile } from './multipart.ts'
import {
  Fleet,
  kntOnChain,
  OPERATOR_ENV,
  payoutStatuses,
  remote,
  signedInOperator,
  type ServerProcess,
} from './processes.ts'

const chain = createChain(testChainConfig())
const fleet = new Fleet()
let clone: Awaited<ReturnType<typeof cloneDatabase>>
let database: Database
let server: ServerProcess
/** Requests go to the current process (a restart keeps the port). */
let app: AppHandle
/** Its own treasury: payouts never compete for a nonce with other files' servers. */
const treasuryKey = generatePrivateKey()
const env = { TREASURY_KEY: treasuryKey, ...OPERATOR_ENV }

beforeAll(async () => {
  clone = await cloneDatabase()
  database = connect(clone.url, 5)
  server = await fleet.server(clone.url, { env })
  app = { server: remote(server.url), database }
})
afterEach(() => expectReconciled(app))
afterAll(async () => {
  await fleet.close()
  await database?.close()
  await clone?.drop()
})

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/**
 * kill -9 once `underWay` holds (polled on the database), then a new process on the same
 * database and port. No clock decides: it waits for that state, and fails when `work` (the
 * requests in flight) ends before the state was seen — the kill could no longer land mid-way.
 */
async function crashWhen(underWay: () => Promise<boolean>, work: Promise<unknown>): Promise<void> {
  let ended = false
  void work.finally(() => (ended = true))
  while (!(await underWay())) {
    if (ended) throw new Error('the work ended before it was seen under way')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await server.kill()
  server = await fleet.server(clone.url, { env, port: server.port })
}

const answered = <T>(outcomes: PromiseSettledResult<T>[]) =>
  outcomes.map((o) => (o.status === 'fulfilled' ? o.value : undefined))

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(sql, values)
  return Number(rows[0]?.n)
}

describe('kill -9 during purchases', () => {
  it(
    'leaves orders = stock taken = points paid, and a retried request id answers its order',
    { timeout: 60_000 },
    async () => {
      const buyers = await Promise.all(range(6).map(() => aUser(app)))
      expect((await buyers[0]!.call('/v1/getstore')).body.code).toBe(true) // the shop seeds its goods on first use
      const { rows } = await database.pool.query<{ id: number; price: string }>(
        `UPDATE shop_goods SET stock = 20 WHERE slug = 'energy-pack-50' RETURNING id, price_points AS price`,
      )
      const good = rows[0]!
      const price = BigInt(good.price)
      for (const buyer of buyers) await give(app, buyer.user.id, 5n * price)
      // 30 purchases for 20 in stock, all at once
      const requests = buyers.flatMap((buyer) =>
        range(5).map((i) => ({ buyer, request_id: `crash-${buyer.user.id}-${i}` })),
      )
      const buy = ({ buyer, request_id }: (typeof requests)[number]) =>
        buyer.call('/v1/poststore', { id: good.id, request_id })
      const orders = () => count('SELECT count(*) AS n FROM shop_orders WHERE good_id = $1', [good.id])

      const inFlight = Promise.allSettled(requests.map(buy))
      await crashWhen(async () => (await orders()) >= 5, inFlight)
      const before = answered(await inFlight)
      expect(before.some((a) => a === undefined)).toBe(true) // the crash cut requests off

      const retried = await Promise.all(requests.map(buy))
      for (const [i, answer] of retried.entries()) {
        if (answer.body.code !== true) expect(answer.body.error).toBe('OUT_OF_STOCK')
        const first = before[i]?.body
        if (first?.code === true) expect(answer.body.data.order.id).toBe(first.data.order.id)
      }
      const again = await Promise.all(requests.map(buy))
      expect(again.map((a) => a.body.data?.order.id)).toEqual(retried.map((a) => a.body.data?.order.id))

      const sold = new Set(retried.filter((a) => a.body.code === true).map((a) => a.body.data.order.id))
      expect(sold.size).toBe(20)
      expect(await orders()).toBe(20)
      expect(await count('SELECT stock AS n FROM shop_goods WHERE id = $1', [good.id])).toBe(0)
      // every order paid by exactly one posting, and every buyer debited for exactly their orders
      const paid = `SELECT count(*) AS n FROM shop_orders o JOIN ledger_postings p ON p.idempotency_key = 'order:' || o.id
                  WHERE o.good_id = $1`
      expect(await count(paid, [good.id])).toBe(20)
      for (const buyer of buyers) {
        const mine = await rowCount(app, 'shop_orders', 'user_id = $1', [buyer.user.id])
        expect(await balanceOf(app, buyer.user.id)).toBe((5n - BigInt(mine)) * price)
      }
    },
  )
})

describe('kill -9 while transfers are recorded', () => {
  it(
    'records every broadcast transfer once: retries answer their hash, the indexer resumes from its cursor',
    { timeout: 60_000 },
    async () => {
      const senders = await Promise.all(
        range(3).map(async () => {
          const client = await aUser(app)
          const wallet = await createWallet(client)
          await fund(app, wallet.key.address)
          const nonce = await chain.client.getTransactionCount({ address: wallet.key.address })
          const raws = await Promise.all(
            range(3).map((i) =>
              signTransfer(wallet.key, { to: aKey().address, value: parseEther('0.01'), nonce: nonce + i }),
            ),
          )
          return { client, wallet, raws }
        }),
      )
      const hashes = senders.flatMap((s) => s.raws.map((raw) => keccak256(raw)))
      const recorded = () => rowCount(app, 'chain_transfers', 'hash = ANY($1)', [hashes])
      const cursor = () => count('SELECT block_number AS n FROM chain_cursor WHERE chain_id = 31337')
      // each wallet posts its transfers in nonce order; the wallets at once
      const post = (sender: (typeof senders)[number], raw: Hex) =>
        sender.client.call('/v1/transaction', { wallet_id: sender.wallet.id, raw })
      const postAll = () =>
        Promise.allSettled(
          senders.map(async (sender) => {
            for (const raw of sender.raws) {
              const { body } = await post(sender, raw)
              expect(body).toMatchObject({ code: true, data: { hash: keccak256(raw) } })
            }
          }),
        )

      const inFlight = postAll()
      let cursorAtCrash = 0
      await crashWhen(async () => {
        cursorAtCrash = await cursor()
        return (await recorded()) >= 3
      }, inFlight)
      expect((await inFlight).some((r) => r.status === 'rejected')).toBe(true) // the crash cut posts off

      // after the restart every transfer is posted again: each answers its own hash
      const retried = await postAll()
      expect(retried.filter((r) => r.status === 'rejected')).toEqual([])
      const receipts = await Promise.all(hashes.map((hash) => chain.client.waitForTransactionReceipt({ hash })))
      expect(receipts.every((r) => r.status === 'success')).toBe(true)
      const head = Math.max(...receipts.map((r) => Number(r.blockNumber)))

      // the new process's indexer goes on from the cursor and marks each one mined, once
      await expect.poll(cursor, { timeout: 20_000 }).toBeGreaterThanOrEqual(head)
      expect(await cursor()).toBeGreaterThanOrEqual(cursorAtCrash)
      const { rows } = await database.pool.query<{ hash: string; n: string; status: string }>(
        `SELECT hash, count(*) AS n, min(status) AS status FROM chain_transfers WHERE hash = ANY($1) GROUP BY hash`,
        [hashes],
      )
      expect(rows.map((r) => [Number(r.n), r.status])).toEqual(hashes.map(() => [1, 'success']))
      expect(await count('SELECT count(*) AS n FROM chain_cursor')).toBe(1)
    },
  )
})

describe('kill -9 while payouts are signed and broadcast', () => {
  it(
    'pays each queued /v1/collect once: the next process resumes them, a retried request id answers its payout',
    { timeout: 60_000 },
    async () => {
      const treasury = privateKeyToAccount(treasuryKey).address
      await fund(app, treasury)
      const knt = (whole: string) => parseUnits(whole, 18)
      const earners = await Promise.all(
        range(5).map(async (i) => {
          const client = await aUser(app)
          const wallet = await createWallet(client)
          await give(app, client.user.id, knt('40'), 'knt')
          return { client, wallet, request_id: `payout-crash-${i}-${client.user.id}` }
        }),
      )
      const collect = ({ client, request_id }: (typeof earners)[number]) =>
        client.call('/v1/collect', { amount: '12.5', request_id })
      const inFlight = Promise.allSettled(earners.map(collect))
      // killed once a payout has been signed (its raw transaction saved) and the others are queued or on their way
      await crashWhen(async () => (await rowCount(app, 'payouts', 'raw IS NOT NULL')) >= 1, inFlight)
      const before = answered(await inFlight)

      const retried = await Promise.all(earners.map(collect))
      for (const [i, answer] of retried.entries()) {
        expect(answer.body.code).toBe(true)
        const first = before[i]?.body
        if (first?.code === true) expect(answer.body.data.payout.id).toBe(first.data.payout.id)
      }
      await expect
        .poll(() => payoutStatuses(database), { timeout: 30_000, interval: 250 })
        .toEqual(earners.map(() => 'confirmed'))
      // one transaction per payout left the treasury, each wallet got 12.5 KNT once
      expect(await chain.client.getTransactionCount({ address: treasury })).toBe(earners.length)
      for (const { client, wallet } of earners) {
        expect(await kntOnChain(chain, wallet.address)).toBe(knt('12.5'))
        expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('27.5'))
      }
    },
  )
})

describe('kill -9 during the daily settlement', () => {
  // a server restart and a settlement's remaining batches: 148 s on a loaded 2-core machine
  it('credits every share once: /admin/settle after the restart resumes the run', { timeout: 300_000 }, async () => {
    // holders enough for several batches, written in SQL and one power posting (fast to set up)
    const holders = 8 * SETTLEMENT_BATCH
    const { rows } = await database.pool.query<{ id: number }>(
      `INSERT INTO users (password_hash, invite_code)
       SELECT '-', 'S' || substr(md5(random()::text || g::text), 1, 11) FROM generate_series(1, $1) g RETURNING id`,
      [holders],
    )
    await ledger(database.db).post({
      key: 'faults:power',
      kind: 'reward',
      lines: [
        { owner: SYSTEM.rewards, asset: 'power', amount: -BigInt(holders) * 10_000n },
        ...rows.map((r) => ({ owner: userAccount(r.id), asset: 'power' as const, amount: 10_000n })),
      ],
    })
    const day = '2026-03-01'
    const credited = () =>
      count(`SELECT count(*) AS n FROM settlement_shares WHERE day = $1 AND kind = 'computing' AND credited`, [day])

    const settling = adminCall(await signedInOperator(app.server), '/admin/settle', { day }).catch(() => undefined)
    await crashWhen(async () => (await credited()) > 0, settling)
    await settling
    const atCrash = await credited()
    expect(atCrash).toBeLessThan(holders) // killed mid-run

    const { body } = await adminCall(await signedInOperator(app.server), '/admin/settle', { day })
    expect(body).toMatchObject({ code: true, data: { created: false, run: { status: 'done', credited: holders } } })
    expect(await credited()).toBe(holders)
    const batches = `SELECT count(*) AS n FROM ledger_postings WHERE idempotency_key LIKE $1`
    expect(await count(batches, [`settlement:${day}:computing:%`])).toBe(holders / SETTLEMENT_BATCH)
    const { rows: sums } = await database.pool.query<{ issued: string; rewards: string }>(
      `SELECT r.issued, (SELECT sum(reward) FROM settlement_shares s WHERE s.day = r.day) AS rewards
       FROM settlement_runs r WHERE r.day = $1`,
      [day],
    )
    expect(sums[0]?.rewards).toBe(sums[0]?.issued)
  })
})

describe('kill -9 during device uploads', () => {
  it(
    'stores retried batches once: samples and rollups equal a clean run of the same batches',
    { timeout: 60_000 },
    async () => {
      const crashed = await aUser(app)
      const clean = await aUser(app)
      const [crashedWatch, cleanWatch] = [await aBoundWatch(app, crashed, 0), await aBoundWatch(app, clean, 1)]
      const start = Math.floor(Date.now() / 1000 / 60) * 60 - 86_400
      // 24 batches of 10 minutes each: a heart rate and a step count per minute
      const batches = range(24).map((b) => {
        const minutes = range(10).map((m) => start + (b * 10 + m) * 60)
        return {
          heart_rate: minutes.map((t, m) => ({ t: t + 5, bpm: 60 + ((b + m) % 40) })),
          steps: minutes.map((t, m) => ({ t, count: 20 + ((b * 7 + m * 13) % 120) })),
        }
      })
      const hrRows = (userId: number) => rowCount(app, 'hr_samples', 'user_id = $1', [userId])

      const inFlight = Promise.allSettled(batches.map((batch) => upload(app, crashedWatch.token, batch)))
      await crashWhen(async () => (await hrRows(crashed.user.id)) >= 30, inFlight)
      expect(answered(await inFlight).some((a) => a === undefined)).toBe(true)

      const retried = await Promise.all(batches.map((batch) => upload(app, crashedWatch.token, batch)))
      for (const { status, body } of retried) {
        expect(status).toBe(200)
        const { accepted, duplicate } = body.data as Record<
          'accepted' | 'duplicate',
          { heart_rate: number; steps: number }
        >
        expect(accepted.heart_rate + duplicate.heart_rate).toBe(10)
        expect(accepted.steps + duplicate.steps).toBe(10)
      }
      const cleanRun = await Promise.all(batches.map((batch) => upload(app, cleanWatch.token, batch)))
      expect(cleanRun.map((a) => a.status)).toEqual(batches.map(() => 200))

      const rollups = async (userId: number) => {
        const query = async (table: string, key: string) =>
          (
            await database.pool.query(
              `SELECT to_jsonb(r) - 'user_id' AS row FROM ${table} r WHERE user_id = $1 ORDER BY ${key}`,
              [userId],
            )
          ).rows
        return {
          hr: await hrRows(userId),
          steps: await rowCount(app, 'step_samples', 'user_id = $1', [userId]),
          minutes: await query('health_minutes', 'minute'),
          days: await query('health_days', 'day'),
        }
      }
      const ofCrashed = await rollups(crashed.user.id)
      expect(ofCrashed.hr).toBe(240)
      expect(ofCrashed.minutes).toHaveLength(240)
      expect(ofCrashed).toEqual(await rollups(clean.user.id))
    },
  )
})

describe('kill -9 during avatar uploads', () => {
  it(
    'leaves each user one whole avatar or none, and an upload after the restart replaces it',
    { timeout: 60_000 },
    async () => {
      const users = await Promise.all(range(8).map(() => aUser(app)))
      const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer()
      const post = (client: Client) =>
        uploadFile(client, '/v1/image', { name: 'me.png', type: 'image/png', bytes: image })
      const avatars = () =>
        rowCount(app, 'files', `kind = 'avatar' AND owner_id = ANY($1)`, [users.map((u) => u.user.id)])

      const inFlight = Promise.allSettled(users.map(post))
      // killed at the first stored avatar: on a loaded machine all eight can finish before a later poll
      await crashWhen(async () => (await avatars()) >= 1, inFlight)
      expect(answered(await inFlight).some((a) => a === undefined)).toBe(true)

      /** The user's avatar files and what the profile says. */
      const state = async (user: (typeof users)[number]) => {
        const { rows } = await database.pool.query<{ id: string; whole: boolean }>(
          `SELECT id, size = octet_length(bytes) AS whole FROM files WHERE kind = 'avatar' AND owner_id = $1`,
          [user.user.id],
        )
        const profile = (await user.call('/v1/userinfo')).body.data as { avatar: string }
        return { rows, avatar: profile.avatar }
      }
      for (const user of users) {
        const { rows, avatar } = await state(user)
        expect(rows.length).toBeLessThanOrEqual(1)
        expect(rows.every((r) => r.whole)).toBe(true)
        expect(avatar === '' ? [] : [avatar]).toEqual(rows.map((r) => `/v1/files/${r.id}`))
      }

      const after = await Promise.all(users.map(post))
      for (const [i, user] of users.entries()) {
        expect(after[i]?.body.code).toBe(true)
        const { rows, avatar } = await state(user)
        expect(rows).toEqual([{ id: expect.any(String), whole: true }])
        expect(avatar).toBe(after[i]?.body.data.url)
        const served = await app.server.inject({ method: 'GET', url: avatar })
        expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp'])
      }
    },
  )
})
