#!/usr/bin/env node
// `npm run build` (after the web app): compiles the server to JavaScript in apps/server/dist
// with esbuild (docs/adr/2026-11-24-server-build.md). The workspace packages it imports
// (@kinetic/*) and the contract artifacts (JSON imports) are bundled in; every npm package
// stays an import, resolved at run time from the production dependency tree. The dev-only
// modules main.ts imports dynamically (Hardhat dev chain, embedded Postgres, demo data)
// become chunks of their own, loaded only under DEV_MODE=1.
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { build } from 'esbuild'

const SERVER = path.resolve(import.meta.dirname, '../apps/server')
const OUT = path.join(SERVER, 'dist')

/**
 * Bare imports other than the workspace's own packages are left to Node; a package's own
 * subpath imports (`#messages` in @kinetic/protocol) are bundled with it.
 */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@kinetic/') ? undefined : { external: true }))
  },
}

const started = performance.now()
rmSync(OUT, { recursive: true, force: true })
await build({
  absWorkingDir: SERVER,
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/features/admin/create-operator.ts',
    'ledger-check': 'src/features/earn/ledger-check.ts',
    // the health import's worker thread (import-runner.ts finds it next to main.js)
    'import-worker': 'src/features/health/import-worker.ts',
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  conditions: ['node'],
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
})

const bytes = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sum + bytes(file)
    return entry.name.endsWith('.map') ? sum : sum + statSync(file).size
  }, 0)
const ms = Math.round(performance.now() - started)
console.log(`server built in ${ms} ms: apps/server/dist, ${(bytes(OUT) / 1024).toFixed(0)} KB of JavaScript`)
