import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ADMIN_PATH, CATALOG, INDEX_PATH, LOGIN_PATH } from '@kinetic/protocol'
import qs from 'qs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../../test/fingerprint.ts'
import { Client, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'
import { upload } from '../../../test/multipart.ts'
import { createOperatorOn, operatorClient } from '../../features/admin/admin.testkit.ts'
import {
  CODES_PER_IP_HOUR,
  FREE_FAILURES,
  MAX_TOTP_FAILURES,
  PASSWORD,
  securityKit,
  totpCode,
  wrongTotp,
} from '../../features/account/security.testkit.ts'
import { BODY_LIMIT } from '../http/hardening.ts'

/**
 * Web security checks that no feature test owns: CSRF on every operation, session
 * fixation and revocation, the resets of the rate limits, bodies too large or too deep, and
 * the security headers of the API, the served files and the web app's HTML.
 */

let app: TestApp
let webDist: string
beforeAll(async () => {
  // a stand-in for the built web app, so the static pages' headers can be read
  webDist = mkdtempSync(path.join(tmpdir(), 'kinetic-web-'))
  mkdirSync(path.join(webDist, 'admin'))
  for (const page of ['index.html', 'admin/index.html'])
    writeFileSync(path.join(webDist, page), '<!doctype html><script type="module" src="/a.js"></script>')
  // as behind a TLS-terminating proxy: X-Forwarded-Proto and -For are believed
  app = await startTestApp({ WEB_DIST: webDist, TRUST_PROXY: '1', CODES_PER_IP_HOUR: String(CODES_PER_IP_HOUR) })
})
afterAll(async () => {
  await app.close()
  rmSync(webDist, { recursive: true, force: true })
})

const { bindGoogle } = securityKit(() => app, 'websec')
let seq = 0
async function signedIn(label = 'websec') {
  const client = new Client(app.server)
  const user = await registerUser(client, `${label}-${++seq}@example.com`, PASSWORD)
  return { client, user }
}
const FORM = 'application/x-www-form-urlencoded'
let ip = 0
const nextIp = () => `10.9.${(++ip >> 8) & 255}.${ip & 255}`

describe('CSRF', () => {
  it('refuses every operation on every path from another site, signed in, changing nothing', async () => {
    const { client } = await signedIn('csrf')
    const { client: operator } = await operatorClient(app)
    // a signed-in operator and a signed-in user on one browser
    for (const [name, value] of operator.cookies) client.cookies.set(name, value)
    const before = await fingerprint(app)
    const attacks = [
      { name: 'a cross-site form (no X-Requested-With)', headers: { 'x-requested-with': undefined } },
      { name: 'a cross-site fetch', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    ]
    let refused = 0
    for (const def of CATALOG) {
      for (const attack of attacks) {
        const body = qs.stringify({ method: def.name, lang: 'zh-cn' })
        const response = await client.post(def.path, body, {
          'content-type': 'application/x-www-form-urlencoded',
          ...attack.headers,
        })
        expect(response.statusCode, `${def.name} ${attack.name}`).toBe(403)
        expect(response.json(), def.name).toMatchObject({ code: false, error: 'CSRF_REJECTED' })
        refused += 1
      }
    }
    expect(refused).toBe(CATALOG.length * attacks.length)
    expect(await fingerprint(app)).toEqual(before)
    expect((await client.call('/v1/userinfo')).body.code).toBe(true)
  })

  it('guards every POST route, except those that take no cookie', () => {
    const posts = app.server
      .printRoutes({ method: 'POST', commonPrefix: false })
      .split('\n')
      .map((line) => /([/\w:*-]+) \(POST\)/.exec(line)?.[1])
      .filter((route): route is string => route !== undefined)
      .sort()
    // the CSRF hook guards /v1/*; the others authenticate with no cookie
    const NO_COOKIE: Record<string, string> = {
      '/device/v1/samples': 'the watch API: a Bearer device token, never a cookie',
      '/device/v1/token': 'the watch API: the device and activation codes in the body',
      '/dev/faucet': 'DEV_MODE=1 only (never registered without it); funds an address, no session',
      '/dev/price': 'DEV_MODE=1 only, beside the faucet; moves a dev chain price feed, no session',
    }
    expect(posts.filter((route) => !route.startsWith('/v1/') && !(route in NO_COOKIE))).toEqual([])
    expect(posts).toEqual(expect.arrayContaining([INDEX_PATH, LOGIN_PATH, ADMIN_PATH]))
  })

  it('grants no cross-origin request: a preflight gets no Access-Control-Allow-* header', async () => {
    const response = await app.server.inject({
      method: 'OPTIONS',
      url: INDEX_PATH,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-requested-with',
      },
    })
    expect(Object.keys(response.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
  })
})

describe('sessions', () => {
  const tokenHashes = async (userId: number) =>
    (await app.database.pool.query<{ h: string }>('SELECT token_hash AS h FROM sessions WHERE user_id = $1', [userId]))
      .rows

  it('never adopts a token planted before sign-in (no fixation)', async () => {
    const { user } = await signedIn('fixation')
    const planted = 'A'.repeat(43)
    const victim = new Client(app.server)
    victim.cookies.set(`ks_${user.id}`, planted)
    expect((await victim.call('/v1/userinfo')).body.code).toBe(401)

    expect((await victim.call('/v1/login', { account: user.email, password: PASSWORD })).body.code).toBe(true)
    const issued = victim.cookies.get(`ks_${user.id}`)
    expect(issued).toBeDefined()
    expect(issued).not.toBe(planted)
    // the attacker's copy still opens nothing
    const attacker = new Client(app.server)
    attacker.cookies.set(`ks_${user.id}`, planted)
    expect((await attacker.call('/v1/userinfo')).body.code).toBe(401)
    expect((await tokenHashes(user.id)).map((r) => r.h)).not.toContain(planted)
  })

  it('never adopts a console token planted before an operator signs in', async () => {
    const email = `ops-fixation-${++seq}@example.com`
    const password = 'operator-password-1'
    await createOperatorOn(app, email, password)
    const planted = 'B'.repeat(43)
    const operator = new Client(app.server)
    operator.cookies.set('kop', planted)
    expect((await operator.call('/admin/login', { email, password }, { path: ADMIN_PATH })).body.code).toBe(true)
    expect(operator.cookies.get('kop')).not.toBe(planted)
    expect((await operator.call('/admin/me', {}, { path: ADMIN_PATH })).body.code).toBe(true)
    const attacker = new Client(app.server)
    attacker.cookies.set('kop', planted)
    expect((await attacker.call('/admin/me', {}, { path: ADMIN_PATH })).body.code).toBe(401)
  })

  it('marks the session cookie Secure when the sign-in came over TLS, and only then', async () => {
    const { user } = await signedIn('secure')
    const cookieOf = async (headers: Record<string, string>) => {
      const body = qs.stringify({ method: '/v1/login', lang: 'us-en', account: user.email, password: PASSWORD })
      const response = await new Client(app.server).post(LOGIN_PATH, body, { 'content-type': FORM, ...headers })
      return (response.cookies as { name: string; secure?: boolean; httpOnly?: boolean; sameSite?: string }[]).find(
        (c) => c.name === `ks_${user.id}`,
      )
    }
    expect(await cookieOf({ 'x-forwarded-proto': 'https' })).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    })
    expect((await cookieOf({})) ?? {}).not.toHaveProperty('secure', true)
  })

  it('signing out revokes the token on the server, not only the cookie', async () => {
    const { client } = await signedIn('logout')
    const stolen = new Client(app.server)
    for (const [name, value] of client.cookies) stolen.cookies.set(name, value)
    expect((await stolen.call('/v1/userinfo')).body.code).toBe(true)
    await client.call('/v1/logout')
    expect((await stolen.call('/v1/userinfo')).body.code).toBe(401)
  })
})

describe('rate limits: localized, and lifted once their window has passed', () => {
  /** Moves rows of `table` matching `where` back in time, as if that much time had passed. */
  const age = (table: string, where: string, values: unknown[], minutes: number) =>
    app.database.pool.query(
      `UPDATE ${table} SET created_at = created_at - make_interval(mins => ${minutes}) WHERE ${where}`,
      values,
    )

  it(`sign-in: ${FREE_FAILURES} failures make the address wait, said in its language; the wait ends`, async () => {
    const { user } = await signedIn('lock')
    const device = new Client(app.server)
    await device.call('/v1/login', { account: user.email, password: 'wrong-one' })
    // the rest of the failures, as rows (each real one costs an argon2id verification)
    await app.database.pool.query(
      `INSERT INTO login_attempts (account_key, ip, ok) SELECT $1, '127.0.0.1', false FROM generate_series(2, $2)`,
      [user.email, FREE_FAILURES],
    )
    const held = await device.call('/v1/login', { account: user.email, password: PASSWORD }, { lang: 'zh-hk' })
    expect(held.body).toMatchObject({ code: false, error: 'LOGIN_DELAYED' })
    expect(held.body.msg).toMatch(/^密碼錯誤次數過多，請在\d+秒後再試$/)

    await age('login_attempts', 'account_key = $1', [user.email], 61)
    expect((await device.call('/v1/login', { account: user.email, password: PASSWORD })).body.code).toBe(true)
  })

  it('sign-in: 60 requests a minute per address, then 429 with Retry-After; another address is unaffected', async () => {
    const from = nextIp()
    const attempt = (address: string, lang = 'us-en') =>
      new Client(app.server).post(LOGIN_PATH, qs.stringify({ method: '/v1/login', lang }), {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
      })
    for (let i = 0; i < 60; i++) expect((await attempt(from)).statusCode).toBe(200)
    const limited = await attempt(from, 'zh-cn')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: false, error: 'RATE_LIMITED', msg: '请求过于频繁，请稍后再试' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect((await attempt(nextIp())).statusCode).toBe(200)
  })

  it.each([
    ['us-en', 'body', 'Too many requests, please try again later'],
    ['zh-hk', 'body', '請求過於頻繁，請稍後再試'],
    ['zh-cn', 'body', '请求过于频繁，请稍后再试'],
    ['us-en', 'query', 'Too many requests, please try again later'],
  ])('answers 429 in the request’s language (%s, in the %s)', async (lang, where, msg) => {
    const from = nextIp()
    const body = where === 'body' ? { method: '/v1/login', lang } : { method: '/v1/login' }
    const attempt = () =>
      new Client(app.server).post(`${LOGIN_PATH}${where === 'query' ? `?lang=${lang}` : ''}`, qs.stringify(body), {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': from,
      })
    for (let i = 0; i < 60; i++) expect((await attempt()).statusCode).toBe(200)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: false, error: 'RATE_LIMITED', msg })
  })

  it(`code sending: ${CODES_PER_IP_HOUR} an hour per address, then refused until they are an hour old`, async () => {
    const from = nextIp()
    const send = (lang = 'us-en') =>
      new Client(app.server).post(
        INDEX_PATH,
        qs.stringify({
          method: '/v1/send',
          lang,
          type: 'email',
          account: `ip-${++seq}@example.com`,
          scene: 'register',
        }),
        { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      )
    for (let i = 0; i < CODES_PER_IP_HOUR; i++) expect((await send()).json()).toMatchObject({ code: true })
    expect((await send('zh-hk')).json()).toMatchObject({
      code: false,
      error: 'RATE_LIMITED',
      msg: '請求過於頻繁，請稍後再試',
    })
    await age('verification_codes', 'ip = $1', [from], 61)
    expect((await send()).json()).toMatchObject({ code: true })
  })

  it('code sending: one code a minute per address and scene, asked again after it', async () => {
    const account = `again-${++seq}@example.com`
    const client = new Client(app.server)
    const send = (lang = 'us-en') => client.call('/v1/send', { type: 'email', account, scene: 'register' }, { lang })
    expect((await send()).body.code).toBe(true)
    expect((await send('zh-cn')).body).toMatchObject({ code: false, error: 'CODE_COOLDOWN' })
    expect((await send('zh-cn')).body.msg).toMatch(/^请在\d+秒后再获取验证码$/)
    await age('verification_codes', 'target = $1', [account], 1)
    expect((await send()).body.code).toBe(true)
  })

  it(`Google codes: ${MAX_TOTP_FAILURES} wrong ones in 15 minutes lock every check until they are older`, async () => {
    const { client, user } = await signedIn('totp')
    const { secret } = await bindGoogle(client)
    const login = (google_code: string, lang = 'us-en') =>
      new Client(app.server).call('/v1/login', { account: user.email, password: PASSWORD, google_code }, { lang })
    for (let i = 0; i < MAX_TOTP_FAILURES; i++) {
      expect((await login(wrongTotp(secret))).body).toMatchObject({ error: 'GOOGLE_CODE_INVALID' })
    }
    expect((await login(totpCode(secret), 'zh-cn')).body).toMatchObject({
      code: false,
      error: 'TOO_MANY_ATTEMPTS',
      msg: '失败次数过多，请稍后再试',
    })
    await age('login_attempts', 'account_key = $1', [`totp:${user.id}`], 16)
    expect((await login(totpCode(secret, 1))).body.code).toBe(true)
  })
})

