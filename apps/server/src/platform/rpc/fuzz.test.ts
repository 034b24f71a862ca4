import { CATALOG, isErrorCode, WIRE_LANGS } from '@kinetic/protocol'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import qs from 'qs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../../test/fingerprint.ts'
import { Client, registerUser, rowCount, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'

let app: TestApp
let signedOut: Client
let signedIn: Client
beforeAll(async () => {
  app = await startTestApp()
  signedOut = new Client(app.server)
  signedIn = new Client(app.server)
  await registerUser(signedIn, 'fuzz@example.com', 'fuzz-pass-1')
})
afterAll(() => app.close())

const PATHS = ['/v1/index', '/v1/login/index'] as const
const CONTENT_TYPES = ['application/x-www-form-urlencoded', 'application/json', 'text/plain'] as const
/**
 * Tables no malformed request may add to. A well-formed but wrong `/v1/login` records a
 * failed attempt by design, so `login_attempts` is checked for successful ones only.
 */
const GUARDED = ['users', 'sessions', 'verification_codes', 'outbox'] as const
const successfulLogins = () => rowCount(app, 'login_attempts', 'ok')

/** Operations that can sign the fuzzer's own session out (ending session 1 is ending its own). */
const SIGNS_OUT = new Set(['/v1/logout', '/v1/sessiondel'])
/** Whether a body, form-encoded or JSON, may name one of them. */
const signsOut = (payload: string) => /logout|sessiondel/.test(payload)

const fieldsOf = (def: (typeof CATALOG)[number]) => Object.keys((def.params as { shape?: object }).shape ?? {})
/** Operations with a handler: their params are checked field by field, so they get most runs. */
const built = CATALOG
const allFields = [...new Set(CATALOG.flatMap(fieldsOf))]

// ----- arbitraries -----

/** Numbers, but never one that reads as a valid phone number once form-encoded. */
const number = fc.oneof(fc.integer(), fc.double()).filter((n) => !/^1\d{10}$/.test(String(n)))
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2_000 }),
  fc.constantFrom('', ' ', '1', '0', 'email', 'phone', 'register', 'forget', '86', 'us-en', 'null', '\u0000', '💥'),
  number,
  fc.boolean(),
  fc.constant(null),
)
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
)
/** Random params, mostly under the field names `fields` (the chosen operation's), with random values. */
const paramsUnder = (fields: string[]) =>
  fc.dictionary(
    fc.oneof(
      { weight: 3, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('x') },
      { weight: 1, arbitrary: fc.constantFrom(...allFields) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    value,
    { maxKeys: 8 },
  )
/**
 * Plausible values for the account forms — the address is never a valid one, so nothing is
 * sent or created — with one or two fields replaced by random ones, to reach the checks
 * that only run once every field has the right type.
 */
const PLAUSIBLE: Record<string, string> = {
  type: 'email',
  account: 'someone@example',
  prefix: '86',
  scene: 'register',
  code: '123456',
  password: 'secret123',
  repassword: 'secret123',
  agree: '1',
}
const nearlyValid = (fields: string[]) =>
  fc
    .dictionary(fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 }), value, { maxKeys: 2 })
    .map((random) => ({
      ...Object.fromEntries(fields.flatMap((f) => (f in PLAUSIBLE ? [[f, PLAUSIBLE[f]]] : []))),
      ...random,
    }))
const lang = fc.oneof(fc.constantFrom(...WIRE_LANGS), value)
/** A built operation with random params for it, a catalog name, or garbage in `method`. */
const call = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...built)
      .chain((def) =>
        fc.tuple(fc.constant<unknown>(def.name), fc.oneof(paramsUnder(fieldsOf(def)), nearlyValid(fieldsOf(def)))),
      ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom<unknown>(...CATALOG.map((m) => m.name)), paramsUnder(allFields)) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(fc.constantFrom('', '/v1/', '/v1/index', '/V1/LOGIN', '/v1/login/', 'v1/send'), value),
      paramsUnder(allFields),
    ),
  },
)

type Body = { contentType: string; payload: string }

