import path from 'node:path'
import { buildApp } from './app.ts'
import { assertChainId } from './chain/client.ts'
import type { DevChain } from './chain/devchain.ts'
import { createIndexer } from './chain/indexer.ts'
import type { AdminService } from './features/admin/index.ts'
import { loadDemoDevices } from './features/device/index.ts'
import { loadDemoData } from './features/health/index.ts'
import { trackedAddresses, transfersReceived } from './features/wallet/index.ts'
import { ConfigError, loadConfig } from './platform/config.ts'
import { connect } from './platform/db/client.ts'
import type { EmbeddedDb } from './platform/db/embedded.ts'
import { devOnly } from './platform/dev-only.ts'
import { ensureDatabase, runMigrations } from './platform/db/migrate.ts'
import { installTestClock } from './platform/test-clock.ts'

/**
 * Starts the server: migrations, seed, the chain indexer, listen. Only under DEV_MODE=1 (the
 * config refuses anything else): the embedded Postgres when DATABASE_URL is unset and the
 * embedded dev chain when CHAIN_RPC_URL is unset (both at once), and the demo data — modules
 * imported here and only then, from the development dependencies.
 */
async function main(): Promise<void> {
  installTestClock() // TEST_NOW, under NODE_ENV=test only
  let config = loadConfig()
  const started = await Promise.allSettled([
    config.databaseUrl
      ? undefined
      : devOnly('the embedded Postgres', () => import('./platform/db/embedded.ts')).then((m) =>
          m.startEmbeddedPostgres(path.join(config.dataDir, 'pg')),
        ),
    config.chain.rpcUrl
      ? undefined
      : devOnly('the embedded dev chain', () => import('./chain/devchain.ts')).then((m) =>
          m.startDevChain({ log: (line) => console.error(`[dev chain] ${line}`) }),
        ),
  ])
  const [pgStart, chainStart] = started
  const embedded: EmbeddedDb | undefined = pgStart.status === 'fulfilled' ? pgStart.value : undefined
  const devChain: DevChain | undefined = chainStart.status === 'fulfilled' ? chainStart.value : undefined
  for (const outcome of started) {
    if (outcome.status === 'fulfilled') continue
    await Promise.allSettled([embedded?.stop(), devChain?.stop()])
    throw outcome.reason
  }
  const url = config.databaseUrl ?? embedded?.url.replace(/\/postgres$/, '/kinetic')
  const rpcUrl = config.chain.rpcUrl ?? devChain?.url
  if (!url || !rpcUrl) throw new Error('no database or no chain')
  config = { ...config, databaseUrl: url, chain: { ...config.chain, rpcUrl } }
  // a fresh embedded cluster or a developer's own Postgres gets its database; a deployment's
  // database is the operator's to create (docs/OPERATIONS.md)
  if (config.devMode) await ensureDatabase(url)
  await runMigrations(url)
  const database = connect(url, undefined, config.databaseReadUrl)
  const { server, features, chain, runner } = await buildApp(config, database.db)
  await assertChainId(chain)
  await features.content.content.seed()
  // demo watch codes (README), public: development mode only
  if (config.devMode) {
    const { seedDemoDevices } = await devOnly('the demo devices', loadDemoDevices)
    await seedDemoDevices(database.db)
  }
  await features.support.support.seed()
  await createOperatorFromEnv(features.admin.admin, server.log)
  if (devChain) server.log.info({ url: devChain.url, contracts: devChain.contracts }, 'dev chain started (fresh state)')

  // wallets and the treasury: KNT sent to it is a deposit, credited in the indexer's own transaction
  const deposits = features.earn.deposits.indexerHooks(() => trackedAddresses(database.db))
  // a transfer into a user's wallet is a message (and a push), written in the same transaction
  const received = transfersReceived({ tokens: config.chain.tokens, push: features.content.push })
  const indexer = createIndexer({
    db: database.db,
    databaseUrl: url,
    chain: { ...config.chain, rpcUrl },
    ...deposits,
    onConfirmed: async (tx, transfers) => {
      await deposits.onConfirmed(tx, transfers)
      await received(tx, transfers)
    },
    log: server.log.child({ module: 'indexer' }),
  })
  runner.add(indexer.service, indexer.backoff)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    server.log.info({ signal }, 'stopping')
    // closing the server stops the runner (the indexer's loop), then the indexer gives its lock up
    await server.close()
    await indexer.stop()
    await database.close()
    await devChain?.stop()
    await embedded?.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await server.listen({ port: config.port, host: config.host })
  server.log.info(`Kinetic is at http://${config.host}:${config.port}/`)
  if (config.demoData) {
    // a demo user whose watch has weeks of data (README; DEMO_DATA=0 leaves it out), filled in
    // while the server already answers
    void devOnly('the demo data', loadDemoData)
      .then(({ DEMO_DAYS, seedDemoData }) =>
        seedDemoData(database.db, server.log, features.earn.fitnessDays, DEMO_DAYS, features.earn),
      )
      .catch((error: unknown) => server.log.error({ err: error }, 'demo data failed'))
  }
}

/**
 * `ADMIN_EMAIL` + `ADMIN_PASSWORD` create (or reset) that console operator at start, for
 * containers and the e2e tests; `npm run admin:create` is the interactive way.
 */
async function createOperatorFromEnv(admin: AdminService, log: { info(msg: string): void }): Promise<void> {
  const email = process.env.ADMIN_EMAIL
  const password = process.env.ADMIN_PASSWORD
  if (!email || !password) return
  await admin.createOperator(email, password)
  log.info(`console operator ${email} is ready`)
}

main().catch((error: unknown) => {
  // a refused setting is the operator's to fix: its message says what and why, a stack adds nothing
  console.error(error instanceof ConfigError ? `Kinetic did not start: ${error.message}` : error)
  process.exit(1)
})
