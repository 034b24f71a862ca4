import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { startDevChain } from '../../server/src/chain/devchain.ts'
import { freePort, startEmbeddedPostgres } from '../../server/src/platform/db/embedded.ts'
import { runMigrations } from '../../server/src/platform/db/migrate.ts'
import { chainFollowsRunClock, followRunClock } from './run-clock.ts'
import { RUN_ENV, TEMPLATE_DB } from './server.ts'

/**
 * What the whole browser run shares, started once before the workers (docs/adr/2026-11-24-e2e-playwright.md):
 * one embedded Postgres with a migrated template database that each worker's server clones,
 * one embedded dev chain (Hardhat node with USDT, KNT, Multicall3 and price feeds) — every
 * server on it pays from keys of its own — and one SMTP server (smtp-server) that writes each
 * e-mail it receives to a file the tests read codes from. The workers learn where they are
 * from environment variables set here (Playwright passes them on).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // under TEST_NOW, the run's clock starts here; the workers take up where it is (run-clock.ts)
  followRunClock()
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-e2e-'))
  chmodSync(dir, 0o755) // the postgres user must reach its data directory
  const mailbox = path.join(dir, 'mailbox.jsonl')
  writeFileSync(mailbox, '')
  const pids = path.join(dir, 'server-pids')
  writeFileSync(pids, '')

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const record = { subject: mail.subject ?? '', text: mail.text ?? '' }
          for (const to of session.envelope.rcptTo)
            appendFileSync(mailbox, JSON.stringify({ to: to.address, ...record }) + '\n')
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  const smtpPort = await freePort()
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))

  const [pgServer, chain] = await Promise.all([
    startEmbeddedPostgres(path.join(dir, 'pg')),
    startDevChain({ log: (line) => console.error(`[dev chain] ${line}`) }),
  ])
  const stop = async () => {
    // a worker that was killed leaves its server behind: end it before its database goes
    for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    await Promise.allSettled([pgServer.stop(), chain.stop(), new Promise<void>((r) => smtp.close(() => r()))])
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await chainFollowsRunClock(chain.url)
    const admin = new pg.Client({ connectionString: pgServer.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
    await admin.end()
    await runMigrations(pgServer.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`))
  } catch (error) {
    await stop()
    throw error
  }

  Object.assign(process.env, {
    [RUN_ENV.dir]: dir,
    [RUN_ENV.pgAdminUrl]: pgServer.url,
    [RUN_ENV.chainRpcUrl]: chain.url,
    [RUN_ENV.mailUrl]: `smtp://127.0.0.1:${smtpPort}`,
    [RUN_ENV.mailbox]: mailbox,
    [RUN_ENV.pids]: pids,
  })
  return stop
}