/** A body the web app could have sent, with random contents: form-encoded (qs) or JSON. */
const structuredBody = fc
  .record({ call, lang, json: fc.boolean() })
  .map(({ call: [method, params], lang, json }): Body => {
    const fields = { method, lang, ...params }
    return json
      ? { contentType: 'application/json', payload: JSON.stringify(fields) }
      : { contentType: CONTENT_TYPES[0], payload: qs.stringify(fields, { arrayFormat: 'indices' }) }
  })
/** Any text under any of the content types. */
const rawBody = fc.record({
  contentType: fc.constantFrom(...CONTENT_TYPES),
  payload: fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.json()),
})
const body = fc.oneof({ weight: 3, arbitrary: structuredBody }, { weight: 1, arbitrary: rawBody })

// ----- checks -----

/** Never a 5xx; a 200 carries an envelope with code true, false or 401; any 4xx carries code:false. */
function expectEnvelope(response: LightMyRequestResponse): void {
  const { statusCode } = response
  expect(statusCode, response.body).toBeLessThan(500)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const answer = response.json() as { code?: unknown; msg?: unknown; error?: unknown }
  expect(typeof answer.msg).toBe('string')
  if (statusCode === 200) {
    expect([true, false, 401]).toContain(answer.code)
  } else {
    expect(statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.code).toBe(false)
  }
  if (answer.code === false) expect(isErrorCode(answer.error), String(answer.error)).toBe(true)
}

let requests = 0
/** A different address per request, so the per-IP rate limits never answer before the handlers. */
const nextIp = () => `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`

describe('malformed requests', () => {
  it('never answer 5xx, always answer an envelope, and write nothing', async () => {
    const before = { ...(await rowCounts(app, GUARDED)), successfulLogins: await successfulLogins() }

    await fc.assert(
      fc.asyncProperty(body, async ({ contentType, payload }) => {
        for (const client of [signedOut, signedIn]) {
          for (const path of PATHS) {
            if (client === signedIn && signsOut(payload)) continue
            expectEnvelope(await client.post(path, payload, { 'content-type': contentType }, nextIp()))
          }
        }
      }),
      { numRuns: 200 },
    )

    expect({ ...(await rowCounts(app, GUARDED)), successfulLogins: await successfulLogins() }).toEqual(before)
    expect((await signedIn.call('/v1/userinfo')).body.data).toMatchObject({ email: 'fuzz@example.com' })
  })
})

// ----- a refused operation writes nothing, anywhere -----

/** A built operation with random or nearly valid params for it. */
const builtCall = fc
  .constantFrom(...built)
  .chain((def) =>
    fc.tuple(fc.constant(def), fc.oneof(paramsUnder(fieldsOf(def)), nearlyValid(fieldsOf(def))), fc.boolean()),
  )

describe('refused operations', () => {
  // two fingerprints of every table per run: past the default 30 s on a loaded machine
  it('change nothing in any table, for every operation', async () => {
    // first use seeds some tables once (the shop's goods, the listed coins…): done before
    for (const def of built) {
      if (SIGNS_OUT.has(def.name)) continue
      await signedIn.post(
        def.path,
        qs.stringify({ method: def.name, lang: 'us-en' }),
        { 'content-type': CONTENT_TYPES[0] },
        nextIp(),
      )
    }
    let refused = 0
    await fc.assert(
      fc.asyncProperty(builtCall, async ([def, params, json]) => {
        if (SIGNS_OUT.has(def.name)) return
        const before = await fingerprint(app)
        const fields = { method: def.name, lang: 'us-en', ...params }
        const payload = json ? JSON.stringify(fields) : qs.stringify(fields, { arrayFormat: 'indices' })
        const contentType = json ? 'application/json' : CONTENT_TYPES[0]
        const response = await signedIn.post(def.path, payload, { 'content-type': contentType }, nextIp())
        expectEnvelope(response)
        if ((response.json() as { code: unknown }).code !== false) return
        refused += 1
        expect(await fingerprint(app), `${def.name} ${payload.slice(0, 300)}`).toEqual(before)
      }),
      { numRuns: 400 },
    )
    expect(refused).toBeGreaterThan(200)
    expect((await signedIn.call('/v1/userinfo')).body.data).toMatchObject({ email: 'fuzz@example.com' })
    // 400 runs with two whole-database fingerprints each: minutes on a loaded machine
  }, 180_000)
})
