import { chmod, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/platform/db/embedded.ts'
import { ensureDatabase, runMigrations } from '../src/platform/db/migrate.ts'

/**
 * A Postgres cluster of the test's own (own data directory and port), migrated, so that a
 * test may stop and start it without touching the cluster every other file shares.
 */
export async function ownPostgres(): Promise<EmbeddedDb & { appUrl: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinetic-fault-pg-'))
  await chmod(dir, 0o755) // the postgres user must reach its data directory
  const cluster = await startEmbeddedPostgres(path.join(dir, 'data'))
  const appUrl = cluster.url.replace(/\/postgres$/, '/kinetic')
  await ensureDatabase(appUrl)
  await runMigrations(appUrl)
  return {
    ...cluster,
    appUrl,
    async remove() {
      await cluster.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A TCP proxy in front of `target` (host:port of a JSON-RPC node) that a test can cut and
 * restore: cut, it resets every open connection and every new one, as a node that went
 * away does, while the node itself keeps serving everyone else. Held, it keeps what clients
 * send until released, as a node that answers slowly does (`held` counts the requests kept).
 */
export async function cuttableProxy(target: string) {
  const { hostname, port } = new URL(target)
  const sockets = new Set<net.Socket>()
  let up = true
  let holding = false
  /** Writes to the node kept while held, in the order they came. */
  let kept: (() => void)[] = []
  const server = net.createServer((client) => {
    if (!up) return client.resetAndDestroy()
    const upstream = net.connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => undefined)
    }
    client.on('data', (chunk) => {
      const write = () => void (upstream.destroyed || upstream.write(chunk))
      if (holding) kept.push(write)
      else write()
    })
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      up = false
      for (const socket of sockets) socket.resetAndDestroy()
    },
    restore() {
      up = true
    },
    /** Keeps every request to the node from now on, until `release`. */
    hold() {
      holding = true
    },
    get held() {
      return kept.length
    },
    /** Sends what was kept, and passes everything on again. */
    release() {
      holding = false
      const writes = kept
      kept = []
      for (const write of writes) write()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** What a JSON-RPC proxy does with a method: fail the request (HTTP 503), or answer this node error. */
export type RpcRule = 'fail' | { error: string }

interface RpcCall {
  jsonrpc: string
  id: unknown
  method: string
  params?: unknown[]
}

/**
 * An HTTP proxy in front of a JSON-RPC node that fails or rewrites chosen methods: `on(method,
 * rule)` where the rule (or a function of the call's params returning one, or undefined to pass
 * the call on) makes a request fail as a node that went away does, or answers a node error in
 * place of the node. `answers(method)` lists the error messages the client got for that method
 * (from the node or the proxy); `calls(method)` counts the calls.
 */
export async function rpcProxy(target: string) {
  const rules = new Map<string, (params: unknown[]) => RpcRule | undefined>()
  const seen = new Map<string, number>()
  const errors = new Map<string, string[]>()
  const note = (method: string, message: string) => errors.set(method, [...(errors.get(method) ?? []), message])

  async function forward(calls: RpcCall[]): Promise<{ id: unknown; error?: { message: string } }[]> {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
    })
    return (await response.json()) as { id: unknown; error?: { message: string } }[]
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[]
        const calls = Array.isArray(body) ? body : [body]
        const decided = calls.map((call) => {
          seen.set(call.method, (seen.get(call.method) ?? 0) + 1)
          return rules.get(call.method)?.(call.params ?? [])
        })
        if (decided.includes('fail')) {
          response.writeHead(503).end()
          return
        }
        const passed = calls.filter((_, i) => decided[i] === undefined)
        const answered = passed.length > 0 ? await forward(passed) : []
        const answers = calls.map((call, i) => {
          const rule = decided[i]
          const answer =
            rule && rule !== 'fail'
              ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: rule.error } }
              : answered.find((a) => a.id === call.id)
          if (answer?.error) note(call.method, answer.error.message)
          return answer
        })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]))
      })().catch(() => response.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    on(method: string, rule: RpcRule | ((params: unknown[]) => RpcRule | undefined)) {
      rules.set(method, typeof rule === 'function' ? rule : () => rule)
    },
    off(method: string) {
      rules.delete(method)
    },
    calls: (method: string) => seen.get(method) ?? 0,
    answers: (method: string) => errors.get(method) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
