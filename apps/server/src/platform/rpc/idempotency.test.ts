import { randomUUID } from 'node:crypto'
import { CATALOG, type MethodDef, type WireLang } from '@kinetic/protocol'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../../test/fingerprint.ts'
import type { Client, TestApp } from '../../../test/harness.ts'
import { startTestApp } from '../../../test/harness.ts'
import { pruneIdempotencyKeys } from './idempotency.ts'
import { adminCall, operatorClient } from '../../features/admin/admin.testkit.ts'
import { aUser, give } from '../../features/earn/earn.testkit.ts'
import { createWallet, fund } from '../../features/wallet/wallet.testkit.ts'

/**
 * Stripe's rule for idempotency keys: the same key with the same params answers the first
 * result again; the same key with other params is refused, and nothing changes.
 */

const treasuryKey = generatePrivateKey()
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ TREASURY_KEY: treasuryKey })
  await fund(app, privateKeyToAccount(treasuryKey).address)
})
afterAll(() => app?.close())

const KEY_PARAMS = ['request_id', 'client_id']
const fieldsOf = (def: MethodDef) => Object.keys((def.params as { shape?: object }).shape ?? {})
/** Built operations that take an idempotency key, and which param it is. */
const keyed = CATALOG.flatMap((def) => {
  const key = fieldsOf(def).find((f) => KEY_PARAMS.includes(f))
  return key ? [{ name: def.name, key, others: fieldsOf(def).filter((f) => f !== key) }] : []
})

type Caller = (params: Record<string, unknown>, lang?: WireLang) => ReturnType<Client['call']>

interface KeyedCase {
  /** A caller ready to use the operation (funds given), and the params of a first call and of another. */
  prepare(): Promise<{ call: Caller; first: Record<string, unknown>; other: Record<string, unknown> }>
  /** Waits for what the first call set going (a payout) to finish. */
  settled?(data: any): Promise<void>
  /** What a repeat answers the same (default: all of it). */
  same?(data: any): unknown
}

const user = async () => {
  const client = await aUser(app)
  const caller =
    (method: string): Caller =>
    (params, lang) =>
      client.call(method, params, lang ? { lang } : {})
  return { client, id: client.user.id, as: caller }
}

