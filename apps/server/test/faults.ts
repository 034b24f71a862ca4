import { chmod, mkdtemp, rm } from 'node:fs/promises'
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
