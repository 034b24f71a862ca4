// `npm run admin:create -- --email ops@example.com [--name "Ops"]`: creates a console
// operator, or sets a new password for an existing one. The password comes from
// ADMIN_PASSWORD or, when unset, the first line of stdin (`echo "$PW" | npm run admin:create …`).
// Uses DATABASE_URL, or under DEV_MODE=1 the embedded Postgres in DATA_DIR (stop the server first: one
// Postgres owns a data directory at a time).
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { isEmail } from '@kinetic/protocol'
import { loadDatabaseConfig } from '../../platform/config.ts'
import { connect } from '../../platform/db/client.ts'
import { ensureDatabase, runMigrations } from '../../platform/db/migrate.ts'
import { devOnly } from '../../platform/dev-only.ts'
import { createOperator } from './admin.service.ts'

const PASSWORD_MIN = 12

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown; prefer ADMIN_PASSWORD or a pipe): ')
  const lines = createInterface({ input: process.stdin })
  for await (const line of lines) {
    lines.close()
    return line
  }
  return ''
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } })
  const email = values.email?.trim().toLowerCase() ?? ''
  if (!isEmail(email)) throw new Error('--email must be an e-mail address')
  const password = await readPassword()
  if (password.length < PASSWORD_MIN) throw new Error(`the password must be at least ${PASSWORD_MIN} characters`)

  const config = loadDatabaseConfig()
  const embedded = config.databaseUrl
    ? undefined
    : await devOnly('the embedded Postgres', () => import('../../platform/db/embedded.ts')).then((m) =>
        m.startEmbeddedPostgres(path.join(config.dataDir, 'pg')),
      )
  const url = config.databaseUrl ?? embedded?.url.replace(/\/postgres$/, '/kinetic')
  if (!url) throw new Error('no database')
  try {
    if (config.devMode) await ensureDatabase(url)
    await runMigrations(url)
    const database = connect(url, 2)
    const id = await createOperator(database.db, email, password, values.name ?? '')
    await database.close()
    console.log(`operator ${email} (id ${id}) can sign in at /admin/`)
  } finally {
    await embedded?.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
