import { errorMessage, WIRE_LANGS, type ErrorCode } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  codeFromOutbox,
  registerUser,
  rowCount,
  rowCounts,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
/** A fresh e-mail address per test, so tests do not share codes or accounts. */
const freshEmail = (label: string) => `${label}-${++seq}@example.com`

/** A complete, valid `/v1/register` form; a test overrides what it is about. */
const registration = (account: string, overrides: Record<string, unknown> = {}) => ({
  type: 'email',
  account,
  code: '000000',
  password: 'secret123',
  repassword: 'secret123',
  agree: '1',
  ...overrides,
})

async function sendCode(client: Client, account: string, extra: Record<string, unknown> = {}) {
  const { body } = await client.call('/v1/send', { type: 'email', account, scene: 'register', ...extra })
  expect(body).toMatchObject({ code: true, data: { cooldown: 60 } })
  return codeFromOutbox(app.server, extra.type === 'phone' ? `+${String(extra.prefix)} ${account}` : account)
}

/** A six-digit code that is certainly not `code`. */
const wrongCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10)

const usersWithEmail = (email: string) => rowCount(app, 'users', 'email = $1', [email])
const WRITTEN = ['users', 'sessions', 'verification_codes', 'outbox'] as const

describe('registration by e-mail', () => {
  it('sends a code, registers with it and signs the new user in', async () => {
    const client = new Client(app.server)
    const email = freshEmail('alice')
    const code = await sendCode(client, email)
    expect(code).toMatch(/^\d{6}$/)

    const { status, body } = await client.call('/v1/register', registration(email, { code }))
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: true, msg: 'success', data: { user: { email } } })
    const id = body.data.user.id as number
    expect([...client.cookies.keys()]).toEqual([`ks_${id}`])

    const info = await client.call('/v1/userinfo')
    expect(info.body.code).toBe(true)
    expect(info.body.data).toMatchObject({ id, email, phone: '', nickname: email.split('@')[0] })
    expect(info.body.data.invite_code).toMatch(/^[A-Z2-9]{8}$/)
  })

  it('refuses a wrong code naming the code field, and creates no user', async () => {
    const client = new Client(app.server)
    const email = freshEmail('wrong')
    const code = await sendCode(client, email)
    const { body } = await client.call('/v1/register', registration(email, { code: wrongCode(code) }))
    expect(body).toMatchObject({ code: false, error: 'CODE_INVALID', msg: 'The verification code is incorrect' })
    expect(body.fields).toHaveProperty('code')
    expect(await usersWithEmail(email)).toBe(0)
    expect(client.cookies.size).toBe(0)
  })

  it('uses up a code after five wrong tries: even the right code is then refused', async () => {
    const client = new Client(app.server)
    const email = freshEmail('fivetries')
    const code = await sendCode(client, email)
    for (let i = 0; i < 5; i++) {
      const { body } = await client.call('/v1/register', registration(email, { code: wrongCode(code) }))
      expect(body.error).toBe('CODE_INVALID')
    }
    const { body } = await client.call('/v1/register', registration(email, { code }))
    expect(body).toMatchObject({ code: false, error: 'CODE_EXPIRED' })
    expect(await usersWithEmail(email)).toBe(0)
  })

  it('refuses an expired code', async () => {
    const client = new Client(app.server)
    const email = freshEmail('expired')
    const code = await sendCode(client, email)
    await app.database.pool.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`,
      [email],
    )
    const { body } = await client.call('/v1/register', registration(email, { code }))
    expect(body).toMatchObject({ code: false, error: 'CODE_EXPIRED' })
    expect(body.fields).toHaveProperty('code')
    expect(await usersWithEmail(email)).toBe(0)
  })

  it('accepts a code only once, even after the account it made is gone', async () => {
    const client = new Client(app.server)
    const email = freshEmail('once')
    const code = await sendCode(client, email)
    expect((await client.call('/v1/register', registration(email, { code }))).body.code).toBe(true)
    await app.database.pool.query('DELETE FROM users WHERE email = $1', [email])

    const { body } = await new Client(app.server).call('/v1/register', registration(email, { code }))
    expect(body).toMatchObject({ code: false, error: 'CODE_EXPIRED' })
    expect(await usersWithEmail(email)).toBe(0)
  })

  it('refuses to send another code within 60 seconds, saying how long to wait', async () => {
    const client = new Client(app.server)
    const email = freshEmail('cooldown')
    await sendCode(client, email)
    const before = await rowCounts(app, WRITTEN)
    const { body } = await client.call('/v1/send', { type: 'email', account: email, scene: 'register' })
    expect(body).toMatchObject({ code: false, error: 'CODE_COOLDOWN' })
    const seconds = Number(/(\d+) seconds/.exec(String(body.msg))?.[1])
    expect(seconds).toBeGreaterThanOrEqual(55)
    expect(seconds).toBeLessThanOrEqual(60)
    expect(body.msg).toBe(errorMessage('CODE_COOLDOWN', 'us-en', { seconds }))
    expect(await rowCounts(app, WRITTEN)).toEqual(before)
  })

  it('keeps an e-mail address already registered (whatever its case) to its account, without saying so', async () => {
    const email = freshEmail('taken')
    await registerUser(new Client(app.server), email)
    await app.database.pool.query(
      `UPDATE verification_codes SET created_at = created_at - interval '2 minutes' WHERE target = $1`,
      [email],
    )
    const client = new Client(app.server)
    const sent = await client.call('/v1/send', { type: 'email', account: email.toUpperCase(), scene: 'register' })
    expect(sent.body).toMatchObject({ code: true, data: { cooldown: 60 } })

    const registered = await client.call('/v1/register', registration(email.toUpperCase(), { code: '123456' }))
    expect(registered.body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect(await usersWithEmail(email)).toBe(1)
  })

  it('refuses to register without agreeing to the privacy policy, writing nothing', async () => {
    const client = new Client(app.server)
    const email = freshEmail('noagree')
    const code = await sendCode(client, email)
    const before = await rowCounts(app, WRITTEN)

    const { body } = await client.call('/v1/register', registration(email, { code, agree: undefined }))
    expect(body).toMatchObject({
      code: false,
      error: 'PRIVACY_NOT_AGREED',
      msg: 'Please agree to the privacy policy first',
    })
    expect(body.fields).toHaveProperty('agree')
    expect(await rowCounts(app, WRITTEN)).toEqual(before)
    // the code was not used up: agreeing now succeeds with it
    expect((await client.call('/v1/register', registration(email, { code }))).body.code).toBe(true)
  })
})

describe('registration form messages (spec §5)', () => {
  const cases: { name: string; code: ErrorCode; en: string; field: string; overrides: Record<string, unknown> }[] = [
    {
      name: 'mismatched repassword',
      code: 'PASSWORD_MISMATCH',
      en: 'Two passwords are inconsistent',
      field: 'repassword',
      overrides: { repassword: 'secret124' },
    },
    {
      name: 'empty e-mail address',
      code: 'EMAIL_REQUIRED',
      en: 'Please enter your email address',
      field: 'account',
      overrides: { account: '' },
    },
    {
      name: 'malformed e-mail address',
      code: 'EMAIL_INVALID',
      en: 'Enter the correct email address',
      field: 'account',
      overrides: { account: 'not-an-email@x' },
    },
    {
      name: 'empty password',
      code: 'PASSWORD_REQUIRED',
      en: 'Please input a password',
      field: 'password',
      overrides: { password: '', repassword: '' },
    },
    {
      name: 'missing agreement',
      code: 'PRIVACY_NOT_AGREED',
      en: 'Please agree to the privacy policy first',
      field: 'agree',
      overrides: { agree: '' },
    },
  ]

  it.each(cases)(
    'refuses a $name with the §5 message, in English word for word',
    async ({ code, en, field, overrides }) => {
      const { status, body } = await new Client(app.server).call(
        '/v1/register',
        registration(freshEmail('form'), overrides),
      )
      expect(status).toBe(200)
      expect(body).toMatchObject({ code: false, error: code, msg: en })
      expect(body.fields).toHaveProperty(field)
    },
  )

  it.each(cases.flatMap((c) => WIRE_LANGS.map((lang) => ({ ...c, lang }))))(
    'refuses a $name with the $lang message',
    async ({ code, field, overrides, lang }) => {
      const before = await rowCounts(app, WRITTEN)
      const email = freshEmail('form')
      const { body } = await new Client(app.server).call('/v1/register', registration(email, overrides), { lang })
      expect(body).toMatchObject({ code: false, error: code, msg: errorMessage(code, lang) })
      expect((body.fields as Record<string, string>)[field]).toBe(errorMessage(code, lang))
      expect(await rowCounts(app, WRITTEN)).toEqual(before)
    },
  )
})

describe('registration by phone', () => {
  it('sends the code to the number with its country prefix and registers the phone', async () => {
    const client = new Client(app.server)
    const code = await sendCode(client, '13800138000', { type: 'phone', prefix: '86' })
    const { rows } = await app.database.pool.query<{ channel: string }>(
      'SELECT channel FROM outbox WHERE recipient = $1',
      ['+86 13800138000'],
    )
    expect(rows.map((r) => r.channel)).toEqual(['sms'])

    const { body } = await client.call(
      '/v1/register',
      registration('13800138000', { type: 'phone', prefix: '86', code }),
    )
    expect(body).toMatchObject({ code: true, data: { user: { phone: '+86 13800138000', email: '' } } })
    expect(await rowCount(app, 'users', `phone_prefix = '86' AND phone = '13800138000'`)).toBe(1)
  })
})

describe('invitation codes', () => {
  it('links the new user to the user whose invitation code they entered', async () => {
    const inviter = await registerUser(new Client(app.server), freshEmail('inviter'))
    const client = new Client(app.server)
    const email = freshEmail('invitee')
    const code = await sendCode(client, email)
    const { body } = await client.call(
      '/v1/register',
      registration(email, { code, invite_code: inviter.invite_code.toLowerCase() }),
    )
    expect(body.code).toBe(true)
    const { rows } = await app.database.pool.query<{ invited_by: string }>(
      'SELECT invited_by FROM users WHERE email = $1',
      [email],
    )
    expect(rows.map((r) => Number(r.invited_by))).toEqual([inviter.id])
  })

  it('refuses an unknown invitation code and keeps the verification code usable', async () => {
    const client = new Client(app.server)
    const email = freshEmail('badinvite')
    const code = await sendCode(client, email)
    const { body } = await client.call('/v1/register', registration(email, { code, invite_code: 'ZZZZZZZZ' }))
    expect(body).toMatchObject({ code: false, error: 'INVITE_CODE_INVALID', msg: 'The invitation code does not exist' })
    expect(body.fields).toHaveProperty('invite_code')
    expect(await usersWithEmail(email)).toBe(0)
    expect((await client.call('/v1/register', registration(email, { code }))).body.code).toBe(true)
  })
})

describe('registration races and storage', () => {
  it('creates exactly one user when the same e-mail registers twice at once with one code', async () => {
    const email = freshEmail('race')
    const code = await sendCode(new Client(app.server), email)
    const results = await Promise.all(
      [new Client(app.server), new Client(app.server)].map((c) =>
        c.call('/v1/register', registration(email, { code })),
      ),
    )
    const winners = results.filter((r) => r.body.code === true)
    const losers = results.filter((r) => r.body.code !== true)
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(1)
    expect(losers[0]?.body.code).toBe(false)
    expect(['ACCOUNT_EXISTS', 'CODE_EXPIRED']).toContain(losers[0]?.body.error)
    expect(await usersWithEmail(email)).toBe(1)
  })

  it('stores the code hashed and the password as argon2id', async () => {
    const client = new Client(app.server)
    const email = freshEmail('stored')
    const code = await sendCode(client, email)
    const codes = await app.database.pool.query<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes WHERE target = $1',
      [email],
    )
    expect(codes.rows).toHaveLength(1)
    expect(codes.rows[0]?.code_hash).not.toBe(code)
    expect(codes.rows[0]?.code_hash).not.toContain(code)

    await client.call('/v1/register', registration(email, { code, password: 'PlainPass1', repassword: 'PlainPass1' }))
    const users = await app.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    )
    expect(users.rows[0]?.password_hash).toMatch(/^\$argon2id\$/)
    expect(users.rows[0]?.password_hash).not.toContain('PlainPass1')
  })
})

describe("the account's time zone comes from the registering device", () => {
  const registerWith = async (label: string, zone: Record<string, unknown>) => {
    const client = new Client(app.server)
    const email = freshEmail(label)
    const code = await sendCode(client, email)
    const { body } = await client.call('/v1/register', registration(email, { code, ...zone }))
    expect(body.code).toBe(true)
    return ((await client.call('/v1/userinfo')).body.data as { time_zone: string }).time_zone
  }

  it('keeps the zone the device sent, in its canonical spelling', async () => {
    expect(await registerWith('ny', { time_zone: 'America/New_York' })).toBe('America/New_York')
    expect(await registerWith('paris', { time_zone: 'europe/paris' })).toBe('Europe/Paris')
  })

  it('falls back to the default zone when the device sent none or no valid zone, and still registers', async () => {
    expect(await registerWith('nozone', {})).toBe('Asia/Shanghai')
    expect(await registerWith('mars', { time_zone: 'Mars/Olympus' })).toBe('Asia/Shanghai')
    expect(await registerWith('sql', { time_zone: "UTC'; DROP TABLE users; --" })).toBe('Asia/Shanghai')
  })
})
