import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, codeFromOutbox, mailsTo, startTestApp, type TestApp } from '../../../test/harness.ts'
import { accountLanguages } from './index.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
const freshEmail = (label: string) => `lang-${label}-${++seq}@example.com`

/** Registers in `lang` through the real flow; the client stays signed in. */
async function registeredIn(lang: string, label: string) {
  const client = new Client(app.server)
  const email = freshEmail(label)
  await client.call('/v1/send', { type: 'email', account: email, scene: 'register' }, { lang })
  const code = await codeFromOutbox(app.server, email)
  const { body } = await client.call(
    '/v1/register',
    { type: 'email', account: email, code, password: 'secret123', repassword: 'secret123', agree: '1' },
    { lang },
  )
  expect(body.code).toBe(true)
  return { client, id: body.data.user.id as number, email }
}

/** Asks for a password-reset code from a signed-out device set to `lang`; answers the mail. */
async function resetMail(email: string, lang: string) {
  const { body } = await new Client(app.server).call(
    '/v1/send',
    { type: 'email', account: email, scene: 'forget' },
    { lang },
  )
  expect(body.code).toBe(true)
  const [latest] = await mailsTo(app.server, email)
  return latest
}

const storedLang = async (id: number) =>
  (await app.database.pool.query<{ lang: string }>('SELECT lang FROM users WHERE id = $1', [id])).rows[0]?.lang

describe("the account's language", () => {
  it('sends the password-reset mail in English to a user who switched to English', async () => {
    const { client, email } = await registeredIn('zh-cn', 'en')
    // Mine → Language → English: the next requests carry lang=us-en
    expect((await client.call('/v1/userinfo', {}, { lang: 'us-en' })).body.code).toBe(true)

    // asked from a device still set to Chinese: the mail follows the account, not the device
    const mail = await resetMail(email, 'zh-cn')
    expect(mail?.subject).toBe('Your Kinetic verification code')
    expect(mail?.body).toMatch(/^Your verification code is \d{6}\. It is valid for 10 minutes\./)
  })

  it("answers the account's language at sign-in from a device in another, and keeps it", async () => {
    const { client, id, email } = await registeredIn('zh-cn', 'signin')
    await client.call('/v1/userinfo', {}, { lang: 'us-en' })
    // a new device, still in the default language, signs in: the answer names the account's
    const device = new Client(app.server)
    const { body } = await device.call('/v1/login', { account: email, password: 'secret123' }, { lang: 'zh-cn' })
    expect(body).toMatchObject({ code: true, data: { user: { id, lang: 'us-en' } } })
    expect(await storedLang(id)).toBe('us-en')
  })

  it('sends it in traditional Chinese to a user who switched to zh-TW', async () => {
    const { client, email } = await registeredIn('us-en', 'tw')
    await client.call('/v1/userinfo', {}, { lang: 'zh-hk' })
    const mail = await resetMail(email, 'us-en')
    expect(mail?.subject).toBe('Kinetic 驗證碼')
    expect(mail?.body).toMatch(/^您的驗證碼是 \d{6}，10 分鐘內有效。/)
  })

  it('keeps the language chosen at registration until the user changes it', async () => {
    const { client, id, email } = await registeredIn('us-en', 'reg')
    expect(await storedLang(id)).toBe('us-en')
    expect((await resetMail(email, 'zh-hk'))?.subject).toBe('Your Kinetic verification code')
    // a signed-out request in another language changes nothing
    expect(await storedLang(id)).toBe('us-en')

    await client.call('/v1/userinfo', {}, { lang: 'zh-cn' })
    expect(await storedLang(id)).toBe('zh-cn')
    expect(await accountLanguages(app.database.db).of(id)).toBe('zh-cn')
  })

  it('writes nothing for requests in the language already stored', async () => {
    const { client, id } = await registeredIn('us-en', 'nowrite')
    await client.call('/v1/userinfo', {}, { lang: 'us-en' })
    // xmin changes with every write to a row
    const versions = async () =>
      (
        await app.database.pool.query<{ u: string; s: string }>(
          `SELECT (SELECT xmin::text FROM users WHERE id = $1) AS u,
                  (SELECT string_agg(xmin::text, ',' ORDER BY id) FROM sessions WHERE user_id = $1) AS s`,
          [id],
        )
      ).rows[0]
    const before = await versions()
    for (let i = 0; i < 3; i++) expect((await client.call('/v1/userinfo', {}, { lang: 'us-en' })).body.code).toBe(true)
    expect(await versions()).toEqual(before)
  })

  it('answers the default language for an account it does not know', async () => {
    expect(await accountLanguages(app.database.db).of(987_654_321)).toBe('zh-cn')
  })
})
