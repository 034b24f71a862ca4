import { errorMessage } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, codeFromOutbox, mailsTo, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'
import { ACCOUNT_CAP, ALERT_AT, delayAfter, FREE_FAILURES, MAX_DELAY_MS } from './sign-in-guard.ts'

/** Wrong passwords slow down whoever sends them and never lock the owner out. */

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
const freshEmail = (label: string) => `signin-${label}-${++seq}@example.com`
const PASSWORD = 'secret123'
/** The owner's own address: the one the harness registers from. */
const OWN = '127.0.0.1'
let ipSeq = 0
const otherAddress = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`

const login = (account: string, password: string, from: string, extra: Record<string, unknown> = {}, lang = 'us-en') =>
  new Client(app.server).call('/v1/login', { account, password, ...extra }, { ip: from, lang })

async function failFrom(email: string, from: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(email, `wrong-${i}`, from)).body.error).toBe('LOGIN_FAILED')
}

/** Ages every sign-in attempt of `email` by `seconds`, as if that time had passed. */
const age = (email: string, seconds: number) =>
  app.database.pool.query(
    `UPDATE login_attempts SET created_at = created_at - make_interval(secs => $2) WHERE account_key = $1`,
    [email, seconds],
  )

/** Failures as rows (each real one costs an argon2id verification). */
const insertFailures = (email: string, from: string, count: number) =>
  app.database.pool.query(
    `INSERT INTO login_attempts (account_key, ip, ok) SELECT $1, $2, false FROM generate_series(1, $3)`,
    [email, from, count],
  )

/** `count` wrong passwords, spread over addresses that are not the owner's, none made to wait. */
async function failSpread(email: string, count: number) {
  for (let done = 0; done < count; done += FREE_FAILURES)
    await failFrom(email, otherAddress(), Math.min(FREE_FAILURES, count - done))
}

/** An attack up to the account's cap; after it, new addresses are asked for a code instead. */
async function attack(email: string) {
  await failSpread(email, ACCOUNT_CAP)
  for (let i = 0; i < 3; i++)
    expect((await login(email, `guess-${i}`, otherAddress())).body.error).toBe('LOGIN_CODE_REQUIRED')
}

describe('wrong passwords from one address', () => {
  it(`make that address wait after ${FREE_FAILURES}, saying how long in its language — even for the right password`, async () => {
    const user = await registerUser(new Client(app.server), freshEmail('wait'), PASSWORD)
    const from = otherAddress()
    await failFrom(user.email, from, FREE_FAILURES)

    const { body } = await login(user.email, PASSWORD, from, {}, 'zh-hk')
    expect(body).toMatchObject({ code: false, error: 'LOGIN_DELAYED' })
    const seconds = Number(/請在(\d+)秒後再試/.exec(String(body.msg))?.[1])
    expect(seconds).toBeGreaterThan(20)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(body.msg).toBe(errorMessage('LOGIN_DELAYED', 'zh-hk', { seconds }))

    // meanwhile the owner signs in from their own address
    expect((await login(user.email, PASSWORD, OWN)).body.code).toBe(true)
    // and once the wait is over, that address may try again
    await age(user.email, 31)
    expect((await login(user.email, PASSWORD, from)).body.code).toBe(true)
  })

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    expect([4, 5, 6, 7, 9, 10, 50].map(delayAfter)).toEqual([0, 30_000, 60_000, 120_000, 480_000, 900_000, 900_000])
    const user = await registerUser(new Client(app.server), freshEmail('double'), PASSWORD)
    const from = otherAddress()
    await insertFailures(user.email, from, 9)
    expect((await login(user.email, PASSWORD, from)).body.msg).toBe(
      'Too many wrong passwords. Please try again in 8 minutes',
    )
    await insertFailures(user.email, from, 20)
    expect((await login(user.email, PASSWORD, from, {}, 'zh-cn')).body.msg).toBe(
      `密码错误次数过多，请在${MAX_DELAY_MS / 60_000}分钟后再试`,
    )
  })

  it('start again from nothing after a success from that address', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('reset'), PASSWORD)
    const from = otherAddress()
    await failFrom(user.email, from, FREE_FAILURES - 1)
    expect((await login(user.email, PASSWORD, from)).body.code).toBe(true)
    await failFrom(user.email, from, FREE_FAILURES - 1)
    expect((await login(user.email, 'wrong-again', from)).body.error).toBe('LOGIN_FAILED')
  })
})

describe('an account under attack from many addresses', () => {
  it('still lets the owner in with the right password from their own address', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('owner'), PASSWORD)
    // more wrong passwords than the account's cap, from addresses that are not the owner's
    for (let i = 0; i < ACCOUNT_CAP + 5; i++) {
      expect((await login(user.email, `guess-${i}`, otherAddress())).body.code).toBe(false)
    }
    const { body } = await login(user.email, PASSWORD, OWN)
    expect(body).toMatchObject({ code: true, data: { user: { id: user.id } } })
  })

  it('asks a new address for a code mailed to the owner, which lets the owner in', async () => {
    const user = await registerUser(new Client(app.server), freshEmail('code'), PASSWORD)
    await attack(user.email)
    const newAddress = otherAddress()

    // the password is not even looked at without the code
    for (const password of [PASSWORD, 'wrong-guess']) {
      const { body } = await login(user.email, password, newAddress)
      expect(body).toMatchObject({ code: false, error: 'LOGIN_CODE_REQUIRED' })
      expect(body.fields).toHaveProperty('code')
    }

    const device = new Client(app.server)
    const sent = await device.call(
      '/v1/send',
      { type: 'email', account: user.email, scene: 'login' },
      { ip: newAddress },
    )
    expect(sent.body.code).toBe(true)
    const code = await codeFromOutbox(app.server, user.email)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect((await login(user.email, PASSWORD, newAddress, { code: wrongCode })).body.error).toBe('CODE_INVALID')
    // a mistyped password keeps the code
    expect((await login(user.email, 'mistyped', newAddress, { code })).body.error).toBe('LOGIN_FAILED')
    const { body } = await login(user.email, PASSWORD, newAddress, { code })
    expect(body).toMatchObject({ code: true, data: { user: { id: user.id } } })
    // used up
    expect((await login(user.email, PASSWORD, otherAddress(), { code })).body.error).toBe('CODE_EXPIRED')
  })

  it('mails the owner once about the failures, in their language', async () => {
    const owner = new Client(app.server)
    const user = await registerUser(owner, freshEmail('alert'), PASSWORD)
    await owner.call('/v1/userinfo', {}, { lang: 'zh-cn' })
    await failSpread(user.email, ALERT_AT - 1)
    const alerts = async () =>
      (await mailsTo(app.server, user.email)).filter((m) => m.subject === '您的 Kinetic 账号多次登录失败')
    expect(await alerts()).toHaveLength(0)

    await failSpread(user.email, ACCOUNT_CAP - (ALERT_AT - 1))
    const sent = await alerts()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toMatch(/过去一小时内，您的 Kinetic 账号有 \d+ 次密码错误的登录尝试/)
  })
})
