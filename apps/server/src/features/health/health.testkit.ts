/** Test builders for health and devices (used by *.test.ts only). */
import { deviceApi } from '@kinetic/protocol'
import { expect } from 'vitest'
import { Client, registerUser, type AppHandle, type TestApp } from '../../../test/harness.ts'
import { demoCodes, seedDemoDevices } from '../device/device.testkit.ts'

let seq = 0

/** A signed-in account in `timeZone` (default: `testZone()`, as every test account). */
export async function aUser(app: AppHandle, timeZone?: string): Promise<Client & { id: number }> {
  const client = new Client(app.server)
  const zone: Record<string, string> = timeZone ? { time_zone: timeZone } : {}
  const user = await registerUser(client, `health-${++seq}-${Date.now()}@example.com`, 'secret123', zone)
  return Object.assign(client, { id: user.id })
}

export async function seedCodes(app: AppHandle) {
  await seedDemoDevices(app.database.db)
  return demoCodes()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against their contract by the app
export async function ok<T = any>(client: Client, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const { body } = await client.call(method, params)
  expect(body, method).toMatchObject({ code: true })
  return body.data as T
}

export async function refused(client: Client, method: string, params: Record<string, unknown> = {}) {
  const { body } = await client.call(method, params)
  expect(body.code, `${method} ${JSON.stringify(body)}`).toBe(false)
  return body as { code: false; error: string; msg: string; fields?: Record<string, string> }
}

/** POSTs JSON to the device API. */
export async function deviceCall(app: AppHandle, path: string, body: unknown, token?: string) {
  const response = await app.server.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes asserted by each test
  return { status: response.statusCode, body: response.json() as any }
}

/** Binds a demo code to the client and returns the watch's upload token. */
export async function aBoundWatch(app: AppHandle, client: Client, index: number) {
  const code = (await seedCodes(app))[index]!
  const device = await ok(client, '/v1/binding', { device_code: code.deviceCode, active_code: code.activeCode })
  const { body } = await deviceCall(app, deviceApi.DEVICE_TOKEN_PATH, {
    device_code: code.deviceCode,
    active_code: code.activeCode,
  })
  expect(body.code).toBe(true)
  return { device, token: body.data.token as string, code }
}

export const nowS = () => Math.floor(Date.now() / 1000)

/**
 * A zone where it is about noon now: the last hours of uploads fall on one local day, and
 * `now − n days` is about noon of the local day n days ago.
 */
export function noonZone(): string {
  const offset = 12 - new Date().getUTCHours()
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

export async function upload(app: AppHandle, token: string, batch: Record<string, unknown>) {
  return deviceCall(app, deviceApi.DEVICE_SAMPLES_PATH, { sent_at: nowS(), ...batch }, token)
}

/**
 * Makes and drops the raw samples' day partitions around `now`, as the daily job
 * `health.partitions` does: what it created and dropped.
 */
export const maintainPartitions = (app: Pick<TestApp, 'features'>, now?: Date) => app.features.health.raw.maintain(now)
