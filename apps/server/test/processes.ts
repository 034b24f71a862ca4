/**
 * Real server processes for the scale-out and fault tests: the server's own entry
 * (`src/main.ts`, as `npm start` runs it) on the test run's Postgres and dev chain, stopped
 * gracefully or with `kill -9`; a round-robin HTTP + WebSocket proxy in front of several;
 * and an `inject` over real HTTP so the usual test clients and builders drive them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import type { Duplex } from 'node:stream'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { REPO_ROOT } from '../src/platform/config.ts'
import { erc20Abi, type Address } from 'viem'
import { expect } from 'vitest'
import type { ChainClient } from '../src/chain/client.ts'
import { adminCall } from '../src/features/admin/admin.testkit.ts'
import type { Database } from '../src/platform/db/client.ts'
import { Client } from './harness.ts'

const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 15_000

export interface ServerProcess {
  readonly url: string
  readonly port: number
  readonly pid: number
  /** SIGTERM: the server's own shutdown (indexer, sockets, pool), then exit. */
  stop(): Promise<void>
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>
}

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Only these of the test runner's variables reach the server (not VITEST_*, NODE_OPTIONS…). */
const inherited = (names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])))

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok
  } catch {
    return false
  }
}

/** The server's sources under tsx, from the repository, as `npm start` runs them. */
const FROM_SOURCES = { cwd: REPO_ROOT, args: ['--import', 'tsx', 'apps/server/src/main.ts'] }

/**
 * Starts `node --import tsx apps/server/src/main.ts` (or `command`: e.g. a built server in an
 * installed copy) on `databaseUrl` and the dev chain, on 127.0.0.1:`port` (a free one unless
 * given: a restart reuses its predecessor's), and resolves once `/healthz` answers. `env` adds
 * to or overrides the test environment; an `undefined` value leaves that variable unset.
 */
export async function startServer(
  databaseUrl: string,
  options: {
    port?: number
    env?: Record<string, string | undefined>
    command?: { cwd: string; args: string[] }
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const command = options.command ?? FROM_SOURCES
  const env: Record<string, string | undefined> = {
    ...inherited(['PATH', 'HOME', 'TMPDIR', 'LANG']),
    NODE_ENV: 'test',
    // codes are read at /dev/outbox
    DEV_MODE: '1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
    // every registration comes from 127.0.0.1 (or the proxy)
    CODES_PER_IP_HOUR: '1000',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    CHAIN_RPC_URL: inject('chainRpcUrl'),
    CHAIN_ID: '31337',
    CHAIN_POLL_MS: '200',
    WEB_DIST: '/nonexistent',
    // a test on a moved clock (TEST_NOW) starts the server at the test's own time, so they agree
    ...(process.env.TEST_NOW && { TEST_NOW: new Date().toISOString() }),
    ...inherited(['TEST_ZONE']),
    ...options.env,
  }
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('the server process did not start')
  // the last lines it wrote, to explain a failed start
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const gone = exited(child)

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} at start:\n${output}`)
    if (await answers(url)) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      await gone
      throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    port,
    pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await gone
      clearTimeout(timer)
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await gone
    },
  }
}

export interface Proxy {
  readonly url: string
  /** Base URLs requests are spread over, in turn; replace to move traffic. */
  upstreams: string[]
  close(): Promise<void>
}

/** Test-only: a request carrying this header goes to that upstream index instead of the next in turn. */
export const PIN_HEADER = 'x-upstream'

/**
 * A round-robin reverse proxy as a deployment puts in front of instances (docs/OPERATIONS.md):
 * keeps the Host header, adds X-Forwarded-For/-Proto, passes WebSocket upgrades through, and
 * names the upstream that answered in the `x-upstream` response header.
 */
export async function startProxy(upstreams: string[]): Promise<Proxy> {
  let turn = 0
  const sockets = new Set<Duplex>()
  const track = (socket: Duplex) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const choose = (request: http.IncomingMessage) => {
    const pinned = request.headers[PIN_HEADER]
    const index = typeof pinned === 'string' ? Number(pinned) : turn++ % proxy.upstreams.length
    const target = proxy.upstreams[index]
    return { index, target: target === undefined ? undefined : new URL(target) }
  }
  const forwarded = (request: http.IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  })

  const server = http.createServer((request, response) => {
    const { index, target } = choose(request)
    if (!target) return void response.writeHead(502).end()
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: forwarded(request),
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [PIN_HEADER]: String(index) })
        answer.pipe(response)
      },
    )
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { [PIN_HEADER]: String(index) })
      response.end()
    })
    request.pipe(upstream)
  })
  server.on('connection', track)
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const { target } = choose(request)
    if (!target) return void socket.destroy()
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = Object.entries(forwarded(request)).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`),
      )
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    track(upstream)
    const end = () => {
      upstream.destroy()
      socket.destroy()
    }
    upstream.on('error', end)
    socket.on('error', end)
    upstream.on('close', end)
    socket.on('close', end)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const proxy: Proxy = {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return proxy
}

