import { createHash } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  codeFromOutbox,
  mailsTo,
  registerUser,
  rowCount,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
const freshEmail = (label: string) => `${label}-${++seq}@example.com`
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Signs in on a new device (client) and returns it with the answer. */
async function login(account: string, password: string, extra: Record<string, unknown> = {}) {
  const client = new Client(app.server)
  const { status, body, response } = await client.call('/v1/login', { account, password, ...extra })
  return { client, status, body, response }
}

function sessionCookieOf(response: Awaited<ReturnType<typeof login>>['response'], userId: number) {
  const cookies = response.cookies as {
    name: string
    value: string
    httpOnly?: boolean
    sameSite?: string
    path?: string
  }[]
  return cookies.find((c) => c.name === `ks_${userId}`)
}

describe('login', () => {
  it('signs in by e-mail, whatever its case, with an HttpOnly SameSite=Lax cookie the database only knows hashed', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('case'), 'secret123')
    const { client, body, response } = await login(user.email.toUpperCase(), 'secret123')
    expect(body).toMatchObject({ code: true, data: { user: { id: user.id, email: user.email } } })

    const cookie = sessionCookieOf(response, user.id)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    const header = String(response.headers['set-cookie'])
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)

    const token = cookie?.value ?? ''
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(await rowCount(app, 'sessions', 'token_hash = $1', [token])).toBe(0)
    expect(await rowCount(app, 'sessions', 'token_hash = $1 AND user_id = $2', [sha256(token), user.id])).toBe(1)
    expect((await client.call('/v1/userinfo')).body.data).toMatchObject({ id: user.id })
  })

  it('answers a wrong password and an unknown account with the same message', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('wrongpw'), 'secret123')
    const wrong = await login(user.email, 'secret124')
    const unknown = await login(freshEmail('nobody'), 'secret123')
    for (const { body, client } of [wrong, unknown]) {
      expect(body).toMatchObject({ code: false, error: 'LOGIN_FAILED', msg: 'Incorrect account or password' })
      expect(client.cookies.size).toBe(0)
    }
  })
})

describe('login with Google authenticator', () => {
  const secret = new OTPAuth.Secret({ size: 20 })
  const totpNow = () => OTPAuth.TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30 })

  async function userWithTotp() {
    const user = await registerUser(new Client(app.server), freshEmail('totp'), 'secret123')
    await app.database.pool.query('UPDATE users SET totp_secret = $1 WHERE id = $2', [secret.base32, user.id])
    return user
  }

  it('asks for the Google code when it is missing', async () => {
    const user = await userWithTotp()
    const { body, client } = await login(user.email, 'secret123')
    expect(body).toMatchObject({ code: false, error: 'GOOGLE_CODE_REQUIRED' })
    expect(body.fields).toHaveProperty('google_code')
    expect(client.cookies.size).toBe(0)
  })

  it('signs in with the current code and refuses a second use of the same TOTP code', async () => {
    const user = await userWithTotp()
    const code = totpNow()
    const first = await login(user.email, 'secret123', { google_code: code })
    expect(first.body).toMatchObject({ code: true, data: { user: { id: user.id } } })

    const replay = await login(user.email, 'secret123', { google_code: code })
    expect(replay.body).toMatchObject({ code: false, error: 'GOOGLE_CODE_INVALID' })
    expect(replay.body.fields).toHaveProperty('google_code')
    expect(replay.client.cookies.size).toBe(0)
  })

  it('refuses a code that is not the current one', async () => {
    const user = await userWithTotp()
    const stale = OTPAuth.TOTP.generate({ secret, timestamp: Date.now() - 10 * 60_000 })
    const wrong = stale === totpNow() ? String((Number(stale) + 1) % 1_000_000).padStart(6, '0') : stale
    const { body } = await login(user.email, 'secret123', { google_code: wrong })
    expect(body).toMatchObject({ code: false, error: 'GOOGLE_CODE_INVALID' })
  })
})

describe('forgotten password (/v1/pass)', () => {
  async function resetPassword(client: Client, email: string, password: string) {
    const sent = await client.call('/v1/send', { type: 'email', account: email, scene: 'forget' })
    expect(sent.body.code).toBe(true)
    const code = await codeFromOutbox(app.server, email)
    const params = { type: 'email', account: email, code, password, repassword: password }
    return { code, params, answer: await client.call('/v1/pass', params) }
  }

  it('sets the new password with a code and ends every session of the account', async () => {
    const device = new Client(app.server)
    const user = await registerUser(device, freshEmail('forgot'), 'oldpass1')
    const other = (await login(user.email, 'oldpass1')).client

    const { answer } = await resetPassword(new Client(app.server), user.email, 'newpass2')
    expect(answer.body).toMatchObject({ code: true, data: { ok: true } })

    for (const signedIn of [device, other]) {
      const { status, body } = await signedIn.call('/v1/userinfo')
      expect(status).toBe(200)
      expect(body.code).toBe(401)
    }
    expect((await login(user.email, 'oldpass1')).body.error).toBe('LOGIN_FAILED')
    expect((await login(user.email, 'newpass2')).body).toMatchObject({ code: true, data: { user: { id: user.id } } })
  })

  it('accepts a reset code only once', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('reuse'), 'oldpass1')
    const client = new Client(app.server)
    const { params } = await resetPassword(client, user.email, 'newpass2')
    const again = await client.call('/v1/pass', { ...params, password: 'newpass3', repassword: 'newpass3' })
    expect(again.body).toMatchObject({ code: false, error: 'CODE_EXPIRED' })
    expect((await login(user.email, 'newpass2')).body.code).toBe(true)
  })

  it('answers a reset request for an address without an account as for any other, and mails nothing', async () => {
    const ghost = freshEmail('ghost')
    const { body } = await new Client(app.server).call('/v1/send', { type: 'email', account: ghost, scene: 'forget' })
    expect(body).toMatchObject({ code: true, data: { cooldown: 60 } })
    expect(await mailsTo(app.server, ghost)).toEqual([])
    const params = { type: 'email', account: ghost, code: '123456', password: 'newpass2', repassword: 'newpass2' }
    expect((await new Client(app.server).call('/v1/pass', params)).body).toMatchObject({
      code: false,
      error: 'CODE_INVALID',
    })
  })
})
