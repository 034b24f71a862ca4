import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
const PASSWORD = 'secret123'

/** A registered account, signed in on a device of its own (which the test then ignores). */
async function anAccount(label: string) {
  return registerUser(new Client(app.server), `${label}-${++seq}@example.com`, PASSWORD)
}

/** One device on which `first` and then `second` signed in. */
async function deviceWithTwoAccounts() {
  const [first, second] = [await anAccount('first'), await anAccount('second')]
  const device = new Client(app.server)
  for (const user of [first, second]) {
    expect((await device.call('/v1/login', { account: user.email, password: PASSWORD })).body.code).toBe(true)
  }
  return { device, first, second }
}

const actingId = async (client: Client) => {
  const { body } = await client.call('/v1/userinfo')
  return body.code === true ? (body.data.id as number) : body.code
}

/** A device holding exactly the given cookies. */
function deviceWithCookies(cookies: Record<string, string>) {
  const client = new Client(app.server)
  for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value)
  return client
}

describe('several accounts on one device', () => {
  it('lists the accounts signed in on the device, newest first, masked', async () => {
    const { device, first, second } = await deviceWithTwoAccounts()
    const { body } = await device.call('/v1/accounts')
    expect(body.code).toBe(true)
    expect(body.data.list).toEqual([
      expect.objectContaining({ id: second.id, account: `${second.email.slice(0, 2)}***@example.com` }),
      expect.objectContaining({ id: first.id, account: `${first.email.slice(0, 2)}***@example.com` }),
    ])
  })

  it('acts as the newest account when the request names none', async () => {
    const { device, second } = await deviceWithTwoAccounts()
    expect(await actingId(device)).toBe(second.id)
  })

  it('switches to another signed-in account with X-Account, without a password', async () => {
    const { device, first, second } = await deviceWithTwoAccounts()
    device.account = first.id
    expect(await actingId(device)).toBe(first.id)
    device.account = second.id
    expect(await actingId(device)).toBe(second.id)
  })

  it('answers 401 when X-Account names an account not signed in on this device', async () => {
    const { device } = await deviceWithTwoAccounts()
    const stranger = await anAccount('stranger')
    device.account = stranger.id
    const { status, body } = await device.call('/v1/userinfo')
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 401 })
    expect(body.msg).toContain('Token')
  })

  it('signs out only the acting account', async () => {
    const { device, first, second } = await deviceWithTwoAccounts()
    device.account = first.id
    const { body, response } = await device.call('/v1/logout')
    expect(body).toMatchObject({ code: true, data: { ok: true } })
    const cleared = (response.cookies as { name: string; value: string }[]).find((c) => c.name === `ks_${first.id}`)
    expect(cleared?.value).toBe('')
    expect([...device.cookies.keys()]).toEqual([`ks_${second.id}`])

    expect(await actingId(device)).toBe(401)
    device.account = undefined
    expect(await actingId(device)).toBe(second.id)
    expect((await device.call('/v1/accounts')).body.data.list).toEqual([expect.objectContaining({ id: second.id })])
  })
})

describe('session cookies', () => {
  it("refuses a token moved under another account's cookie name", async () => {
    const { device, first, second } = await deviceWithTwoAccounts()
    const secondToken = device.cookies.get(`ks_${second.id}`) ?? ''
    const forged = deviceWithCookies({ [`ks_${first.id}`]: secondToken })
    expect(await actingId(forged)).toBe(401)
    forged.account = first.id
    expect(await actingId(forged)).toBe(401)
    expect((await forged.call('/v1/accounts')).body.data.list).toEqual([])
  })

  it('replaces the previous token when the same account signs in again on the same device', async () => {
    const user = await anAccount('again')
    const device = new Client(app.server)
    await device.call('/v1/login', { account: user.email, password: PASSWORD })
    const oldToken = device.cookies.get(`ks_${user.id}`) ?? ''
    expect(oldToken).not.toBe('')

    await device.call('/v1/login', { account: user.email, password: PASSWORD })
    const newToken = device.cookies.get(`ks_${user.id}`)
    expect(newToken).not.toBe(oldToken)
    expect(await actingId(device)).toBe(user.id)
    expect(await actingId(deviceWithCookies({ [`ks_${user.id}`]: oldToken }))).toBe(401)
    // the registering device keeps its own session; this device has exactly one live one
    expect(await rowCount(app, 'sessions', 'user_id = $1 AND revoked_at IS NULL', [user.id])).toBe(2)
  })
})