interface RemoteCookie {
  name: string
  value: string
  maxAge?: number
  expires?: Date
}

function parseSetCookie(header: string): RemoteCookie {
  const [pair = '', ...attributes] = header.split(';')
  const at = pair.indexOf('=')
  const cookie: RemoteCookie = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((s) => s.trim())
    if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value)
    if (key.toLowerCase() === 'expires') cookie.expires = new Date(value)
  }
  return cookie
}

/** One request over real HTTP, answered in the shape of Fastify's `inject` (what `Client` reads). */
function request(baseUrl: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const { payload } = options
  const body =
    payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload)
  const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) }
  if (body !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload))
    headers['content-type'] ??= 'application/json'
  const url = new URL(String(options.url ?? '/'), baseUrl)
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? 'GET', headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const raw = Buffer.concat(chunks)
        const text = raw.toString()
        resolve({
          statusCode: incoming.statusCode ?? 0,
          statusMessage: incoming.statusMessage ?? '',
          headers: incoming.headers,
          rawPayload: raw,
          payload: text,
          body: text,
          json: () => JSON.parse(text) as unknown,
          cookies: (incoming.headers['set-cookie'] ?? []).map(parseSetCookie),
        } as unknown as LightMyRequestResponse)
      })
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/**
 * A stand-in for a Fastify instance whose `inject` goes over HTTP to `baseUrl` (a process or
 * a proxy; with `pin`, always that upstream of a proxy): `new Client(remote(url))` and the test
 * builders then work as on an in-process app. Only `inject(options)` is implemented — the one
 * thing clients and builders call.
 */
export function remote(baseUrl: string, pin?: number): FastifyInstance {
  const pinned = (options: InjectOptions): InjectOptions =>
    pin === undefined
      ? options
      : { ...options, headers: { ...(options.headers as Record<string, string>), [PIN_HEADER]: String(pin) } }
  return { inject: (options: InjectOptions) => request(baseUrl, pinned(options)) } as unknown as FastifyInstance
}

/** The same signed-in session as `client`, sent through `server` (e.g. a pinned `remote`). */
export function sameSession(client: Client, server: FastifyInstance): Client {
  const copy = new Client(server)
  for (const [name, value] of client.cookies) copy.cookies.set(name, value)
  copy.account = client.account
  return copy
}

/** Everything a test file started, stopped together in its afterAll (even after a failure). */
export class Fleet {
  private readonly servers: ServerProcess[] = []
  private readonly proxies: Proxy[] = []

  async server(databaseUrl: string, options: Parameters<typeof startServer>[1] = {}): Promise<ServerProcess> {
    const started = await startServer(databaseUrl, options)
    this.servers.push(started)
    return started
  }

  async proxy(upstreams: string[]): Promise<Proxy> {
    const started = await startProxy(upstreams)
    this.proxies.push(started)
    return started
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.proxies.map((p) => p.close()))
    await Promise.allSettled(this.servers.map((s) => s.stop()))
  }
}

// ----- what the scale-out and fault tests both check

/** Env creating a console operator at start (main.ts: ADMIN_EMAIL + ADMIN_PASSWORD). */
export const OPERATOR_ENV = { ADMIN_EMAIL: 'ops-processes@example.com', ADMIN_PASSWORD: 'operator-password-1' }

/** A client signed in through `server` as the operator of OPERATOR_ENV. */
export async function signedInOperator(server: FastifyInstance): Promise<Client> {
  const ops = new Client(server)
  const { body } = await adminCall(ops, '/admin/login', {
    email: OPERATOR_ENV.ADMIN_EMAIL,
    password: OPERATOR_ENV.ADMIN_PASSWORD,
  })
  expect(body.code, JSON.stringify(body)).toBe(true)
  return ops
}

/** Every payout's status, oldest first; one not confirmed shows its error. */
export async function payoutStatuses(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ status: string; error: string }>(
    'SELECT status, error FROM payouts ORDER BY id',
  )
  return rows.map((r) => (r.status === 'confirmed' ? r.status : `${r.status}: ${r.error}`))
}

/** KNT held on chain by `address`, in base units. */
export function kntOnChain(chain: ChainClient, address: string): Promise<bigint> {
  const token = chain.tokens.find((t) => t.symbol === 'KNT')?.contract as Address
  return chain.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Address],
  })
}
