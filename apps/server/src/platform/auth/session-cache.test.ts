import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  codeFromOutbox,
  registerUser,
  SESSION_TRIPS,
  startAppOn,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts'
import type { CacheDrop } from '../realtime/bus.ts'

// Two instances of the app on one database, as behind a load balancer: each keeps its own cache.
let a: TestApp
let b: TestApp
beforeAll(async () => {
  a = await startTestApp()
  b = await startAppOn(a.config.databaseUrl!)
})
afterAll(async () => {
  await b?.close()
  await a?.close()
})

/** A client of instance B carrying the same cookies (the same browser, routed elsewhere). */
function sameDeviceOn(app: TestApp, client: Client): Client {
  const other = new Client(app.server)
  for (const [name, value] of client.cookies) other.cookies.set(name, value)
  return other
}

/**
 * A signed-in operation refused by its contract (no `id`) after its session was resolved: what
 * it costs in round trips is what the session costs. Signed out, it answers 401 instead.
 */
async function probe(app: TestApp, client: Client) {
  // statements on the sessions table only: a job of the app's own may run meanwhile
  const { result, trips } = await app.roundTrips(() => client.call('/v1/sessiondel'), { naming: '"sessions"' })
  return { signedIn: result.body.error === 'FIELD_REQUIRED', unauthorized: result.body.code === 401, trips }
}

/** Resolves at the next drop of the sessions cache matching `wanted` that reaches `app`. */
function nextSessionDrop(app: TestApp, wanted: Partial<CacheDrop>): Promise<CacheDrop> {
  return new Promise((resolve) => {
    const stop = app.bus.onCacheDrop((drop) => {
      const matches = Object.entries(wanted).every(
        ([key, value]) => JSON.stringify(drop[key as keyof CacheDrop]) === JSON.stringify(value),
      )
      if (drop.cache !== 'sessions' || !matches) return
      stop()
      resolve(drop)
    })
  })
}

function listening(app: TestApp, up: boolean): Promise<void> {
  if (app.bus.listening() === up) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = app.bus.onListening((now) => {
      if (now !== up) return
      stop()
      resolve()
    })
  })
}

async function mailedCode(client: Client, email: string, scene: string): Promise<string> {
  expect((await client.call('/v1/send', { type: 'email', account: email, scene })).body.code).toBe(true)
  return codeFromOutbox(a.server, email)
}

const sessionIdOf = async (app: TestApp, userId: number) =>
  Number(
    (
      await app.database.pool.query<{ id: string }>(
        'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
        [userId],
      )
    ).rows[0]?.id,
  )

