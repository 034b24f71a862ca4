// Web bundle sizes from Vite's manifest (apps/web/dist/.vite/manifest.json): the gzip JS a
// first visit loads (the entry and its static imports), what the wallet pages add on top,
// and whether echarts or wallet-core reached the first route (found by a string only each
// of them contains: echarts' instance attribute, wallet-core's KDF name).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'apps/web/dist')

/** Every chunk reached from `keys` through static imports. */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return seen
}

const gzipKb = (files: Iterable<string>) =>
  Math.round(
    ([...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file))).length, 0) / 1024) * 10,
  ) / 10

const HEAVY = { echarts: '_echarts_instance_', 'wallet-core': 'pbkdf2-sha256' }

export interface WebMeasure {
  firstRouteJsKb: number
  walletJsKb: number
  walletChunks: number
  /** echarts / wallet-core when found in a first-route chunk (DESIGN §10: they must not be). */
  firstRouteHeavy: string[]
}

export function buildWeb(): void {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' })
}

export function measureWeb(): WebMeasure {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  // the app's entry and the app it starts after the first frame (the operator console at
  // /admin/ is an entry of its own, not a first visit's)
  const entry = ['index.html', 'src/app/main.tsx'].filter((key) => manifest[key])
  // the home route's page chunk loads on a first visit too (a placeholder until it is built)
  const home = Object.keys(manifest).filter((key) => /features\/earn\/pages\/HomePage|NotOpenPage/.test(key))
  const firstRoute = staticClosure(manifest, [...entry, ...home])
  const walletPages = Object.keys(manifest).filter((key) => key.includes('features/wallet/'))
  // chunks some other page needs as well are not the wallet's own
  const others = staticClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.src !== undefined && !key.includes('features/wallet/')),
  )
  const wallet = [...staticClosure(manifest, walletPages)].filter((key) => !others.has(key) && !firstRoute.has(key))
  const files = (keys: Iterable<string>) =>
    [...keys].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js'))
  const firstRouteCode = files(firstRoute).map((file) => readFileSync(path.join(DIST, file), 'utf8'))
  return {
    firstRouteHeavy: Object.entries(HEAVY)
      .filter(([, marker]) => firstRouteCode.some((code) => code.includes(marker)))
      .map(([name]) => name),
    firstRouteJsKb: gzipKb(files(firstRoute)),
    walletJsKb: gzipKb(files(wallet)),
    walletChunks: files(wallet).length,
  }
}
