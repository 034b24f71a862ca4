import qs from 'qs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
const WRITTEN = ['verification_codes', 'outbox'] as const

/** Asks for a register code as the web app would, with some of its headers changed. */
async function sendCode(headers: Record<string, string | undefined>) {
  const body = qs.stringify({
    method: '/v1/send',
    lang: 'us-en',
    type: 'email',
    account: `csrf-${++seq}@example.com`,
    scene: 'register',
  })
  const response = await new Client(app.server).post('/v1/index', body, {
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

/** Runs `act` and returns how many rows it added to the tables a code send writes. */
async function rowsWrittenBy(act: () => Promise<unknown>) {
  const before = await rowCounts(app, WRITTEN)
  await act()
  const after = await rowCounts(app, WRITTEN)
  return Object.fromEntries(WRITTEN.map((t) => [t, (after[t] ?? 0) - (before[t] ?? 0)]))
}

describe('CSRF guard on /v1 POSTs', () => {
  it.each([
    { name: 'without X-Requested-With', headers: { 'x-requested-with': undefined } },
    { name: 'with another X-Requested-With value', headers: { 'x-requested-with': 'fetch' } },
    { name: 'from a cross-site Origin', headers: { origin: 'https://evil.example' } },
    { name: 'from an Origin on another port of this host', headers: { origin: 'http://localhost:8081' } },
    { name: 'from an opaque Origin', headers: { origin: 'null' } },
    { name: 'marked Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  ])('refuses a request $name with 403 and writes nothing', async ({ headers }) => {
    let answer: Awaited<ReturnType<typeof sendCode>> | undefined
    const written = await rowsWrittenBy(async () => {
      answer = await sendCode(headers)
      // the code is mailed after the answer; the dev outbox lists once mails under way are in
      await app.server.inject({ method: 'GET', url: '/dev/outbox' })
    })
    expect(answer?.status).toBe(403)
    expect(answer?.body).toMatchObject({ code: false, error: 'CSRF_REJECTED' })
    expect(written).toEqual({ verification_codes: 0, outbox: 0 })
  })

  it('answers the refusal in the language the browser asks for', async () => {
    const { body } = await sendCode({ 'x-requested-with': undefined, 'accept-language': 'zh-TW,zh;q=0.9' })
    expect(body).toMatchObject({ error: 'CSRF_REJECTED', msg: '請求來源不受信任，已被拒絕' })
  })

  it.each([
    { name: 'without an Origin', headers: {} },
    { name: 'from the same origin, default port implied', headers: { origin: 'http://localhost' } },
    { name: 'from the same origin, default port spelled out', headers: { origin: 'http://localhost:80' } },
    {
      name: 'from the same origin on a custom port',
      headers: { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' },
    },
    { name: 'marked Sec-Fetch-Site: same-origin', headers: { 'sec-fetch-site': 'same-origin' } },
  ])('accepts a request $name', async ({ headers }) => {
    let answer: Awaited<ReturnType<typeof sendCode>> | undefined
    const written = await rowsWrittenBy(async () => {
      // light-my-request sends `Host: localhost:80` unless told otherwise
      answer = await sendCode(headers)
      // the code is mailed after the answer; the dev outbox lists once mails under way are in
      await app.server.inject({ method: 'GET', url: '/dev/outbox' })
    })
    expect(answer?.status).toBe(200)
    expect(answer?.body).toMatchObject({ code: true })
    expect(written).toEqual({ verification_codes: 1, outbox: 1 })
  })
})
