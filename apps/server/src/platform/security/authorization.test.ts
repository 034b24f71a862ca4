import { randomUUID } from 'node:crypto'
import { CATALOG, INDEX_PATH, type MethodDef } from '@kinetic/protocol'
import sharp from 'sharp'
import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload } from '../../../test/multipart.ts'
import { postSystemMessage } from '../../features/content/index.ts'
import { anOperator } from '../../features/discover/discover.testkit.ts'
import { give } from '../../features/earn/earn.testkit.ts'
import { seedCodes } from '../../features/health/health.testkit.ts'
import { aKey, createWallet, fund, ok, signTransfer, vaultOf } from '../../features/wallet/wallet.testkit.ts'
import { fingerprint } from '../../../test/fingerprint.ts'

/**
 * The authorization matrix: every user-owned resource, created by Alice, is read,
 * changed and deleted by id with Bob's session. Bob must get exactly the answer of an id that
 * does not exist, and nothing in the database may change. The catalog drives it: a built
 * operation taking an id-like param needs a row here, or a reason in NOT_USER_OWNED. (A user's
 * session on every console operation: admin.test.ts.)
 */

let app: TestApp
let alice: Client
let bob: Client
let aliceId: number
/** An account with nothing: no points, energy, KNT or wallet. */
let carol: Client
beforeAll(async () => {
  app = await startTestApp()
  alice = new Client(app.server)
  bob = new Client(app.server)
  aliceId = (await registerUser(alice, 'alice-authz@example.com')).id
  await registerUser(bob, 'bob-authz@example.com')
  carol = new Client(app.server)
  await registerUser(carol, 'carol-authz@example.com')
})
afterAll(() => app.close())

type Action = 'read' | 'change' | 'delete'
type Ids = Record<string, unknown>
interface Probe {
  action: Action
  method: string
  /** The param holding the resource's id (for the catalog check). */
  param: string
  params: (ids: Ids) => Record<string, unknown>
}
interface Resource {
  name: string
  /** The error every refusal answers (the not-found of the resource). */
  notFound: string
  /** Creates one for `owner` (also run for Bob, so he is never in an empty state) and answers its ids. */
  create: (owner: Client) => Promise<Ids>
  /** The same ids with the resource's own replaced by one that exists nowhere. */
  missing: (ids: Ids) => Ids
  /** A read by the owner, proving the ids are real. */
  own?: (ids: Ids) => [string, Record<string, unknown>]
  probes: Probe[]
}

const MISSING_ID = 987_654_321
const MISSING_FILE = 'A'.repeat(22)
const MISSING_HASH = `0x${'ab'.repeat(32)}`
const freshRequest = () => ({ request_id: randomUUID() })
const probe =
  (action: Action) =>
  (method: string, param: string, params: Probe['params']): Probe => ({ action, method, param, params })
const [read, change, remove] = [probe('read'), probe('change'), probe('delete')]

async function userIdOf(client: Client): Promise<number> {
  return (await ok(client, '/v1/userinfo')).id as number
}

async function screenshot(client: Client): Promise<{ id: string; url: string }> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  const { body } = await upload(client, '/v1/file', { name: 'shot.png', type: 'image/png', bytes })
  if (body.code !== true) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return body.data
}

const wallet = (ids: Ids) => ({ wallet_id: ids.wallet_id })
const coin = (ids: Ids) => ({ wallet_id: ids.wallet_id, coin_id: ids.coin_id })

