import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, mailsTo, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload } from '../../../test/multipart.ts'
import { PASSWORD, securityKit, totpCode, wrongTotp } from './security.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const { freshEmail, signedIn, login, emailCode, bindGoogle, isLive } = securityKit(() => app, 's')

describe('password change (/v1/password)', () => {
  it('changes the password with an e-mail code and ends every other session, keeping this one', async () => {
    const { user, client } = await signedIn('pw')
    const { client: elsewhere } = await login(user.email, PASSWORD)
    expect(await isLive(elsewhere)).toBe(true)
    const code = await emailCode(client, user.email, 'password')
    const { body } = await client.call('/v1/password', { password: 'newpass9', repassword: 'newpass9', code })
    expect(body).toMatchObject({ code: true, data: { ok: true } })

    const gone = await elsewhere.call('/v1/userinfo')
    expect(gone.body.code).toBe(401)
    expect(await isLive(client)).toBe(true)
    expect((await login(user.email, PASSWORD)).body.error).toBe('LOGIN_FAILED')
    expect((await login(user.email, 'newpass9')).body.code).toBe(true)
  })

  it.each([
    { name: 'no code', params: {}, error: 'CODE_REQUIRED', field: 'code' },
    { name: 'a wrong code', params: { code: '000000' }, error: 'CODE_INVALID', field: 'code' },
    {
      name: 'a password with a space',
      params: { password: 'new pass', repassword: 'new pass', code: '000000' },
      error: 'PASSWORD_INVALID',
      field: 'password',
    },
    { name: 'a repeat that differs', params: { repassword: 'other99', code: '000000' }, error: 'PASSWORD_MISMATCH' },
  ])('refuses $name and changes nothing', async ({ params, error, field }) => {
    const { user, client } = await signedIn('pwbad')
    const { client: elsewhere } = await login(user.email, PASSWORD)
    const code = await emailCode(client, user.email, 'password')
    const wrong = params.code ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : undefined
    const { body } = await client.call('/v1/password', {
      password: 'newpass9',
      repassword: 'newpass9',
      ...params,
      ...(wrong && { code: wrong }),
    })
    expect(body).toMatchObject({ code: false, error })
    if (field) expect(body.fields).toHaveProperty(field)
    expect(await isLive(elsewhere)).toBe(true)
    expect((await login(user.email, PASSWORD)).body.code).toBe(true)
  })

  it('asks for the Google code instead when an authenticator is bound', async () => {
    const { user, client } = await signedIn('pwgoogle')
    const { secret } = await bindGoogle(client)
    const code = await emailCode(client, user.email, 'password')
    const byMail = await client.call('/v1/password', { password: 'newpass9', repassword: 'newpass9', code })
    expect(byMail.body).toMatchObject({ code: false, error: 'GOOGLE_CODE_REQUIRED' })
    const byGoogle = await client.call('/v1/password', {
      password: 'newpass9',
      repassword: 'newpass9',
      google_code: totpCode(secret),
    })
    expect(byGoogle.body.code).toBe(true)
  })
})

