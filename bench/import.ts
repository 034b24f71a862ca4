// The event loop while a large health import is read (DESIGN §13: CPU-heavy parsing of user
// files runs off the event loop): `/healthz` latency, one request after another, while the
// server is idle and while it imports a Kinetic export of BENCH_IMPORT_DAYS (60) days of minutes.
import { strToU8, zipSync } from 'fflate'

const DAYS = Number(process.env.BENCH_IMPORT_DAYS ?? 60)

export interface ImportMeasure {
  rows: number
  zipBytes: number
  importSeconds: number
  idleP50Ms: number
  idleP99Ms: number
  duringRuns: number
  duringP50Ms: number
  duringP99Ms: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const round = (ms: number) => Math.round(ms * 100) / 100

/** An honest export: a minute of steps and of heart rate for each minute of `days` days. */
function anExport(days: number): { zip: Uint8Array; rows: number } {
  const end = Date.now() - (Date.now() % 60_000) - 3_600_000
  const minutes = days * 1440
  const steps: string[] = ['minute,steps']
  const hr: string[] = ['time,bpm']
  for (let i = 0; i < minutes; i++) {
    const at = new Date(end - i * 60_000).toISOString()
    steps.push(`${at},${20 + (i % 97)}`)
    hr.push(`${at},${55 + (i % 70)}`)
  }
  const zip = zipSync({
    'kinetic-export.json': strToU8(JSON.stringify({ format: 'kinetic-health-export', version: 1 })),
    'samples/steps.csv': strToU8(`${steps.join('\r\n')}\r\n`),
    'samples/heart_rate.csv': strToU8(`${hr.join('\r\n')}\r\n`),
  })
  return { zip, rows: minutes * 2 }
}

async function healthz(base: string): Promise<number> {
  const t = performance.now()
  const response = await fetch(`${base}/healthz`)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`)
  return performance.now() - t
}

/** `/healthz` p50/p99 idle, then while `cookie`'s account imports a large export over HTTP. */
export async function measureImport(base: string, cookie: string): Promise<ImportMeasure> {
  const idle: number[] = []
  for (let i = 0; i < 300; i++) idle.push(await healthz(base))
  const { zip, rows } = anExport(DAYS)
  const form = new FormData()
  form.set('method', '/v1/health_import')
  form.set('lang', 'us-en')
  form.set('file', new Blob([zip]), 'export.zip')
  const t0 = performance.now()
  let done = false
  const upload = fetch(`${base}/v1/index`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
    body: form,
  })
    .then(async (response) => (await response.json()) as { code: unknown; error?: string })
    .finally(() => (done = true))
  const during: number[] = []
  while (!done) during.push(await healthz(base))
  const answer = await upload
  const importSeconds = (performance.now() - t0) / 1000
  if (answer.code !== true) throw new Error(`the import failed: ${JSON.stringify(answer)}`)
  idle.sort((a, b) => a - b)
  during.sort((a, b) => a - b)
  return {
    rows,
    zipBytes: zip.length,
    importSeconds: round(importSeconds),
    idleP50Ms: round(percentile(idle, 50)),
    idleP99Ms: round(percentile(idle, 99)),
    duringRuns: during.length,
    duringP50Ms: round(percentile(during, 50)),
    duringP99Ms: round(percentile(during, 99)),
  }
}