const RESOURCES: Resource[] = [
  {
    name: 'wallet (coins, balances, history, export)',
    notFound: 'WALLET_NOT_FOUND',
    async create(owner) {
      const created = await createWallet(owner)
      const { assets } = await ok(owner, '/v1/walletbalance', { wallet_id: created.id })
      return { wallet_id: created.id, coin_id: assets.at(-1).id }
    },
    missing: (ids) => ({ ...ids, wallet_id: MISSING_ID }),
    own: (ids) => ['/v1/private', wallet(ids)],
    probes: [
      read('/v1/wallet', 'wallet_id', wallet),
      read('/v1/private', 'wallet_id', wallet),
      read('/v1/walletverify', 'wallet_id', wallet),
      read('/v1/walletbalance', 'wallet_id', wallet),
      read('/v1/all_balances', 'wallet_id', wallet),
      read('/v1/balance', 'wallet_id', coin),
      read('/v1/gas_price', 'wallet_id', coin),
      read('/v1/gettransfer', 'wallet_id', coin),
      read('/v1/wallethistory', 'wallet_id', wallet),
      read('/v1/record', 'wallet_id', coin),
      read('/v1/walletexport', 'wallet_id', (ids) => ({ ...wallet(ids), from: '2026-01-01', to: '2026-12-31' })),
      read('/v1/swap_quote', 'wallet_id', (ids) => ({
        wallet_id: ids.wallet_id,
        from_coin_id: ids.coin_id,
        to_coin_id: ids.coin_id,
        amount: '1',
      })),
      read('/v1/simulate', 'wallet_id', (ids) => ({
        ...wallet(ids),
        to: '0x000000000000000000000000000000000000dEaD',
      })),
      read('/v1/approvals', 'wallet_id', wallet),
      change('/v1/coininfo', 'wallet_id', coin),
      change('/v1/coinhide', 'wallet_id', coin),
      change('/v1/getname', 'wallet_id', (ids) => ({ ...wallet(ids), name: 'Mine now' })),
      change('/v1/walletpassword', 'wallet_id', (ids) => ({ ...wallet(ids), vault: vaultOf('stolen'), hint: 'x' })),
      change('/v1/replacement', 'wallet_id', wallet),
      // well-formed: the owner's wallet is looked up before any proof is read
      change('/v1/walletprove', 'wallet_id', (ids) => ({
        ...wallet(ids),
        proof: { message: 'not yours', signature: `0x${'11'.repeat(65)}` },
      })),
      change('/v1/transaction', 'wallet_id', (ids) => ({ ...wallet(ids), raw: '0x00' })),
      remove('/v1/userdel', 'wallet_id', wallet),
    ],
  },
  {
    name: 'transfer (by hash)',
    notFound: 'TX_NOT_FOUND',
    async create(owner) {
      const created = await createWallet(owner)
      await fund(app, created.key.address)
      const raw = await signTransfer(created.key, { to: aKey().address, value: parseEther('0.5'), nonce: 0 })
      const { hash } = await ok(owner, '/v1/transaction', { wallet_id: created.id, raw })
      return { hash }
    },
    missing: () => ({ hash: MISSING_HASH }),
    own: (ids) => ['/v1/hash', ids],
    probes: [read('/v1/hash', 'hash', (ids) => ({ hash: ids.hash }))],
  },
  {
    name: 'address-book entry',
    notFound: 'ADDRESS_ENTRY_NOT_FOUND',
    async create(owner) {
      const entry = await ok(owner, '/v1/addrlistadd', { name: 'Landlord', address: aKey().address, notes: 'rent' })
      return { id: entry.id }
    },
    missing: () => ({ id: MISSING_ID }),
    probes: [
      change('/v1/addrlistadd', 'id', (ids) => ({ id: ids.id, name: 'Thief', address: aKey().address })),
      remove('/v1/addrlistdel', 'id', (ids) => ({ id: ids.id })),
    ],
  },
  {
    name: 'shop order',
    notFound: 'ORDER_NOT_FOUND',
    async create(owner) {
      await give(app, await userIdOf(owner), 1_000_000n)
      const goods = await ok(owner, '/v1/getstore', { type: 'virtual' })
      const { order } = await ok(owner, '/v1/poststore', { id: goods.list[0].id, ...freshRequest() })
      return { id: order.id }
    },
    missing: () => ({ id: MISSING_ID }),
    own: (ids) => ['/v1/order', ids],
    probes: [read('/v1/order', 'id', (ids) => ({ id: ids.id }))],
  },
  {
    name: 'watch binding',
    notFound: 'DEVICE_NOT_FOUND',
    async create(owner) {
      const codes = await seedCodes(app)
      const code = codes[owner === alice ? 0 : 1]!
      const device = await ok(owner, '/v1/binding', { device_code: code.deviceCode, active_code: code.activeCode })
      return { id: device.id }
    },
    missing: () => ({ id: MISSING_ID }),
    probes: [remove('/v1/unbind', 'id', (ids) => ({ id: ids.id }))],
  },
  {
    name: 'workout (sports record)',
    notFound: 'WORKOUT_NOT_FOUND',
    async create(owner) {
      const workout = await ok(owner, '/v1/motion_import', {
        source: 'gpx',
        type: 'run',
        name: 'Private run',
        start: new Date(Date.now() - 86_400_000).toISOString(),
        duration_s: 1800,
        distance_m: 5000,
        heart_rate: '120,140,150',
      })
      return { id: workout.id }
    },
    missing: () => ({ id: MISSING_ID }),
    own: (ids) => ['/v1/motioninfo', ids],
    probes: [
      read('/v1/motioninfo', 'id', (ids) => ({ id: ids.id })),
      change('/v1/workout_review', 'id', (ids) => ({ id: ids.id })),
    ],
  },
  {
    name: 'weight entry',
    notFound: 'WEIGHT_NOT_FOUND',
    async create(owner) {
      const entry = await ok(owner, '/v1/weightadd', { weight: '68.5', date: '2026-01-05' })
      return { id: entry.id }
    },
    missing: () => ({ id: MISSING_ID }),
    probes: [
      change('/v1/weightedit', 'id', (ids) => ({ id: ids.id, weight: '99' })),
      remove('/v1/weightdel', 'id', (ids) => ({ id: ids.id })),
    ],
  },
  {
    name: 'energy credit (a review of its verdict)',
    notFound: 'ENERGY_CREDIT_NOT_FOUND',
    async create(owner) {
      await ok(owner, '/v1/authorize', { exercise: '1' })
      await ok(owner, '/v1/motion_import', {
        source: 'tcx',
        type: 'walk',
        start: new Date(Date.now() - 60_000 * 90).toISOString(),
        duration_s: 1800,
        distance_m: 2000,
      })
      // the day's energy is credited by a job: waited for, so it writes nothing during the probes
      const credit = async () => (await ok(owner, '/v1/ledger', { asset: 'energy' })).list[0]?.id as number | undefined
      await expect.poll(credit, { timeout: 20_000 }).toBeDefined()
      return { id: (await credit())! }
    },
    missing: () => ({ id: MISSING_ID }),
    probes: [change('/v1/energy_review', 'id', (ids) => ({ id: ids.id }))],
  },
  {
    name: 'system message and its read mark',
    notFound: 'MESSAGE_NOT_FOUND',
    async create(owner) {
      const text = { 'us-en': 'Private', 'zh-cn': '私信', 'zh-hk': '私信' }
      return { id: await postSystemMessage(app.database.db, await userIdOf(owner), { title: text, content: text }) }
    },
    missing: () => ({ id: MISSING_ID }),
    // the owner's own read writes a read mark (messages.test.ts); here only Bob's must write none
    probes: [read('/v1/msginfo', 'id', (ids) => ({ id: ids.id }))],
  },
  {
    name: 'support ticket and its conversation',
    notFound: 'TICKET_NOT_FOUND',
    async create(owner) {
      const { id } = await ok(owner, '/v1/wrokadd', { cat_id: 1, title: 'Refund', content: 'my order number is…' })
      return { id }
    },
    missing: () => ({ id: MISSING_ID }),
    own: (ids) => ['/v1/wrokchat', ids],
    probes: [
      read('/v1/wrokchat', 'id', (ids) => ({ id: ids.id })),
      change('/v1/wrokchat', 'id', (ids) => ({ id: ids.id, content: 'a reply in their name' })),
      remove('/v1/wrokclose', 'id', (ids) => ({ id: ids.id })),
    ],
  },
  {
    name: 'uploaded attachment (in tickets and chat)',
    notFound: 'FILE_NOT_FOUND',
    async create(owner) {
      return { file: (await screenshot(owner)).id }
    },
    missing: () => ({ file: MISSING_FILE }),
    probes: [
      change('/v1/wrokadd', 'attachments', (ids) => ({ cat_id: 1, title: 't', content: 'c', attachments: [ids.file] })),
      change('/v1/chatsend', 'image', (ids) => ({ client_id: randomUUID(), image: ids.file })),
    ],
  },
  {
    name: 'signed-in session',
    notFound: 'SESSION_NOT_FOUND',
    async create(owner) {
      const { list } = await ok(owner, '/v1/sessions')
      return { id: list[0].id }
    },
    missing: () => ({ id: MISSING_ID }),
    probes: [remove('/v1/sessiondel', 'id', (ids) => ({ id: ids.id }))],
  },
]

