import { deviceApi } from '@kinetic/protocol'
import { generate, type Samples } from './generator.ts'
import { localDay } from './zone.ts'

const { DEVICE_SAMPLES_PATH, DEVICE_TOKEN_PATH, SAMPLE_KINDS } = deviceApi
type Counts = deviceApi.UploadResult['accepted']

/** Samples a batch carries at most (well under the API's 100,000 and 4 MiB). */
export const BATCH_SAMPLES = 40_000

export class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; msg?: string; errors?: string[] },
  ) {
    super(`device API answered ${status}: ${body.error ?? ''} ${body.msg ?? ''}`)
  }
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { code: unknown; data?: T; error?: string; msg?: string; errors?: string[] }
  if (!response.ok || json.code !== true) throw new DeviceApiError(response.status, json)
  return json.data as T
}

/** The upload token of a watch bound to an account (POST /device/v1/token). */
export async function deviceToken(baseUrl: string, deviceCode: string, activationCode: string): Promise<string> {
  const data = await post<deviceApi.TokenResult>(`${baseUrl}${DEVICE_TOKEN_PATH}`, {
    device_code: deviceCode,
    active_code: activationCode,
  })
  return data.token
}

/** Splits samples into batches of at most BATCH_SAMPLES, in time order within each kind. */
export function batches(samples: Samples, size = BATCH_SAMPLES): Partial<Samples>[] {
  const out: Partial<Samples>[] = []
  let current: Partial<Samples> = {}
  let n = 0
  for (const kind of SAMPLE_KINDS) {
    const items = samples[kind] as unknown[]
    for (let i = 0; i < items.length;) {
      const take = Math.min(size - n, items.length - i)
      ;(current as Record<string, unknown[]>)[kind] = items.slice(i, i + take)
      i += take
      n += take
      if (n >= size) {
        out.push(current)
        current = {}
        n = 0
      }
    }
  }
  if (n > 0) out.push(current)
  return out
}

/** Uploads samples in batches; the counts add up what the server accepted and found duplicate. */
export async function upload(baseUrl: string, token: string, samples: Samples) {
  const zero = () => Object.fromEntries(SAMPLE_KINDS.map((k) => [k, 0])) as Counts
  const total = { accepted: zero(), duplicate: zero(), batches: 0 }
  for (const batch of batches(samples)) {
    const result = await post<deviceApi.UploadResult>(
      `${baseUrl}${DEVICE_SAMPLES_PATH}`,
      { sent_at: Math.floor(Date.now() / 1000), ...batch },
      token,
    )
    for (const k of SAMPLE_KINDS) {
      total.accepted[k] += result.accepted[k]
      total.duplicate[k] += result.duplicate[k]
    }
    total.batches++
  }
  return total
}

export interface SimulateOptions {
  baseUrl: string
  deviceCode: string
  activationCode: string
  days: number
  seed?: number
  /** Last local day, YYYY-MM-DD (default: today in `timeZone`). */
  end?: string
  /** The wearer's time zone: it shapes the daily rhythm (default Asia/Shanghai, the app's default). */
  timeZone?: string
  hrIntervalS?: number
  now?: number
}

/** Back-fills `days` of a simulated watch; returns the samples sent so a test can compute what to expect. */
export async function simulateDays(options: SimulateOptions) {
  const timeZone = options.timeZone ?? 'Asia/Shanghai'
  const now = options.now ?? Math.floor(Date.now() / 1000)
  const samples = generate({
    days: options.days,
    end: options.end ?? localDay(now, timeZone),
    timeZone,
    seed: options.seed ?? 1,
    now,
    ...(options.hrIntervalS ? { hrIntervalS: options.hrIntervalS } : {}),
  })
  const token = await deviceToken(options.baseUrl, options.deviceCode, options.activationCode)
  const result = await upload(options.baseUrl, token, samples)
  return { token, samples, ...result }
}

/**
 * Live: every `intervalS` sends what the simulated watch recorded since the last send (today's
 * samples up to now), until `signal` aborts.
 */
export async function live(
  options: Omit<SimulateOptions, 'days' | 'end' | 'now'> & { intervalS?: number; signal?: AbortSignal },
  onSend: (sent: number) => void = () => undefined,
): Promise<void> {
  const timeZone = options.timeZone ?? 'Asia/Shanghai'
  const token = await deviceToken(options.baseUrl, options.deviceCode, options.activationCode)
  let since = Math.floor(Date.now() / 1000) - 15 * 60
  while (!options.signal?.aborted) {
    const now = Math.floor(Date.now() / 1000)
    const all = generate({ days: 1, end: localDay(now, timeZone), timeZone, seed: options.seed ?? 1, now })
    const fresh: Samples = {
      heart_rate: all.heart_rate.filter((x) => x.t >= since),
      steps: all.steps.filter((x) => x.t >= since - 60),
      sleep: all.sleep.filter((x) => x.end >= since),
      blood_pressure: all.blood_pressure.filter((x) => x.t >= since),
      spo2: all.spo2.filter((x) => x.t >= since),
      workouts: all.workouts.filter((x) => x.end >= since),
    }
    const { accepted } = await upload(options.baseUrl, token, fresh)
    onSend(SAMPLE_KINDS.reduce((s, k) => s + accepted[k], 0))
    since = now - 60
    await new Promise((resolve) => setTimeout(resolve, (options.intervalS ?? 60) * 1000))
  }
}
