import net from 'node:net'
import { CATALOG } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postSystemMessage } from '../src/features/content/index.ts'
import { aUser, give } from '../src/features/earn/earn.testkit.ts'
import { PRIMARY_COOKIE } from '../src/platform/rpc/read-routing.ts'
import { cloneDatabase, startAppOn, startTestApp, type TestApp } from './harness.ts'

/**
 * `DATABASE_READ_URL` (docs/adr/2026-11-25-read-replica.md). The replica here is the same
 * database through a connection that refuses every write (`default_transaction_read_only`):
 * a read-only operation that wrote would fail.
 */
const readOnlyUrl = (url: string) => `${url}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`

const READ_ONLY = CATALOG.filter((def) => def.readOnly)
/** Params for the read-only operations that need some (the rest are called without). */
const PARAMS: Record<string, Record<string, unknown>> = {
  '/v1/articleinfo': { type: 'privacy' },
  '/v1/healthtrend': { metric: 'steps', period: 'month' },
}
/** The session lookup (the `hot-auth` cache takes it off the database): on the primary. */
const notSession = (sql: string) => !/from "sessions"/.test(sql)
const texts = (en: string) => ({ 'us-en': en, 'zh-cn': en, 'zh-hk': en })

type User = Awaited<ReturnType<typeof aUser>>

/** A user with a questionnaire, points, an order, a ticket and messages read and unread. */
async function userWithData(app: TestApp): Promise<User> {
  const client = await aUser(app)
  const must = async (method: string, params: Record<string, unknown>) => {
    const answer = await client.call(method, params)
    expect(answer.body, method).toMatchObject({ code: true })
    return answer.body.data
  }
  await must('/v1/wellinfoup', { answers: ['no', 'no', 'no', 'no', 'no', 'no', 'no'] })
  await must('/v1/weightadd', { weight: 70.5 })
  await give(app, client.user.id, 5_000n)
  const store = await must('/v1/getstore', { type: 'virtual' })
  await must('/v1/poststore', { id: store.list[0].id, request_id: 'replica-1' })
  const read = await postSystemMessage(app.database.db, client.user.id, { title: texts('a'), content: texts('a') })
  await postSystemMessage(app.database.db, client.user.id, { title: texts('b'), content: texts('b') })
  await must('/v1/msginfo', { id: read })
  client.cookies.delete(PRIMARY_COOKIE)
  return client
}

describe('with DATABASE_READ_URL, the same database behind a read-only connection', () => {
  let app: TestApp
  let user: User
  beforeAll(async () => {
    const clone = await cloneDatabase()
    app = await startAppOn(clone.url, { DATABASE_READ_URL: readOnlyUrl(clone.url) }, clone.drop)
    user = await userWithData(app)
  })
  afterAll(() => app?.close())

  it('runs every read-only operation on the read pool, where nothing can be written', async () => {
    expect(READ_ONLY.map((def) => def.name)).toEqual(
      expect.arrayContaining(['/v1/userinfo', '/v1/wellinfo', '/v1/getstore', '/v1/msg']),
    )
    for (const def of READ_ONLY) {
      const { result, primary, read } = await app.statements(() => user.call(def.name, PARAMS[def.name] ?? {}))
      expect(result.body, def.name).toMatchObject({ code: true })
      expect(primary.filter(notSession), def.name).toEqual([])
      // a read answers without asking the browser to read the primary
      expect(
        result.response.cookies.map((c) => c.name),
        def.name,
      ).not.toContain(PRIMARY_COOKIE)
      if (['/v1/userinfo', '/v1/wellinfo', '/v1/getstore', '/v1/msg'].includes(def.name))
        expect(read.length, def.name).toBeGreaterThan(0)
    }
  })

  it('answers the reads from the replica as the primary would', async () => {
    const { result, read, primary } = await app.statements(() => user.call('/v1/msg'))
    expect(read).toHaveLength(1)
    expect(primary.filter(notSession)).toEqual([])
    expect(result.body.data.list.slice(0, 2)).toMatchObject([
      { title: 'b', read: false },
      { title: 'a', read: true },
    ])
    expect(result.body.data.unread).toBe(result.body.data.total - 1)
    const store = await user.call('/v1/getstore')
    expect(store.body.data.points).toBeLessThan(5_000)
  })

  it('never sends a write operation to the read pool', async () => {
    const writes: [string, Record<string, unknown>][] = [
      ['/v1/infoedit', { nickname: 'Replica Reader' }],
      ['/v1/wellinfoup', { answers: ['no', 'no', 'no', 'no', 'no', 'no', 'yes'] }],
      ['/v1/targetpost', { step: 9000, calorie: 400, distance: 6 }],
      ['/v1/msginfo', { id: 1 }],
      ['/v1/poststore', { id: 1, request_id: 'replica-2' }],
    ]
    for (const [method, params] of writes) {
      user.cookies.delete(PRIMARY_COOKIE)
      const { result, read } = await app.statements(() => user.call(method, params))
      expect(result.status, method).toBe(200)
      expect(read, method).toEqual([])
    }
  })

  it('reads the primary for a few seconds after a write of the same browser (read-your-writes)', async () => {
    user.cookies.delete(PRIMARY_COOKIE)
    const edit = await user.call('/v1/infoedit', { nickname: 'Just Renamed' })
    expect(edit.body.code).toBe(true)
    const cookie = edit.response.cookies.find((c) => c.name === PRIMARY_COOKIE)
    expect(cookie).toMatchObject({ value: '1', maxAge: 5, httpOnly: true, sameSite: 'Strict' })
    const fresh = await app.statements(() => user.call('/v1/userinfo'))
    expect(fresh.result.body.data.nickname).toBe('Just Renamed')
    expect(fresh.read).toEqual([])
    // once the browser dropped the cookie (5 s), reads go to the replica again
    user.cookies.delete(PRIMARY_COOKIE)
    const later = await app.statements(() => user.call('/v1/userinfo'))
    expect(later.result.body.data.nickname).toBe('Just Renamed')
    expect(later.read.length).toBeGreaterThan(0)
  })

  it('keeps transactions on the primary', async () => {
    await give(app, user.user.id, 100n)
    const { result, read, primary } = await app.statements(() =>
      user.call('/v1/poststore', { id: 1, request_id: 'replica-3' }),
    )
    expect(result.body.code).toBe(true)
    expect(read).toEqual([])
    expect(primary.map((s) => s.toLowerCase())).toContain('begin')
  })
})

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('with DATABASE_READ_URL down, reads fall back to the primary', () => {
  // accepts connections and never answers: the replica's connection timeout falls back
  const held = new Set<net.Socket>()
  const silent = net.createServer((socket) => void held.add(socket))
  afterAll(async () => {
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  for (const down of ['refused', 'silent'] as const) {
    it(`when its connections are ${down}: every read answers, nothing fails`, async () => {
      let port: number
      if (down === 'refused') port = await deadPort()
      else {
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
        port = (silent.address() as net.AddressInfo).port
      }
      const app = await startTestApp({ DATABASE_READ_URL: `postgres://kinetic@127.0.0.1:${port}/kinetic` })
      try {
        const user = await userWithData(app)
        for (const def of READ_ONLY) {
          const { result, read } = await app.statements(() => user.call(def.name, PARAMS[def.name] ?? {}))
          expect(result.body, def.name).toMatchObject({ code: true })
          expect(read, def.name).toEqual([])
        }
        const messages = (await user.call('/v1/msg')).body.data
        expect(messages.unread).toBe(messages.total - 1)
      } finally {
        await app.close()
      }
    })
  }
})