/**
 * Idempotency keys are the user's own: Carol repeating Alice's `request_id` must get what a
 * fresh key gets (Carol has nothing to spend, so a refusal), never Alice's stored result.
 */
interface KeyedOperation {
  method: string
  /** What Alice did with the key. */
  spend: (key: string) => Promise<void>
  params: Record<string, unknown>
}
let aliceSettled: Promise<void> | undefined
/** Alice holds computing power and a pledge through one settled day: both reward streams wait for her. */
const aliceHasRewards = () =>
  (aliceSettled ??= (async () => {
    await give(app, aliceId, parseUnits('10', 4), 'power')
    await give(app, aliceId, parseEther('200'), 'knt')
    await ok(alice, '/v1/pledge', { action: 'stake', amount: '200', request_id: randomUUID() })
    await (await anOperator(app)).settle(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))
  })())
const KEYED: KeyedOperation[] = [
  {
    method: '/v1/poststore',
    params: { id: 1 },
    async spend(request_id) {
      await give(app, aliceId, 1_000_000n)
      await ok(alice, '/v1/poststore', { id: 1, request_id })
    },
  },
  {
    method: '/v1/exchange_fitness',
    params: {},
    async spend(request_id) {
      await give(app, aliceId, 1_000_000n)
      await ok(alice, '/v1/exchange_fitness', { request_id })
    },
  },
  {
    method: '/v1/supply',
    params: { amount: 10 },
    async spend(request_id) {
      await give(app, aliceId, 1_000_000n)
      await ok(alice, '/v1/supply', { amount: 10, request_id })
    },
  },
  {
    method: '/v1/finalize',
    params: { amount: 10 },
    async spend(request_id) {
      await give(app, aliceId, 1_000n, 'energy')
      await ok(alice, '/v1/finalize', { amount: 10, request_id })
    },
  },
  {
    method: '/v1/collect',
    params: { amount: '100' },
    async spend(request_id) {
      // no treasury in this app: Alice's payout is recorded as the worker would leave it
      await app.database.pool.query(
        `INSERT INTO payouts (user_id, request_id, amount, to_address, chain_id, treasury, status)
         VALUES ($1, $2, '100000000000000000000', $3, 31337, $4, 'confirmed')`,
        [aliceId, request_id, aKey().address, aKey().address.toLowerCase()],
      )
    },
  },
  {
    method: '/v1/pledge',
    params: { action: 'stake', amount: '10' },
    async spend(request_id) {
      await give(app, aliceId, parseEther('10'), 'knt')
      await ok(alice, '/v1/pledge', { action: 'stake', amount: '10', request_id })
    },
  },
  ...(['computing', 'tokendata'] as const).map((stream) => ({
    method: `/v1/${stream}_receive`,
    params: {},
    async spend(request_id: string) {
      await aliceHasRewards()
      await ok(alice, `/v1/${stream}_receive`, { request_id })
    },
  })),
]

