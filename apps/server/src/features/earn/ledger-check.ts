/**
 * `npm run ledger:check`: the ledger's reconciliation for operators. Prints OK, or every
 * account whose balance is not the sum of its entries, every posting that does not sum to
 * zero and a `system:pledges` or `system:unclaimed` holding other than the pledges,
 * cool-downs and unreceived rewards it holds for users, every user-day whose kept credited energy
 * is not the sum of that day's energy postings, and exits 1 then. Reads
 * DATABASE_URL; unset, under DEV_MODE=1, it opens the embedded database under DATA_DIR (the server must be
 * stopped: one Postgres per data folder).
 */
import path from 'node:path'
import { loadDatabaseConfig } from '../../platform/config.ts'
import { connect } from '../../platform/db/client.ts'
import { ensureDatabase, runMigrations } from '../../platform/db/migrate.ts'
import { devOnly } from '../../platform/dev-only.ts'
import { reconcile } from './ledger.ts'

async function main(): Promise<number> {
  const config = loadDatabaseConfig()
  const embedded = config.databaseUrl
    ? undefined
    : await devOnly('the embedded Postgres', () => import('../../platform/db/embedded.ts')).then((m) =>
        m.startEmbeddedPostgres(path.join(config.dataDir, 'pg')),
      )
  const url = config.databaseUrl ?? embedded?.url.replace(/\/postgres$/, '/kinetic')
  if (!url) throw new Error('no database')
  if (embedded) {
    // as the server does at start: a fresh data folder gets its (empty) database
    await ensureDatabase(url)
    await runMigrations(url)
  }
  const database = connect(url, 2)
  try {
    const result = await reconcile(database.db)
    if (result.ok) {
      console.log('OK: every balance equals the sum of its entries and every posting sums to zero')
      return 0
    }
    for (const a of result.accounts) {
      console.log(`account ${a.owner} ${a.asset}: balance ${a.balance}, entries sum to ${a.entries}`)
    }
    for (const p of result.postings) console.log(`posting ${p.posting_id} ${p.asset}: ${p.total}`)
    for (const c of result.custody) console.log(`account ${c.owner} knt: balance ${c.balance}, holds ${c.expected}`)
    for (const d of result.energyDays)
      console.log(`energy of user ${d.user_id} on ${d.day}: kept ${d.kept}, postings sum to ${d.posted}`)
    return 1
  } finally {
    await database.close()
    await embedded?.stop()
  }
}

// explicit: the embedded Postgres's exit hooks would otherwise end the process with 0
process.exit(await main())
