import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp, type App } from '../../app.ts'
import { connect, type Database } from '../../platform/db/client.ts'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'

let app: TestApp
let alice: Client
let aliceId: number
let bob: Client
beforeAll(async () => {
  app = await startTestApp()
  alice = new Client(app.server)
  bob = new Client(app.server)
  aliceId = (await registerUser(alice, 'alice-chat@example.com')).id
  await registerUser(bob, 'bob-chat@example.com')
})
afterAll(() => app.close())

const send = (client: Client, content: string, client_id: string = randomUUID()) =>
  client.call('/v1/chatsend', { client_id, content })

describe('sending a chat message', () => {
  it.each(['', '   ', '\n\t'])('refuses %j with "Cannot send blank messages", writing nothing', async (content) => {
    const before = await rowCount(app, 'chat_messages')
    const { body } = await send(alice, content)
    expect(body).toMatchObject({ code: false, error: 'CHAT_BLANK', msg: 'Cannot send blank messages' })
    expect(await rowCount(app, 'chat_messages')).toBe(before)
  })

  it('says it in Chinese too', async () => {
    const { body } = await alice.call('/v1/chatsend', { client_id: randomUUID(), content: ' ' }, { lang: 'zh-cn' })
    expect(body.msg).toBe('不能发送空白消息')
  })

  it('refuses a missing or malformed client id and an over-long text', async () => {
    expect((await alice.call('/v1/chatsend', { content: 'hi' })).body).toMatchObject({ error: 'FIELD_REQUIRED' })
    expect((await send(alice, 'hi', 'bad id!')).body).toMatchObject({ error: 'FIELD_INVALID' })
    expect((await send(alice, 'x'.repeat(1001))).body).toMatchObject({ error: 'FIELD_TOO_LONG' })
  })

  it('stores a resend with the same client id once and answers the stored message', async () => {
    const clientId = randomUUID()
    const first = await send(alice, 'Where is my order?', clientId)
    const again = await send(alice, 'Where is my order?', clientId)
    expect(first.body.data).toMatchObject({ client_id: clientId, from: 'user', content: 'Where is my order?' })
    expect(again.body.data).toEqual(first.body.data)
    expect(await rowCount(app, 'chat_messages', 'client_id = $1', [clientId])).toBe(1)
    // the same id is another message in another user's conversation
    expect((await send(bob, 'me too', clientId)).body.data.id).not.toBe(first.body.data.id)
  })

  it('stores a resend sent concurrently once', async () => {
    const clientId = randomUUID()
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(alice, 'double tap', clientId)))
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(await rowCount(app, 'chat_messages', 'client_id = $1', [clientId])).toBe(1)
  })
})

describe('chat history', () => {
  it('answers only my conversation, newest window or what came after an id, oldest first', async () => {
    const carol = new Client(app.server)
    await registerUser(carol, 'carol-chat@example.com')
    const ids: number[] = []
    for (const text of ['one', 'two', 'three', 'four']) ids.push((await send(carol, text)).body.data.id)
    await send(bob, 'not carol')

    const latest = (await carol.call('/v1/chat', { limit: 3 })).body.data.list
    expect(latest.map((m: { content: string }) => m.content)).toEqual(['two', 'three', 'four'])
    const older = (await carol.call('/v1/chat', { before_id: ids[1] })).body.data.list
    // the first message of a wait is acknowledged at once (support's `system` message)
    expect(older.map((m: { from: string; content: string }) => (m.from === 'system' ? 'ack' : m.content))).toEqual([
      'one',
      'ack',
    ])
    const missed = (await carol.call('/v1/chat', { after_id: ids[1] })).body.data.list
    expect(missed.map((m: { content: string }) => m.content)).toEqual(['three', 'four'])
    expect((await carol.call('/v1/chat', { after_id: ids[3] })).body.data.list).toEqual([])
  })

  it('includes the operator answers', async () => {
    const { client: ops } = await operatorClient(app)
    const sent = await adminCall(ops, '/admin/chatsend', {
      user_id: aliceId,
      client_id: randomUUID(),
      content: 'Hello!',
    })
    expect(sent.body.data).toMatchObject({ from: 'operator', content: 'Hello!' })
    const list = (await alice.call('/v1/chat')).body.data.list
    expect(list.at(-1)).toEqual(sent.body.data)
  })
})

// ----- real time, across instances -----