const COIN =
  'a row of the shared coin table (listed, or a token someone added by contract: public chain data); ' +
  'what a wallet shows is reached through its wallet_id, probed above'
/**
 * Built operations whose id-like params do not name a user's resource, with why. Keyed
 * `<method> <param>`.
 */
const NOT_USER_OWNED: Record<string, string> = {
  '/v1/poststore id': 'a good of the shop catalogue, the same for everyone',
  '/v1/taskreceive id': 'a task definition (newbie/daily/weekly), the same for everyone; progress is the session’s',
  '/v1/wrokadd cat_id': 'a ticket category, the same for everyone',
  '/v1/binding device_code':
    'a provider-issued watch code: the activation code is the secret, and a code bound by another account ' +
    'answers DEVICE_TAKEN by design (spec) — device.test.ts',
  '/v1/balance coin_id': COIN,
  '/v1/gas_price coin_id': COIN,
  '/v1/gettransfer coin_id': COIN,
  '/v1/record coin_id': COIN,
  '/v1/coininfo coin_id': COIN,
  '/v1/coinhide coin_id': COIN,
  '/v1/swap_quote from_coin_id': COIN,
  '/v1/swap_quote to_coin_id': COIN,
  '/v1/chat after_id': 'a position in the caller’s own conversation; the answer lists only theirs (checked below)',
  '/v1/chat before_id': 'a position in the caller’s own conversation; the answer lists only theirs (checked below)',
  '/v1/chatsend client_id': 'the sender’s de-duplication key, scoped to the sender (checked below)',
  '/v1/deposits chain_id': 'a network id (public chain data): the answer lists only the caller’s deposits',
}
const built = CATALOG.filter((m) => m.auth && m.path === INDEX_PATH)

const ID_LIKE = /^(id|.*_id|hash|attachments|image|device_code)$/
const fieldsOf = (def: MethodDef) => Object.keys((def.params as { shape?: object }).shape ?? {})

