import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { deployDevFeed } from '../../server/src/chain/dev-contracts.ts'
import { createFaucet } from '../../server/src/chain/faucet.ts'
import { DEV_CHAIN_ID, DEV_FEED_ANSWERS } from '../../server/src/chain/networks.ts'
import { loadChainConfig } from '../../server/src/platform/config.ts'
import { freePort } from '../../server/src/platform/db/embedded.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
export const TEMPLATE_DB = 'kinetic_e2e_template'

/** Where global-setup.ts tells the workers what the run shares. */
export const RUN_ENV = {
  dir: 'KINETIC_E2E_DIR',
  pgAdminUrl: 'KINETIC_E2E_PG_ADMIN_URL',
  chainRpcUrl: 'KINETIC_E2E_CHAIN_RPC_URL',
  mailUrl: 'KINETIC_E2E_MAIL_URL',
  mailbox: 'KINETIC_E2E_MAILBOX',
  pids: 'KINETIC_E2E_SERVER_PIDS',
} as const

export function runEnv(name: keyof typeof RUN_ENV): string {
  const value = process.env[RUN_ENV[name]]
  if (!value) throw new Error(`${RUN_ENV[name]} is unset: run the browser tests with \`npx playwright test\``)
  return value
}

/** The block explorer every e2e server links transactions to (`CHAIN_EXPLORER_URL`). */
export const E2E_EXPLORER = 'https://testnet.bscscan.com'

/** A console operator every e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const OPERATOR = { email: 'ops@kinetic.test', password: 'e2e-operator-password' }

export interface E2EServer {
  /** The real server, serving the built app and the API. */
  baseUrl: string
  /** JSON lines, one per e-mail the SMTP sink received: {to, subject, text}. */
  mailbox: string
  /** The dev chain's JSON-RPC, for tests that read the chain independently of the app. */
  chainRpcUrl: string
  /** The server's own database, for a test that must set up what no operation can (a wallet stored before proofs). */
  databaseUrl: string
  operator: typeof OPERATOR
  stop(): Promise<void>
}

let started = 0

/**
 * A server process of its own (`apps/server/src/main.ts`, as `npm start` runs it) on a database
 * cloned from the run's migrated template, serving the built web app, mailing to the run's
 * SMTP sink and paying KNT from a treasury key of its own on the shared dev chain. Its BNB
 * is priced by a feed of its own, so a test that moves the price (`POST /dev/price`) is seen
 * by no other worker. `chainRpcUrl` replaces the chain the server talks to (a proxy to it);
 * `devChainUrl` is a dev chain of the caller's own (`startDevChain`) that the feed, the treasury
 * and the server all use instead of the shared one — for a test that stops mining, say.
 */
export async function startServer(
  name: string,
  options: { chainRpcUrl?: string; devChainUrl?: string; logLevel?: string } = {},
): Promise<E2EServer> {
  const began = Date.now()
  const chainRpcUrl = options.devChainUrl ?? runEnv('chainRpcUrl')
  const database = `e2e_${name}_${process.pid}_${++started}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const adminUrl = runEnv('pgAdminUrl')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`)
  } finally {
    await admin.end()
  }

  const chain = {
    ...loadChainConfig({ CHAIN_RPC_URL: chainRpcUrl, CHAIN_ID: String(DEV_CHAIN_ID) }, { devMode: true }),
  }
  const treasuryKey = generatePrivateKey()
  const [bnbFeed] = await Promise.all([
    deployDevFeed(chainRpcUrl, 'BNB', DEV_FEED_ANSWERS.BNB),
    createFaucet({ ...chain, rpcUrl: chainRpcUrl }).fund(privateKeyToAccount(treasuryKey).address),
  ])

  const prepared = Date.now()
  const port = await freePort()
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // and, with process.env's TEST_NOW and TEST_NOW_SINCE, the run's clock (run-clock.ts)
      NODE_ENV: 'test',
      // the faucet, /dev/price and the demo watch codes; no demo user (nothing reads it)
      DEV_MODE: '1',
      DEMO_DATA: '0',
      // push.e2e.ts's stand-in push service listens on 127.0.0.1 over plain HTTP
      PUSH_ALLOW_LOCAL: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${database}`),
      MAIL_URL: runEnv('mailUrl'),
      CHAIN_RPC_URL: options.chainRpcUrl ?? chainRpcUrl,
      CHAIN_ID: String(DEV_CHAIN_ID),
      TREASURY_KEY: treasuryKey,
      // the dev chain has no explorer: payouts on the economy page link to this one
      CHAIN_EXPLORER_URL: E2E_EXPLORER,
      PRICE_FEEDS: JSON.stringify({ BNB: bnbFeed }),
      LOG_LEVEL: options.logLevel ?? 'warn',
      // every e2e registration comes from 127.0.0.1: the default 30 codes an hour would run out
      CODES_PER_IP_HOUR: '1000',
      ADMIN_EMAIL: OPERATOR.email,
      ADMIN_PASSWORD: OPERATOR.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (server.pid) appendFileSync(runEnv('pids'), `${server.pid}\n`)
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${name}] ${chunk}`))

  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHealthy(baseUrl, server)
  } catch (error) {
    await stopProcess(server)
    throw error
  }
  const ready = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.error(`[server ${name}] ready in ${ready(Date.now() - began)} (database and keys ${ready(prepared - began)})`)
  return {
    baseUrl,
    mailbox: runEnv('mailbox'),
    chainRpcUrl,
    databaseUrl: adminUrl.replace(/\/postgres$/, `/${database}`),
    operator: OPERATOR,
    stop: () => stopProcess(server),
  }
}

async function waitForHealthy(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('server did not become healthy in 120 s')
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
