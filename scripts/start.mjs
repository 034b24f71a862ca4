#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app when its sources changed, and
// runs the server from its sources in development mode (DEV_MODE=1: Postgres under DATA_DIR,
// the embedded dev chain, the dev outbox for mail, demo data). A deployment runs the build
// instead: docs/OPERATIONS.md.
import { spawn } from 'node:child_process'
import { ensureInstalled, run, webIsStale } from './lib.mjs'

await ensureInstalled()
if (webIsStale()) await run('npm', ['run', 'build'])

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DEV_MODE: '1' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