describe('sessions from the in-process cache', () => {
  it('a hot read after sign-in asks the database nothing about its session', async () => {
    const client = new Client(a.server)
    await registerUser(client, 'cached@example.com')
    // the first signed-in request after registration is served from the cache sign-in filled
    expect(await probe(a, client)).toEqual({ signedIn: true, unauthorized: false, trips: 0 })
    expect(SESSION_TRIPS).toBe(0)
    const userinfo = await a.roundTrips(() => client.call('/v1/userinfo'))
    expect(userinfo.result.body.code).toBe(true)
    expect(userinfo.trips).toBeLessThanOrEqual(2 + SESSION_TRIPS)
  })

  it('a session signed out on one instance is refused by the other once its notification arrived', async () => {
    const onA = new Client(a.server)
    const user = await registerUser(onA, 'two-instances@example.com')
    const onB = sameDeviceOn(b, onA)
    // B reads the session once, then serves it from memory
    expect((await probe(b, onB)).signedIn).toBe(true)
    expect(await probe(b, onB)).toEqual({ signedIn: true, unauthorized: false, trips: 0 })

    const id = await sessionIdOf(a, user.id)
    const heard = nextSessionDrop(b, { ids: [id] })
    expect((await onA.call('/v1/logout')).body.code).toBe(true)
    expect(await heard).toMatchObject({ cache: 'sessions', ids: [id] })
    // the payload names the session's id, never its token
    expect(JSON.stringify(await heard)).not.toContain(onA.cookies.values().next().value ?? '-')
    expect((await probe(b, onB)).unauthorized).toBe(true)
    expect((await onB.call('/v1/userinfo')).body.code).toBe(401)
  })

  it('every revocation path drops the session everywhere: password change, ending a session, deletion', async () => {
    const onA = new Client(a.server)
    const user = await registerUser(onA, 'paths@example.com')
    // a second device of the same account, signed in on A, used on B
    const other = new Client(a.server)
    expect(
      (await other.call('/v1/login', { type: 'email', account: 'paths@example.com', password: 'secret123' })).body.code,
    ).toBe(true)
    const otherOnB = sameDeviceOn(b, other)
    expect((await probe(b, otherOnB)).signedIn).toBe(true)
    expect((await probe(b, otherOnB)).trips).toBe(0)

    // a new password ends every other session of the account
    const code = await mailedCode(onA, 'paths@example.com', 'password')
    let heard = nextSessionDrop(b, { user: user.id })
    const changed = await onA.call('/v1/password', { password: 'secret456', repassword: 'secret456', code })
    expect(changed.body.code).toBe(true)
    expect(await heard).toMatchObject({ cache: 'sessions', user: user.id })
    expect((await probe(b, otherOnB)).unauthorized).toBe(true)
    const meOnB = sameDeviceOn(b, onA)
    expect((await probe(b, meOnB)).signedIn).toBe(true)

    // ending one's own session from another device's list
    const third = new Client(a.server)
    await third.call('/v1/login', { type: 'email', account: 'paths@example.com', password: 'secret456' })
    const thirdOnB = sameDeviceOn(b, third)
    expect((await probe(b, thirdOnB)).signedIn).toBe(true)
    const thirdId = await sessionIdOf(a, user.id)
    heard = nextSessionDrop(b, { ids: [thirdId] })
    expect((await onA.call('/v1/sessiondel', { id: thirdId })).body.code).toBe(true)
    await heard
    expect((await probe(b, thirdOnB)).unauthorized).toBe(true)

    // deleting the account ends the rest
    expect((await probe(b, meOnB)).trips).toBe(0)
    const logoffCode = await mailedCode(onA, 'paths@example.com', 'logoff')
    heard = nextSessionDrop(b, { user: user.id })
    const deleted = await onA.call('/v1/logoff', { code: logoffCode })
    expect(deleted.body.code).toBe(true)
    await heard
    expect((await probe(b, meOnB)).unauthorized).toBe(true)
  })

  it('while its listening connection is down an instance does not trust its cache, and starts over when it is back', async () => {
    const onA = new Client(a.server)
    const user = await registerUser(onA, 'listener-down@example.com')
    const onB = sameDeviceOn(b, onA)
    expect((await probe(b, onB)).signedIn).toBe(true)
    expect((await probe(b, onB)).trips).toBe(0)

    // both instances' listening connections dropped (as by a network cut or a Postgres restart)
    const down = listening(b, false)
    await a.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'kinetic-events' AND datname = current_database()`,
    )
    await down
    // B reads the database again for every request: a drop it missed would not be trusted away
    expect(await probe(b, onB)).toEqual({ signedIn: true, unauthorized: false, trips: SESSION_TRIPS + 1 })
    // the session ends with no notification at all (one sent now reaches no one listening)
    await a.database.pool.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [await sessionIdOf(a, user.id)])
    expect((await probe(b, onB)).unauthorized).toBe(true)

    // back up: the cache starts over empty, and fills again
    await listening(b, true)
    expect((await probe(b, onB)).unauthorized).toBe(true)
    const again = new Client(b.server)
    await again.call('/v1/login', { type: 'email', account: 'listener-down@example.com', password: 'secret123' })
    expect(await probe(b, again)).toEqual({ signedIn: true, unauthorized: false, trips: 0 })
  })
})
