import path from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig } from './platform/config.ts'
import { connect } from './platform/db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDb } from './platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from './platform/db/migrate.ts'

/** Starts the server: embedded Postgres when DATABASE_URL is unset, migrations, seed, listen. */
async function main(): Promise<void> {
  const config = loadConfig()
  let embedded: EmbeddedDb | undefined
  let url = config.databaseUrl
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'))
    url = embedded.url.replace(/\/postgres$/, '/kinetic')
  }
  await ensureDatabase(url)
  await runMigrations(url)
  const database = connect(url)
  const { server, services } = await buildApp(config, database.db)
  await services.content.seed()

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    server.log.info({ signal }, 'stopping')
    await server.close()
    await database.close()
    await embedded?.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await server.listen({ port: config.port, host: config.host })
  server.log.info(`Kinetic is at http://${config.host}:${config.port}/`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
