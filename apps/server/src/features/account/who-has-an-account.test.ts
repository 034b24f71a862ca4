import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, mailsTo, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'

/** `/v1/send` and the forms after it must not tell who has an account. */

let app: TestApp
beforeAll(async () => {
  // many codes from one test address: more than the 30 an hour one address may ask for
  app = await startTestApp({ CODES_PER_IP_HOUR: '1000' })
})
afterAll(() => app.close())

let seq = 0
const freshEmail = (label: string) => `who-${label}-${++seq}@example.com`

/** A registered account whose stored language is `lang`. */
async function owner(lang: string) {
  const client = new Client(app.server)
  const user = await registerUser(client, freshEmail('owner'))
  await client.call('/v1/userinfo', {}, { lang })
  // the registration code is past its 60 s cooldown, as for an account registered a while ago
  await app.database.pool.query(
    `UPDATE verification_codes SET created_at = created_at - interval '2 minutes' WHERE target = $1`,
    [user.email],
  )
  return user
}

const send = (account: string, scene: string, lang = 'us-en') =>
  new Client(app.server).call('/v1/send', { type: 'email', account, scene }, { lang })

/** What a client sees of an answer. */
const seen = (answer: Awaited<ReturnType<typeof send>>) => ({ status: answer.status, body: answer.body })

const hasCode = (body: string) => /\b\d{6}\b/.test(body)

describe('code requests answer alike for every address', () => {
  it.each(['register', 'forget', 'bind', 'password', 'logoff', 'login'])(
    'scene %s: the same answer for a registered and a free address, and the same cooldown after',
    async (scene) => {
      const { email } = await owner('us-en')
      const free = freshEmail('free')
      const [known, unknown] = [await send(email, scene), await send(free, scene)]
      expect(seen(known)).toEqual(seen(unknown))
      expect(known.body).toMatchObject({ code: true, data: { cooldown: 60 } })

      const [knownAgain, unknownAgain] = [await send(email, scene), await send(free, scene)]
      expect(knownAgain.body.error).toBe('CODE_COOLDOWN')
      expect(unknownAgain.body.error).toBe('CODE_COOLDOWN')
    },
  )
})

describe('registering an address that has an account', () => {
  it("mails its owner, in the owner's language, that someone tried; no code", async () => {
    const { email } = await owner('zh-hk')
    expect((await send(email, 'register', 'us-en')).body.code).toBe(true)
    const [notice] = await mailsTo(app.server, email)
    expect(notice?.subject).toBe('有人嘗試用您的地址註冊')
    expect(notice?.body).toContain('忘記密碼')
    expect(hasCode(notice?.body ?? '')).toBe(false)
  })

  it('refuses a guessed code as a wrong code, as for a free address, and creates nothing', async () => {
    const { email } = await owner('us-en')
    const free = freshEmail('free')
    const form = (account: string) => ({
      type: 'email',
      account,
      code: '123456',
      password: 'secret123',
      repassword: 'secret123',
      agree: '1',
    })
    await send(email, 'register')
    await send(free, 'register')
    const [known, unknown] = [
      await new Client(app.server).call('/v1/register', form(email)),
      await new Client(app.server).call('/v1/register', form(free)),
    ]
    // a guess can be right one time in a million: the two codes are not that one
    expect(known.body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect(seen(known)).toEqual(seen(unknown))
    expect(await rowCount(app, 'users', 'email = $1', [email])).toBe(1)
    expect(await rowCount(app, 'users', 'email = $1', [free])).toBe(0)
  })
})

describe('resetting the password of an address', () => {
  it("mails the code to an account's owner in their language, and nothing to a free address", async () => {
    const { email } = await owner('zh-cn')
    const free = freshEmail('ghost')
    await send(email, 'forget', 'us-en')
    await send(free, 'forget', 'us-en')
    const [mail] = await mailsTo(app.server, email)
    expect(mail?.subject).toBe('Kinetic 验证码')
    expect(hasCode(mail?.body ?? '')).toBe(true)
    expect(await mailsTo(app.server, free)).toEqual([])
  })

  it('refuses a code for a free address as a wrong code, as for a registered one', async () => {
    const { email } = await owner('us-en')
    const free = freshEmail('ghost')
    const reset = (account: string) =>
      new Client(app.server).call('/v1/pass', {
        type: 'email',
        account,
        code: '123456',
        password: 'newpass1',
        repassword: 'newpass1',
      })
    await send(email, 'forget')
    await send(free, 'forget')
    const [known, unknown] = [await reset(email), await reset(free)]
    expect(unknown.body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect(seen(known)).toEqual(seen(unknown))
  })
})

describe('binding an address that another account has', () => {
  it('tells its owner instead of sending a code, and refuses a guessed code as wrong', async () => {
    const { email: taken } = await owner('us-en')
    const client = new Client(app.server)
    const me = await registerUser(client, freshEmail('me'))
    expect((await client.call('/v1/send', { type: 'email', account: taken, scene: 'bind' })).body.code).toBe(true)
    const [notice] = await mailsTo(app.server, taken)
    expect(notice?.subject).toBe('Someone tried to add your address to another account')
    expect(hasCode(notice?.body ?? '')).toBe(false)

    const { body } = await client.call('/v1/email', { account: taken, code: '123456' })
    expect(body).toMatchObject({ code: false, error: 'CODE_INVALID' })
    expect((await client.call('/v1/userinfo')).body.data.email).toBe(me.email)
  })
})
