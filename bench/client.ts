// An HTTP client posting as the web app does (form body, X-Requested-With, cookies kept),
// used by the bench's fixtures and simulated users. Each client may carry its own
// X-Forwarded-For address (the server under test trusts the proxy header), so 500 simulated
// people are 500 addresses to the per-IP limits, as they would be in the field.
import qs from 'qs'
import { ADMIN_PATH, deviceApi, INDEX_PATH, LOGIN_PATH } from '@kinetic/protocol'

export class BenchError extends Error {
  constructor(
    readonly operation: string,
    readonly answer: string,
  ) {
    super(`${operation}: ${answer}`)
  }
}

export class Client {
  readonly cookies = new Map<string, string>()

  constructor(
    readonly base: string,
    readonly ip?: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  /** Posts one operation; answers its `data`, or throws BenchError for anything but `code: true`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the fields it needs
  async call(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const path = method.startsWith('/admin/') ? ADMIN_PATH : method === '/v1/login' ? LOGIN_PATH : INDEX_PATH
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
      },
      body: qs.stringify({ method, lang: 'us-en', ...params }, { arrayFormat: 'indices' }),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1)
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(pair.slice(0, at))
      else this.cookies.set(pair.slice(0, at), value)
    }
    const text = await response.text()
    let json: { code?: unknown; data?: unknown } = {}
    try {
      json = JSON.parse(text) as typeof json
    } catch {
      // not JSON: reported below with the status
    }
    if (!response.ok || json.code !== true) throw new BenchError(method, `${response.status} ${text.slice(0, 300)}`)
    return json.data
  }
}

/** A watch posting to the device API (with its token, from its owner's address). */
export async function devicePost(
  base: string,
  path: typeof deviceApi.DEVICE_TOKEN_PATH | typeof deviceApi.DEVICE_SAMPLES_PATH,
  body: unknown,
  { token, ip }: { token?: string; ip?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the fields it needs
): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  const json = JSON.parse(text) as { code?: unknown; data?: unknown }
  if (!response.ok || json.code !== true) throw new BenchError(path, `${response.status} ${text.slice(0, 300)}`)
  return json.data
}

/** Latencies in ms, sorted on read. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10
}
