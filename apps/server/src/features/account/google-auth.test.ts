import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { MAX_TOTP_FAILURES } from './second-factor.ts'
import { PASSWORD, securityKit, totpCode, wrongTotp } from './security.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const { signedIn, login, bindGoogle, isLive } = securityKit(() => app, 'g')

describe('Google authenticator (/v1/googleauth)', () => {
  it('offers a secret with its otpauth URL, binds it with a current code and shows 8 recovery codes once', async () => {
    const { client, user } = await signedIn('bind')
    const created = await client.call('/v1/googleauth', { action: 'create' })
    expect(created.body).toMatchObject({ code: true, data: { bound: false } })
    const { secret, otpauth_url: url } = created.body.data as { secret: string; otpauth_url: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const parsed = new URL(url)
    expect(`${parsed.protocol}//${parsed.host}${parsed.pathname}`).toBe(
      `otpauth://totp/Kinetic:${encodeURIComponent(user.email)}`,
    )
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      secret,
      issuer: 'Kinetic',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    // not bound until confirmed
    expect((await client.call('/v1/userinfo')).body.data.google_bound).toBe(false)

    const wrong = await client.call('/v1/googleauth', { action: 'bind', google_code: wrongTotp(secret) })
    expect(wrong.body).toMatchObject({ code: false, error: 'GOOGLE_CODE_INVALID' })
    expect(wrong.body.fields).toHaveProperty('google_code')
    expect((await client.call('/v1/userinfo')).body.data.google_bound).toBe(false)

    const bound = await client.call('/v1/googleauth', { action: 'bind', google_code: totpCode(secret) })
    expect(bound.body).toMatchObject({ code: true, data: { bound: true } })
    const recovery = bound.body.data.recovery_codes as string[]
    expect(recovery).toHaveLength(8)
    expect(new Set(recovery).size).toBe(8)
    for (const code of recovery) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect((await client.call('/v1/userinfo')).body.data.google_bound).toBe(true)
    // stored hashed only
    expect(await rowCount(app, 'recovery_codes', 'user_id = $1', [user.id])).toBe(8)
    const plain = recovery.map((c) => c.replace('-', ''))
    expect(await rowCount(app, 'recovery_codes', 'code_hash = ANY($1) OR code_hash = ANY($2)', [recovery, plain])).toBe(
      0,
    )

    // a second create or bind is refused while bound
    expect((await client.call('/v1/googleauth', { action: 'create' })).body.error).toBe('GOOGLE_ALREADY_BOUND')
  })

  it('binds once under two concurrent confirmations: one set of recovery codes is valid', async () => {
    const { client, user } = await signedIn('race')
    const secret = (await client.call('/v1/googleauth', { action: 'create' })).body.data.secret as string
    const code = totpCode(secret)
    const answers = await Promise.all(
      [0, 1].map(() => client.call('/v1/googleauth', { action: 'bind', google_code: code })),
    )
    expect(answers.filter((a) => a.body.code === true)).toHaveLength(1)
    expect(answers.find((a) => a.body.code !== true)?.body.error).toBe('GOOGLE_ALREADY_BOUND')
    expect(await rowCount(app, 'recovery_codes', 'user_id = $1', [user.id])).toBe(8)
  })

  it('refuses to bind without a key offered first', async () => {
    const { client } = await signedIn()
    const { body } = await client.call('/v1/googleauth', { action: 'bind', google_code: '123456' })
    expect(body).toMatchObject({ code: false, error: 'GOOGLE_SETUP_EXPIRED', msg: 'Please get a new key first' })
  })

  it('is then asked for at sign-in; the code used to bind is refused again', async () => {
    const { user, client } = await signedIn('login')
    const created = await client.call('/v1/googleauth', { action: 'create' })
    const secret = created.body.data.secret as string
    const code = totpCode(secret)
    await client.call('/v1/googleauth', { action: 'bind', google_code: code })

    expect((await login(user.email, PASSWORD)).body).toMatchObject({ code: false, error: 'GOOGLE_CODE_REQUIRED' })
    expect((await login(user.email, PASSWORD, { google_code: code })).body).toMatchObject({
      code: false,
      error: 'GOOGLE_CODE_INVALID',
    })
    const next = await login(user.email, PASSWORD, { google_code: totpCode(secret, 1) })
    expect(next.body).toMatchObject({ code: true, data: { user: { id: user.id, google_bound: true } } })
  })

  it('accepts each recovery code once at sign-in, in any case and without the dash', async () => {
    const { user, client } = await signedIn('recovery')
    const { recovery } = await bindGoogle(client)
    const [first = '', second = ''] = recovery
    expect((await login(user.email, PASSWORD, { google_code: first })).body.code).toBe(true)
    expect((await login(user.email, PASSWORD, { google_code: first })).body).toMatchObject({
      error: 'GOOGLE_CODE_INVALID',
    })
    const relaxed = second.replace('-', '').toLowerCase()
    expect((await login(user.email, PASSWORD, { google_code: relaxed })).body.code).toBe(true)
    expect(await rowCount(app, 'recovery_codes', 'user_id = $1 AND used_at IS NOT NULL', [user.id])).toBe(2)
  })

  it(`refuses even a right code after ${MAX_TOTP_FAILURES} wrong ones (no brute force of 6 digits)`, async () => {
    const { user, client } = await signedIn('brute')
    const { secret } = await bindGoogle(client)
    for (let i = 0; i < MAX_TOTP_FAILURES; i++) {
      const { body } = await login(user.email, PASSWORD, { google_code: wrongTotp(secret) })
      expect(body.error).toBe('GOOGLE_CODE_INVALID')
    }
    const { body } = await login(user.email, PASSWORD, { google_code: totpCode(secret) })
    expect(body).toMatchObject({ code: false, error: 'TOO_MANY_ATTEMPTS' })
    // the same limit guards the signed-in checks
    const unbind = await client.call('/v1/googleauth', { action: 'unbind', google_code: totpCode(secret) })
    expect(unbind.body.error).toBe('TOO_MANY_ATTEMPTS')
  })

  it('unbinds only with a valid code; then sign-in asks for none', async () => {
    const { user, client } = await signedIn('unbind')
    const { secret } = await bindGoogle(client)
    const missing = await client.call('/v1/googleauth', { action: 'unbind' })
    expect(missing.body).toMatchObject({ error: 'GOOGLE_CODE_REQUIRED' })
    const wrong = await client.call('/v1/googleauth', { action: 'unbind', google_code: wrongTotp(secret) })
    expect(wrong.body).toMatchObject({ error: 'GOOGLE_CODE_INVALID' })
    expect((await client.call('/v1/userinfo')).body.data.google_bound).toBe(true)

    const done = await client.call('/v1/googleauth', { action: 'unbind', google_code: totpCode(secret) })
    expect(done.body).toMatchObject({ code: true, data: { bound: false } })
    expect(await rowCount(app, 'recovery_codes', 'user_id = $1', [user.id])).toBe(0)
    expect((await login(user.email, PASSWORD)).body.code).toBe(true)
    expect((await client.call('/v1/googleauth', { action: 'unbind', google_code: '123456' })).body.error).toBe(
      'GOOGLE_NOT_BOUND',
    )
  })

  it('refuses an unknown action naming the field', async () => {
    const { client } = await signedIn()
    const { body } = await client.call('/v1/googleauth', { action: 'steal' }, { lang: 'zh-cn' })
    expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID', msg: '操作类型格式不正确' })
  })
})

describe('signed-in devices (/v1/sessions, /v1/sessiondel)', () => {
  it('lists the account’s devices with this one marked, and signs another one out', async () => {
    const { user, client } = await signedIn('devices')
    const { client: phone } = await login(user.email, PASSWORD)
    const { body } = await client.call('/v1/sessions')
    expect(body.code).toBe(true)
    const list = body.data.list as { id: number; current: boolean; ip: string }[]
    expect(list).toHaveLength(2)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    const other = list.find((s) => !s.current)
    expect(other).toBeDefined()

    expect((await client.call('/v1/sessiondel', { id: other?.id })).body).toMatchObject({ code: true })
    expect((await phone.call('/v1/userinfo')).body.code).toBe(401)
    expect(await isLive(client)).toBe(true)
    expect((await client.call('/v1/sessions')).body.data.list).toHaveLength(1)
  })

  it('names a malformed session id', async () => {
    const { client } = await signedIn('badid')
    const { body } = await client.call('/v1/sessiondel', { id: 'abc' }, { lang: 'zh-hk' })
    expect(body).toMatchObject({ code: false, error: 'FIELD_INVALID', msg: 'ID格式不正確' })
    expect(await isLive(client)).toBe(true)
  })

  it('ending this device’s own session signs it out here', async () => {
    const { client, user } = await signedIn('self')
    const current = ((await client.call('/v1/sessions')).body.data.list as { id: number; current: boolean }[]).find(
      (s) => s.current,
    )
    const { body, response } = await client.call('/v1/sessiondel', { id: current?.id })
    expect(body).toMatchObject({ code: true })
    const cleared = (response.cookies as { name: string; value: string }[]).find((c) => c.name === `ks_${user.id}`)
    expect(cleared?.value).toBe('')
    expect(await isLive(client)).toBe(false)
  })

  it("cannot end another user's session: it answers like a missing one and that session lives on", async () => {
    const { client } = await signedIn('attacker')
    const { client: victim } = await signedIn('victim')
    const victimSession = ((await victim.call('/v1/sessions')).body.data.list as { id: number }[])[0]?.id
    const foreign = await client.call('/v1/sessiondel', { id: victimSession })
    const missing = await client.call('/v1/sessiondel', { id: 99_999_999 })
    for (const { body } of [foreign, missing]) {
      expect(body).toMatchObject({ code: false, error: 'SESSION_NOT_FOUND', msg: 'This device is not signed in' })
    }
    expect(await isLive(victim)).toBe(true)
  })
})
