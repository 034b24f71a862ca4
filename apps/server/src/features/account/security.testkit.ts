import { createHmac } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { expect } from 'vitest'
import { Client, codeFromOutbox, registerUser, type TestApp } from '../../../test/harness.ts'

/** The account feature's limits, for the web-security tests. */
export { CODES_PER_IP_HOUR } from './codes.ts'
export { MAX_TOTP_FAILURES } from './second-factor.ts'
export { FREE_FAILURES } from './sign-in-guard.ts'

export const PASSWORD = 'secret123'

/** RFC 6238 code computed here with node:crypto, independently of the server's code. */
export function totpCode(base32: string, offsetSteps = 0): string {
  const key = Buffer.from(OTPAuth.Secret.fromBase32(base32).buffer)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = (mac[19] ?? 0) & 15
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** A six-digit code that is none of the three the server would accept now. */
export function wrongTotp(base32: string): string {
  const valid = new Set([-1, 0, 1].map((d) => totpCode(base32, d)))
  let n = 123456
  while (valid.has(String(n))) n++
  return String(n)
}

/** Users, sign-ins and codes for the account security tests, on one test app. */
export function securityKit(getApp: () => TestApp, label: string) {
  let seq = 0
  const freshEmail = (name: string) => `${label}-${name}-${++seq}@example.com`

  async function signedIn(name = 'user') {
    const client = new Client(getApp().server)
    const user = await registerUser(client, freshEmail(name), PASSWORD)
    return { client, user }
  }

  async function login(account: string, password: string, extra: Record<string, unknown> = {}) {
    const client = new Client(getApp().server)
    const { body } = await client.call('/v1/login', { account, password, ...extra })
    return { client, body }
  }

  async function emailCode(client: Client, email: string, scene: string) {
    const sent = await client.call('/v1/send', { type: 'email', account: email, scene })
    expect(sent.body, `send ${scene}`).toMatchObject({ code: true })
    return codeFromOutbox(getApp().server, email)
  }

  /** Binds an authenticator with the code of the previous step, so later steps stay usable. */
  async function bindGoogle(client: Client) {
    const created = await client.call('/v1/googleauth', { action: 'create' })
    const secret = created.body.data.secret as string
    const bound = await client.call('/v1/googleauth', { action: 'bind', google_code: totpCode(secret, -1) })
    expect(bound.body).toMatchObject({ code: true, data: { bound: true } })
    return { secret, recovery: bound.body.data.recovery_codes as string[] }
  }

  const isLive = async (client: Client) => (await client.call('/v1/userinfo')).body.code === true

  return { freshEmail, signedIn, login, emailCode, bindGoogle, isLive }
}