describe('bodies', () => {
  const post = (url: string, payload: string, contentType: string, lang = 'en-US') =>
    app.server.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang },
      payload,
    })

  it.each([INDEX_PATH, LOGIN_PATH, ADMIN_PATH])(
    'refuses JSON over the limit on %s with 413, localized',
    async (url) => {
      const payload = JSON.stringify({ method: '/v1/version', lang: 'zh-cn', pad: 'x'.repeat(BODY_LIMIT) })
      const response = await post(url, payload, 'application/json', 'zh-CN')
      expect(response.statusCode).toBe(413)
      expect(response.json()).toMatchObject({ code: false, error: 'BODY_TOO_LARGE' })
      expect(response.json().msg).toMatch(/[\u4e00-\u9fff]/)
    },
  )

  it('cuts form-encoded nesting at depth 5: the field is refused, nothing breaks', async () => {
    for (const depth of [6, 2_000]) {
      const key = `type${'[a]'.repeat(depth)}`
      const response = await post(INDEX_PATH, `method=/v1/articleinfo&lang=us-en&${key}=privacy`, FORM)
      expect(response.statusCode, `depth ${depth}`).toBe(200)
      expect(response.json()).toMatchObject({
        code: false,
        error: 'FIELD_INVALID',
        fields: { type: expect.any(String) },
      })
    }
  })

  it('reads at most 500 form params and 100 array items, answering normally', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `p${i}=1`).join('&')
    const wide = await post(INDEX_PATH, `method=/v1/version&lang=us-en&${many}`, FORM)
    expect(wide.statusCode).toBe(200)
    expect(wide.json()).toMatchObject({ code: true })
    const sparse = await post(INDEX_PATH, 'method=/v1/articleinfo&lang=us-en&type[99999999]=privacy', FORM)
    expect(sparse.statusCode).toBe(200)
    expect(sparse.json()).toMatchObject({ code: false, error: 'FIELD_INVALID' })
  })
})