async function payoutDone(id: number) {
  const deadline = Date.now() + 20_000
  const status = async () =>
    (await app.database.pool.query<{ status: string }>('SELECT status FROM payouts WHERE id = $1', [id])).rows[0]
      ?.status
  while ((await status()) !== 'confirmed') {
    if (Date.now() > deadline) throw new Error(`payout ${id} never confirmed`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const CASES: Record<string, KeyedCase> = {
  '/v1/poststore': {
    async prepare() {
      const u = await user()
      await give(app, u.id, 1_000_000n)
      return { call: u.as('/v1/poststore'), first: { id: 1 }, other: { id: 2 } }
    },
  },
  '/v1/supply': {
    async prepare() {
      const u = await user()
      await give(app, u.id, 1_000_000n)
      return { call: u.as('/v1/supply'), first: { amount: '10' }, other: { amount: '11' } }
    },
  },
  '/v1/finalize': {
    async prepare() {
      const u = await user()
      await give(app, u.id, 10_000n, 'energy')
      return { call: u.as('/v1/finalize'), first: { amount: '10' }, other: { amount: '11' } }
    },
  },
  '/v1/pledge': {
    async prepare() {
      const u = await user()
      await give(app, u.id, parseEther('100'), 'knt')
      return {
        call: u.as('/v1/pledge'),
        first: { action: 'stake', amount: '10' },
        other: { action: 'stake', amount: '20' },
      }
    },
  },
  '/v1/collect': {
    async prepare() {
      const u = await user()
      await createWallet(u.client)
      await give(app, u.id, parseEther('100'), 'knt')
      return { call: u.as('/v1/collect'), first: { amount: '20' }, other: { amount: '30' } }
    },
    settled: (data) => payoutDone(data.payout.id),
    same: (data) => ({ id: data.payout.id, amount: data.payout.amount }),
  },
  '/v1/chatsend': {
    async prepare() {
      const u = await user()
      return { call: u.as('/v1/chatsend'), first: { content: 'first words' }, other: { content: 'other words' } }
    },
  },
  '/admin/chatsend': {
    async prepare() {
      const { client } = await operatorClient(app)
      const { id } = await user()
      const call: Caller = (params, lang) => adminCall(client, '/admin/chatsend', params, lang)
      return { call, first: { user_id: id, content: 'an answer' }, other: { user_id: id, content: 'another one' } }
    },
  },
}

const MESSAGES: Record<WireLang, string> = {
  'us-en': 'This request id was already used with different details',
  'zh-cn': '该请求编号已用于内容不同的请求',
  'zh-hk': '該請求編號已用於內容不同的請求',
}

describe('idempotency keys', () => {
  it('has a case for every operation whose params carry a key beside other params', () => {
    const differing = keyed.filter((k) => k.others.length > 0).map((k) => k.name)
    expect(differing.sort()).toEqual(Object.keys(CASES).sort())
  })

  it.each(Object.entries(CASES))(
    '%s: the same key with other params is refused in every language, and changes nothing',
    async (name, { prepare, settled, same = (data) => data }) => {
      const key = keyed.find((k) => k.name === name)!.key
      const { call, first, other } = await prepare()
      const id = randomUUID()
      const original = await call({ ...first, [key]: id })
      expect(original.body, JSON.stringify(original.body)).toMatchObject({ code: true })
      await settled?.(original.body.data)
      const before = await fingerprint(app)
      // a request in another language records it as the account's (docs/adr/2026-11-24-account-language.md):
      // the loop ends in the language the person signed up in, so the users row reads as before
      const inOrder = (['zh-cn', 'zh-hk', 'us-en'] as const).map((lang) => [lang, MESSAGES[lang]] as const)
      for (const [lang, msg] of inOrder) {
        const reused = await call({ ...other, [key]: id }, lang)
        expect(reused.body).toMatchObject({ code: false, error: 'IDEMPOTENCY_KEY_REUSED', msg, fields: { [key]: msg } })
      }
      expect(await fingerprint(app)).toEqual(before)
      // the same request again answers its first result
      expect(same((await call({ ...first, [key]: id })).body.data)).toEqual(same(original.body.data))
    },
  )

  it('leaves a key refused on its first use free for the corrected request', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 5n, 'energy')
    const request_id = randomUUID()
    expect((await client.call('/v1/finalize', { amount: '10', request_id })).body).toMatchObject({
      code: false,
      error: 'INSUFFICIENT_BALANCE',
    })
    expect((await client.call('/v1/finalize', { amount: '0.05', request_id })).body).toMatchObject({ code: true })
    expect((await client.call('/v1/finalize', { amount: '0.04', request_id })).body.error).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    )
  })

  it('runs one of two concurrent uses of a key with different params and refuses the other', async () => {
    const client = await aUser(app)
    await give(app, client.user.id, 1_000_000n)
    const request_id = randomUUID()
    const answers = await Promise.all(['10', '20'].map((amount) => client.call('/v1/supply', { amount, request_id })))
    expect(answers.map((a) => a.body.code ?? a.body.error).sort()).toEqual([false, true])
    expect(answers.find((a) => a.body.code === false)?.body.error).toBe('IDEMPOTENCY_KEY_REUSED')
    const { rows } = await app.database.pool.query(
      `SELECT count(*)::int AS n FROM ledger_postings WHERE idempotency_key = $1`,
      [`supply:${client.user.id}:${request_id}`],
    )
    expect(rows[0].n).toBe(1)
  })
})

describe('the keys’ retention (the daily rpc.prune-keys job)', () => {
  it('deletes keys first used more than 24 hours ago and keeps the newer ones', async () => {
    const scope = `user:${randomUUID()}`
    const ages = { old: '25 hours', fresh: '23 hours' }
    for (const [key, age] of Object.entries(ages))
      await app.database.pool.query(
        `INSERT INTO idempotency_keys (scope, method, key, params_hash, created_at)
         VALUES ($1, '/v1/collect', $2, 'h', now() - $3::interval)`,
        [scope, key, age],
      )
    expect(await pruneIdempotencyKeys(app.database.db)).toBeGreaterThanOrEqual(1)
    const { rows } = await app.database.pool.query<{ key: string }>(
      'SELECT key FROM idempotency_keys WHERE scope = $1',
      [scope],
    )
    expect(rows.map((r) => r.key)).toEqual(['fresh'])
  })
})
