import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { TestProject } from 'vitest/node'
import { startDevChain } from '../../server/src/chain/devchain.ts'
import { DEV_CHAIN_ID } from '../../server/src/chain/networks.ts'
import { freePort } from '../../server/src/platform/db/embedded.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, serving the built app and the API. */
    baseUrl: string
    /** JSON lines, one per e-mail the SMTP sink received: {to, subject, text}. */
    mailbox: string
    /** The server's EVM chain (JSON-RPC), for tests that read the chain independently of the app. */
    chainRpcUrl: string
    /** A console operator the server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
    operator: { email: string; password: string }
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..')

/**
 * Browser e2e runs against the real thing: the server process (`apps/server/src/main.ts`)
 * with its embedded Postgres in a fresh DATA_DIR, serving the built web app, and mailing
 * codes over SMTP to a real SMTP server (smtp-server) that writes what it receives to a file.
 * The embedded dev chain (Hardhat node with USDT, KNT, Multicall3) is started here rather
 * than by the server, so the tests know its JSON-RPC URL and can read the chain themselves.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinetic-e2e-'))
  chmodSync(dir, 0o755) // the postgres user must reach DATA_DIR/pg
  const mailbox = path.join(dir, 'mailbox.jsonl')
  writeFileSync(mailbox, '')

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

  const chain = await startDevChain({ log: (line) => console.error(`[dev chain] ${line}`) })

  const port = await freePort()
  const operator = { email: 'ops@kinetic.test', password: 'e2e-operator-password' }
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // the embedded Postgres under DATA_DIR, the faucet and phone codes in the outbox
      DEV_MODE: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
      CHAIN_RPC_URL: chain.url,
      CHAIN_ID: String(DEV_CHAIN_ID),
      LOG_LEVEL: 'warn',
      // every e2e registration comes from 127.0.0.1: the default 30 codes an hour would run out
      CODES_PER_IP_HOUR: '1000',
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHealthy(baseUrl, server)
  } catch (error) {
    await stopProcess(server)
    await chain.stop()
    throw error
  }

  project.provide('baseUrl', baseUrl)
  project.provide('mailbox', mailbox)
  project.provide('chainRpcUrl', chain.url)
  project.provide('operator', operator)
  return async () => {
    await stopProcess(server)
    await chain.stop()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
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
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('server did not become healthy in 120 s')
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