describe('headers', () => {
  const HSTS = 'max-age=31536000; includeSubDomains'
  const call = (headers: Record<string, string> = {}) =>
    app.server.inject({
      method: 'POST',
      url: INDEX_PATH,
      headers: { 'content-type': FORM, 'x-requested-with': 'XMLHttpRequest', ...headers },
      payload: 'method=/v1/version&lang=us-en',
    })

  it('API answers: JSON, never sniffed, never cached, never granted to another origin', async () => {
    const response = await call()
    expect(response.headers).toMatchObject({
      'content-type': expect.stringMatching(/^application\/json/),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('HSTS only when the request came over TLS (X-Forwarded-Proto behind TRUST_PROXY)', async () => {
    expect((await call()).headers['strict-transport-security']).toBeUndefined()
    expect((await call({ 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS)
    const page = await app.server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers['strict-transport-security']).toBe(HSTS)
  })

  it.each(['/', '/admin/'])('the web app page %s: CSP without inline script, no framing, no referrer', async (url) => {
    const page = await app.server.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    const csp = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    )
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['script-src-attr']).toEqual(["'none'"])
    expect(csp['default-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'self'"])
    expect(csp['base-uri']).toEqual(["'self'"])
    expect(page.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    })
  })

  it('served files: the stored image type, never sniffed, inline, sandboxed; appended script is gone', async () => {
    const { client } = await signedIn('files')
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer()
    const polyglot = Buffer.concat([image, Buffer.from('<html><script>alert(document.cookie)</script></html>')])
    const { body } = await upload(client, '/v1/file', { name: 'x.html', type: 'text/html', bytes: polyglot })
    expect(body).toMatchObject({ code: true, data: { mime: 'image/webp' } })
    const served = await app.server.inject({
      method: 'GET',
      url: body.data.url as string,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    })
    expect(served.rawPayload.includes('<script')).toBe(false)
  })
})
