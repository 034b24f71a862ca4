import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts'
import { runMigrations } from '../src/platform/db/migrate.ts'
import { runService } from './run-services.ts'

export const TEMPLATE_DB = 'kinetic_template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test run's embedded Postgres (database `postgres`). */
    pgAdminUrl: string
  }
}

/** One embedded Postgres per test run (run-services.ts), with a migrated template every test file clones. */
export default async function setup(project: TestProject) {
  const { value: url, release } = await runService(project, 'postgres', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kinetic-test-pg-'))
    await chmod(dir, 0o755) // the postgres user must reach its data directory
    const pgServer = await startEmbeddedPostgres(path.join(dir, 'data'))
    const admin = new pg.Client({ connectionString: pgServer.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
    await admin.end()
    await runMigrations(pgServer.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`))
    return {
      value: pgServer.url,
      async stop() {
        await pgServer.stop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  })
  project.provide('pgAdminUrl', url)
  return release
}