describe('the matrix covers the catalog', () => {
  it('lists every id-like param of every built signed-in operation, or says why it is not user-owned', () => {
    const covered = new Set([
      ...RESOURCES.flatMap((r) => r.probes.map((p) => `${p.method} ${p.param}`)),
      ...KEYED.map((k) => `${k.method} request_id`),
      ...Object.keys(NOT_USER_OWNED),
    ])
    const params = built.flatMap((def) =>
      fieldsOf(def)
        .filter((f) => ID_LIKE.test(f))
        .map((f) => `${def.name} ${f}`),
    )
    expect(params.filter((p) => !covered.has(p))).toEqual([])
    // and the matrix names nothing the catalog does not have
    expect([...covered].filter((p) => !params.includes(p))).toEqual([])
  })

  it('has no user operation taking an account id: everything else is scoped by the session', () => {
    const named = built.flatMap((def) => fieldsOf(def).filter((f) => /^(user_?id|uid|owner|account_id)$/.test(f)))
    expect(named).toEqual([])
  })
})

/** Every energy credit job sent so far has run (pg-boss keeps waiting and running ones in its job table). */
const creditsSettled = () =>
  expect
    .poll(
      async () =>
        (
          await app.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'earn.credit' AND state IN ('created', 'retry', 'active')`,
          )
        ).rows[0]!.n,
      { timeout: 20_000 },
    )
    .toBe(0)

describe("another user's resources answer exactly like missing ones, and change nothing", () => {
  it.each(RESOURCES)('$name', async (resource) => {
    const ids = await resource.create(alice)
    await resource.create(bob)
    if (resource.own) {
      const [method, params] = resource.own(ids)
      expect((await alice.call(method, params)).body, method).toMatchObject({ code: true })
    }
    // energy credits are jobs sent by the data the rows create: none may land during the probes
    await creditsSettled()
    const before = await fingerprint(app)
    for (const probe of resource.probes) {
      const label = `${probe.action} ${probe.method} ${probe.param}`
      const missing = await bob.call(probe.method, probe.params(resource.missing(ids)))
      const foreign = await bob.call(probe.method, probe.params(ids))
      expect(missing.body, label).toMatchObject({ code: false, error: resource.notFound })
      expect(foreign.status, label).toBe(missing.status)
      expect(foreign.body, label).toEqual(missing.body)
    }
    expect(await fingerprint(app)).toEqual(before)
  })

  it('serves another user’s attachment at /v1/files/<id> exactly like a missing file', async () => {
    const { url } = await screenshot(alice)
    const get = (path: string) =>
      app.server.inject({
        method: 'GET',
        url: path,
        headers: { cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
    const [foreign, missing] = [await get(url), await get(`/v1/files/${MISSING_FILE}`)]
    expect(foreign.statusCode).toBe(404)
    expect({ headers: foreign.headers['content-type'], body: foreign.body }).toEqual({
      headers: missing.headers['content-type'],
      body: missing.body,
    })
  })
})

describe("another user's idempotency keys are not theirs", () => {
  it.each(KEYED)('$method: a key Alice used answers Carol like a fresh one', async ({ method, params, spend }) => {
    const key = randomUUID()
    await spend(key)
    const before = await fingerprint(app)
    const fresh = await carol.call(method, { ...params, request_id: randomUUID() })
    const reused = await carol.call(method, { ...params, request_id: key })
    expect(fresh.body.code, JSON.stringify(fresh.body)).toBe(false)
    expect(reused.body).toEqual(fresh.body)
    expect(await fingerprint(app)).toEqual(before)
  })
})

describe('chat', () => {
  it('lists only the caller’s conversation, whatever the cursor, and keeps client ids per sender', async () => {
    const clientId = randomUUID()
    const first = await ok(alice, '/v1/chatsend', { client_id: randomUUID(), content: 'alice first' })
    await ok(bob, '/v1/chatsend', { client_id: randomUUID(), content: 'bob earlier' })
    const theirs = await ok(alice, '/v1/chatsend', { client_id: clientId, content: 'alice private' })
    for (const cursor of [{}, { after_id: first.id }, { before_id: theirs.id + 1 }, { limit: 100 }]) {
      const { list } = await ok(bob, '/v1/chat', cursor)
      // Bob's message and support's acknowledgement of it: nothing of Alice's
      expect(list.map((m: { from: string; content: string }) => (m.from === 'system' ? 'ack' : m.content))).toEqual([
        'bob earlier',
        'ack',
      ])
    }
    // the same client id from Bob is Bob's own new message, not Alice's stored one
    const mine = await ok(bob, '/v1/chatsend', { client_id: clientId, content: 'bob text' })
    expect(mine).toMatchObject({ content: 'bob text' })
    expect(mine.id).not.toBe(theirs.id)
  })
})
