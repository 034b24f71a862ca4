#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app when its sources changed, and
// runs the server on embedded defaults (Postgres under DATA_DIR, dev outbox for mail).
import { spawn } from 'node:child_process'
import { ensureInstalled, run, webIsStale } from './lib.mjs'

await ensureInstalled()
if (webIsStale()) await run('npm', ['run', 'build'])

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