describe('e-mail binding (/v1/email)', () => {
  it('moves the account to a new address verified by a code sent to that address', async () => {
    const { user, client } = await signedIn('old')
    const next = freshEmail('new')
    const code = await emailCode(client, next, 'bind')
    const { body } = await client.call('/v1/email', { account: next.toUpperCase(), code })
    expect(body).toMatchObject({ code: true, data: { id: user.id, email: next } })
    expect((await login(next, PASSWORD)).body.code).toBe(true)
    expect((await login(user.email, PASSWORD)).body.error).toBe('LOGIN_FAILED')
  })

  it("refuses an address another account uses, sending it no code and keeping the user's own", async () => {
    const { user, client } = await signedIn('mine')
    const { user: other } = await signedIn('theirs')
    const sent = await client.call('/v1/send', { type: 'email', account: other.email, scene: 'bind' })
    expect(sent.body).toMatchObject({ code: true })
    expect(await mailsTo(app.server, other.email)).toHaveLength(2) // the registration code and the notice
    const { body } = await client.call('/v1/email', { account: other.email, code: '123456' })
    expect(body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect((await client.call('/v1/userinfo')).body.data.email).toBe(user.email)
  })

  it('asks for the Google code (or a recovery code) too when an authenticator is bound', async () => {
    const { user, client } = await signedIn('emailgoogle')
    const { secret, recovery } = await bindGoogle(client)
    const next = freshEmail('new2fa')
    const code = await emailCode(client, next, 'bind')

    const byMailOnly = await client.call('/v1/email', { account: next, code })
    expect(byMailOnly.body).toMatchObject({ code: false, error: 'GOOGLE_CODE_REQUIRED' })
    expect(byMailOnly.body.fields).toHaveProperty('google_code')
    const wrongGoogle = await client.call('/v1/email', { account: next, code, google_code: wrongTotp(secret) })
    expect(wrongGoogle.body).toMatchObject({ code: false, error: 'GOOGLE_CODE_INVALID' })
    expect((await client.call('/v1/userinfo')).body.data.email).toBe(user.email)

    const { body } = await client.call('/v1/email', { account: next, code, google_code: recovery[0] })
    expect(body).toMatchObject({ code: true, data: { email: next } })
    expect((await login(next, PASSWORD, { google_code: totpCode(secret) })).body.code).toBe(true)
  })

  it('refuses a malformed address in the request language, changing nothing', async () => {
    const { user, client } = await signedIn('malformed')
    const { body } = await client.call('/v1/email', { account: 'not-an-email', code: '123456' }, { lang: 'zh-cn' })
    expect(body).toMatchObject({ code: false, error: 'EMAIL_INVALID', msg: '请输入正确的邮箱地址' })
    expect(body.fields).toHaveProperty('account')
    expect((await client.call('/v1/userinfo')).body.data.email).toBe(user.email)
  })

  it('refuses a code that was sent to another address', async () => {
    const { client } = await signedIn('swap')
    const asked = freshEmail('asked')
    const code = await emailCode(client, asked, 'bind')
    const { body } = await client.call('/v1/email', { account: freshEmail('other'), code })
    expect(body).toMatchObject({ code: false, error: 'CODE_EXPIRED' })
  })
})

describe('account deletion (/v1/logoff)', () => {
  it('removes the personal data, ends every session, keeps the row; the e-mail can register again', async () => {
    const { user, client } = await signedIn('leaving')
    const { client: elsewhere } = await login(user.email, PASSWORD)
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer()
    await upload(client, '/v1/image', { name: 'a.png', type: 'image/png', bytes: png })
    await client.call('/v1/infoedit', { nickname: 'Leaver', height: '180', birthday: '1980-01-01' })
    expect(await rowCount(app, 'files', 'owner_id = $1', [user.id])).toBe(1)

    const code = await emailCode(client, user.email, 'logoff')
    const { body, response } = await client.call('/v1/logoff', { code })
    expect(body).toMatchObject({ code: true, data: { ok: true } })
    const cleared = (response.cookies as { name: string; value: string }[]).find((c) => c.name === `ks_${user.id}`)
    expect(cleared?.value).toBe('')

    for (const device of [client, elsewhere]) expect((await device.call('/v1/userinfo')).body.code).toBe(401)
    expect((await login(user.email, PASSWORD)).body.error).toBe('LOGIN_FAILED')
    const { rows } = await app.database.pool.query(
      'SELECT email, phone, nickname, avatar, birthday, height, totp_secret, deleted_at FROM users WHERE id = $1',
      [user.id],
    )
    expect(rows[0]).toMatchObject({ email: null, phone: null, nickname: '', avatar: '', birthday: null, height: null })
    expect(rows[0].deleted_at).not.toBeNull()
    expect(await rowCount(app, 'files', 'owner_id = $1', [user.id])).toBe(0)
    expect(await rowCount(app, 'sessions', 'user_id = $1 AND revoked_at IS NULL', [user.id])).toBe(0)

    const again = await registerUser(new Client(app.server), user.email, PASSWORD)
    expect(again.id).not.toBe(user.id)
  })

  it('changes nothing with a wrong code', async () => {
    const { user, client } = await signedIn('staying')
    const code = await emailCode(client, user.email, 'logoff')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const { body } = await client.call('/v1/logoff', { code: wrong })
    expect(body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect(await isLive(client)).toBe(true)
    expect((await login(user.email, PASSWORD)).body.code).toBe(true)
  })
})
