// Servers under measurement, each run in its own process by run.ts:
//   tsx bench/targets.ts app   — the real app on an embedded Postgres in a temp dir and a dev chain
//   tsx bench/targets.ts bare  — a bare Fastify route parsing the same form body
// Each prints `listening <port>` once ready and stops on SIGTERM.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import qs from 'qs'
import { buildApp } from '../apps/server/src/app.ts'
import { startDevChain } from '../apps/server/src/chain/devchain.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { connect } from '../apps/server/src/platform/db/client.ts'
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from '../apps/server/src/platform/db/migrate.ts'

async function app() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-bench-'))
  chmodSync(dir, 0o755)
  const [pg, chain] = await Promise.all([startEmbeddedPostgres(path.join(dir, 'pg')), startDevChain()])
  const url = pg.url.replace(/\/postgres$/, '/kinetic')
  await ensureDatabase(url)
  await runMigrations(url)
  const database = connect(url)
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    MAIL_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MIN: '100000000',
    CHAIN_RPC_URL: chain.url,
    CHAIN_ID: String(chain.chainId),
    DATABASE_URL: url,
  })
  const { server, services } = await buildApp(config, database.db)
  await services.content.seed()
  await server.listen({ port: 0, host: '127.0.0.1' })
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: async () => {
      await server.close()
      await database.close()
      await pg.stop()
      await chain.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function bare() {
  const server = Fastify({ logger: false })
  await server.register(formbody, { parser: (body) => qs.parse(body) })
  server.post('/bare', async () => ({ code: true, msg: 'success', data: { app_version: '1.0.0' } }))
  await server.listen({ port: 0, host: '127.0.0.1' })
  return { port: (server.server.address() as AddressInfo).port, stop: () => server.close() }
}

const kind = process.argv[2]
const start = kind === 'app' ? app : kind === 'bare' ? bare : undefined
if (!start) throw new Error('usage: targets.ts app|bare')
const { port, stop } = await start()
console.log(`listening ${port}`)
process.on('SIGTERM', () => void stop().then(() => process.exit(0)))