/** Opens a socket as a browser on the app's page would (its Origin, the session cookies). */
function openSocket(baseUrl: string, path: string, client: Client, origin = baseUrl): Promise<WebSocket> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${path}`, { headers: { origin, cookie } })
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve(socket)) // the server says {type: 'ready'} first
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)))
    socket.once('error', reject)
  })
}

function nextEvent(socket: WebSocket): Promise<Record<string, any>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
}

/** The next `n` events on a socket, in order. */
function events(socket: WebSocket, n: number): Promise<Record<string, any>[]> {
  const seen: Record<string, any>[] = []
  return new Promise((resolve) => {
    const take = (data: WebSocket.RawData) => {
      seen.push(JSON.parse(String(data)))
      if (seen.length < n) return
      socket.off('message', take)
      resolve(seen)
    }
    socket.on('message', take)
  })
}

describe('the WebSocket /v1/ws across two instances on one database', () => {
  let second: App
  let secondDb: Database
  let urlA: string
  let urlB: string
  beforeAll(async () => {
    const databaseUrl = app.config.databaseUrl
    if (!databaseUrl) throw new Error('test app without a database url')
    secondDb = connect(databaseUrl, 5)
    second = await buildApp(app.config, secondDb.db)
    await second.bus.ready()
    urlA = await app.server.listen({ port: 0, host: '127.0.0.1' })
    urlB = await second.server.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await second.server.close()
    await secondDb.close()
  })

  it('pushes a message sent through instance A to the user and operator sockets on instance B', async () => {
    const { client: ops } = await operatorClient(app)
    const userSocket = await openSocket(urlB, '/v1/ws', alice)
    const opsSocket = await openSocket(urlB, '/v1/admin/ws', ops)
    const bobSocket = await openSocket(urlB, '/v1/ws', bob)
    const bobEvents: unknown[] = []
    bobSocket.on('message', (data) => bobEvents.push(JSON.parse(String(data))))

    const userGets = events(userSocket, 2)
    const opsGets = events(opsSocket, 2)
    const sent = await send(alice, 'Hello from A')
    // the message, then support's acknowledgement with the expected answer time
    const [userFirst, userAck] = await userGets
    const [opsFirst, opsAck] = await opsGets
    expect(userFirst).toEqual({ type: 'chat', user_id: aliceId, message: sent.body.data })
    expect(opsFirst).toEqual({ type: 'chat', user_id: aliceId, message: sent.body.data })
    expect(userAck).toMatchObject({ type: 'chat', user_id: aliceId, message: { from: 'system' } })
    expect(opsAck).toEqual(userAck)

    // an operator's answer through A reaches the user on B
    const answerGets = nextEvent(userSocket)
    const answer = await adminCall(ops, '/admin/chatsend', {
      user_id: aliceId,
      client_id: randomUUID(),
      content: 'Hi!',
    })
    expect(await answerGets).toMatchObject({ type: 'chat', message: answer.body.data })

    // a resend pushes nothing new; bob never sees alice's conversation
    const resendGets = nextEvent(userSocket)
    await send(alice, 'Hello from A', sent.body.data.client_id)
    const marker = await send(alice, 'marker')
    expect(await resendGets).toMatchObject({ message: { id: marker.body.data.id } })
    expect(bobEvents).toEqual([])
    for (const socket of [userSocket, opsSocket, bobSocket]) socket.close()
  })

  it('acts for the account named by ?account= when several are signed in on the device', async () => {
    const device = new Client(app.server)
    const first = await registerUser(device, 'first-device@example.com')
    const second = await registerUser(device, 'second-device@example.com')
    const socket = await openSocket(urlB, `/v1/ws?account=${first.id}`, device)
    const events: Record<string, any>[] = []
    socket.on('message', (data) => events.push(JSON.parse(String(data))))
    device.account = second.id
    await send(device, 'as the second account')
    device.account = first.id
    const firstGets = nextEvent(socket)
    const sent = await send(device, 'as the first account')
    expect(await firstGets).toMatchObject({ user_id: first.id, message: { id: sent.body.data.id } })
    // the first account's message and, maybe already, its acknowledgement: nothing of the second's
    expect(new Set(events.map((e) => e.user_id))).toEqual(new Set([first.id]))
    socket.close()
  })

  it('refuses a socket without a session, from another origin, or a user on the console socket', async () => {
    await expect(openSocket(urlA, '/v1/ws', new Client(app.server))).rejects.toThrow('401')
    await expect(openSocket(urlA, '/v1/ws', alice, 'https://evil.example')).rejects.toThrow('403')
    await expect(openSocket(urlA, '/v1/admin/ws', alice)).rejects.toThrow('401')
  })
})
