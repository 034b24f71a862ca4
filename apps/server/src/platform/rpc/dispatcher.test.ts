import { SPEC_OPERATIONS } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

describe('POST /v1/index', () => {
  it('answers an operation in the envelope, form-encoded or JSON', async () => {
    const client = new Client(app.server)
    const form = await client.call('/v1/version')
    expect(form.status).toBe(200)
    expect(form.body).toEqual({ code: true, msg: 'success', data: { app_version: '1.0.0' } })
    const json = await client.call('/v1/version', {}, { json: true, lang: 'zh-cn' })
    expect(json.body).toEqual({ code: true, msg: '成功', data: { app_version: '1.0.0' } })
  })

  it('names an unknown operation in the request language', async () => {
    const client = new Client(app.server)
    const { status, body } = await client.call('/v1/nothing', {}, { lang: 'zh-hk' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: false, error: 'UNKNOWN_METHOD', msg: '未知的操作：/v1/nothing' })
  })

  it('refuses login through /v1/index and other operations through /v1/login/index', async () => {
    const client = new Client(app.server)
    expect((await client.call('/v1/login', {}, { path: '/v1/index' })).body.error).toBe('UNKNOWN_METHOD')
    expect((await client.call('/v1/version', {}, { path: '/v1/login/index' })).body.error).toBe('UNKNOWN_METHOD')
  })

  it('names the field at fault with a localized message', async () => {
    const client = new Client(app.server)
    const { body } = await client.call('/v1/articleinfo', { type: 'nope' }, { lang: 'zh-cn' })
    expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID', msg: '类型格式不正确' })
    expect(body.fields).toHaveProperty('type')
  })

  it('refuses text with a NUL character and params nested too deep, naming the field', async () => {
    const client = new Client(app.server)
    await registerUser(client, 'nul@example.com')
    // free text that reaches the database: PostgreSQL cannot store a NUL
    const nul = await client.call('/v1/binding', { device_code: 'KW\u0000', active_code: 'A\u0000' }, { json: true })
    expect(nul.status).toBe(200)
    expect(nul.body).toMatchObject({ code: false, error: 'FIELD_INVALID', fields: { device_code: expect.any(String) } })
    const deep = `${'['.repeat(5_000)}"privacy"${']'.repeat(5_000)}`
    const nested = await client.post('/v1/index', `{"method":"/v1/articleinfo","lang":"us-en","type":${deep}}`, {
      'content-type': 'application/json',
    })
    expect(nested.statusCode).toBe(200)
    expect(nested.json()).toMatchObject({ code: false, error: 'FIELD_INVALID', fields: { type: expect.any(String) } })
  })

  it('answers code 401 with a Token message when signed out', async () => {
    const client = new Client(app.server)
    const { status, body } = await client.call('/v1/userinfo')
    expect(status).toBe(200)
    expect(body.code).toBe(401)
    expect(body.msg).toContain('Token')
  })
})

describe('GET /v1/schema', () => {
  it('lists every operation of spec §7 with JSON Schema params and results', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/v1/schema' })
    const { methods } = response.json() as { methods: { name: string; params: { type?: string } }[] }
    const names = methods.map((m) => m.name)
    for (const op of SPEC_OPERATIONS) expect(names).toContain(op)
    expect(names).toContain('/v1/login')
    expect(methods.find((m) => m.name === '/v1/register')?.params.type).toBe('object')
  })
})

describe('transport errors', () => {
  it('refuses a body over the limit with 413 and a clear message', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/v1/index',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': 'en-US,en;q=0.9',
      },
      payload: `method=/v1/version&lang=us-en&pad=${'x'.repeat(70_000)}`,
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: false, error: 'BODY_TOO_LARGE', msg: 'The request is too large' })
  })

  it('answers 400 to malformed JSON', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/v1/index',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: '{"method":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: false, error: 'MALFORMED_BODY' })
  })
})
