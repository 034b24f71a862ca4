// The server under test for the API, load and Lighthouse measures: the built server
// (`node apps/server/dist/main.js`, as a deployment runs it: no DEV_MODE, no tsx) on an
// embedded Postgres the bench starts in a fresh folder, serving the built web app, mailing
// codes over SMTP to a sink in this process, on a dev chain started here (so simulated users
// can fund their wallets on it). Its peak resident memory is read from /proc (VmHWM) before
// it stops.
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { startDevChain } from '../apps/server/src/chain/devchain.ts'
import { freePort, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts'
import { ensureDatabase } from '../apps/server/src/platform/db/migrate.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const BUILT = 'apps/server/dist/main.js'
export const OPERATOR = { email: 'ops@bench.test', password: 'bench-operator-password' }

export interface ServerUnderTest {
  base: string
  chainUrl: string
  /** The server's database (the bench's embedded Postgres, running until `cleanUp`). */
  databaseUrl: string
  /** The newest code mailed to `email`, waiting for it to arrive. */
  code(email: string): Promise<string>
  /** Peak and current resident memory of the server process, MB. */
  memory(): { peakRssMb: number; rssMb: number }
  /** Stops the server (SIGTERM); the database stays up for the ledger check until `cleanUp`. */
  stop(): Promise<void>
  cleanUp(): Promise<void>
}

export async function startServer(): Promise<ServerUnderTest> {
  if (!existsSync(path.join(ROOT, BUILT))) throw new Error(`${BUILT} is missing: run \`npm run build\``)
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-bench-'))
  chmodSync(dir, 0o755) // the postgres user must reach its data folder
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'))
  const databaseUrl = pg.url.replace(/\/postgres$/, '/kinetic')
  await ensureDatabase(databaseUrl)
  const codes = new Map<string, string>()
  const waiters = new Map<string, () => void>()
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1]
          for (const to of session.envelope.rcptTo) {
            const email = to.address.toLowerCase()
            if (code) codes.set(email, code)
            waiters.get(email)?.()
          }
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  const smtpPort = await freePort()
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
  const chain = await startDevChain()
  const stopRest = async () => {
    await pg.stop()
    await chain.stop()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  }
  const built = await spawnBuilt({
    DATABASE_URL: databaseUrl,
    MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
    CHAIN_RPC_URL: chain.url,
    CHAIN_ID: String(chain.chainId),
    ADMIN_EMAIL: OPERATOR.email,
    ADMIN_PASSWORD: OPERATOR.password,
    // every simulated user comes from its own address (X-Forwarded-For), as behind a proxy
    TRUST_PROXY: '1',
  }).catch(async (error: unknown) => {
    await stopRest()
    throw error
  })
  const cleanUp = async () => {
    await built.stop()
    await stopRest()
  }
  return {
    base: built.base,
    chainUrl: chain.url,
    databaseUrl,
    async code(email) {
      const key = email.toLowerCase()
      const deadline = Date.now() + 60_000
      while (!codes.has(key)) {
        if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`)
        await new Promise<void>((resolve) => {
          waiters.set(key, resolve)
          setTimeout(resolve, 1000)
        })
      }
      waiters.delete(key)
      const code = codes.get(key)!
      codes.delete(key)
      return code
    },
    memory: built.memory,
    stop: built.stop,
    cleanUp,
  }
}

/** The built server in a process of its own, answering at `base` once healthy. */
export interface BuiltServer {
  base: string
  /** Peak and current resident memory of the server process, MB. */
  memory(): { peakRssMb: number; rssMb: number }
  /** Stops the server (SIGTERM, SIGKILL after 20 s). */
  stop(): Promise<void>
}

/**
 * Starts `node apps/server/dist/main.js` (no DEV_MODE, no NODE_ENV) on a free port with `env`
 * (at least DATABASE_URL, MAIL_URL, CHAIN_RPC_URL and CHAIN_ID) over the bench's environment,
 * warn-level logs and no rate limit, and waits until /healthz answers. `nice`: its scheduling
 * priority (`nice -n`, all its threads; below 0 needs root, else it runs at the bench's own).
 */
export async function spawnBuilt(env: Record<string, string>, options: { nice?: number } = {}): Promise<BuiltServer> {
  if (!existsSync(path.join(ROOT, BUILT))) throw new Error(`${BUILT} is missing: run \`npm run build\``)
  const port = await freePort()
  const { DEV_MODE: _dev, NODE_ENV: _env, ...inherited } = process.env
  // BENCH_PROFILE=<dir> writes the server's CPU profile there when it stops; BENCH_INSPECT=<port>
  // opens its inspector (to profile one load with the DevTools protocol)
  const { BENCH_PROFILE: profile, BENCH_INSPECT: inspect } = process.env
  const flags = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ...(inspect ? [`--inspect=127.0.0.1:${inspect}`] : []),
  ]
  const command = [process.execPath, ...flags, BUILT]
  if (options.nice !== undefined) command.unshift('nice', '-n', String(options.nice))
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MIN: '100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
  }
  try {
    await waitForHealthy(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const mb = (text: string, field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1]) / 1024)
  return {
    base,
    memory() {
      const text = status()
      return { peakRssMb: mb(text, 'VmHWM'), rssMb: mb(text, 'VmRSS') }
    },
    stop,
  }
}

async function waitForHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('server did not become healthy in 180 s')
}
