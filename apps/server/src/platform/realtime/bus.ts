import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../db/client.ts'
import type { Runner, Service } from '../jobs/supervisor.ts'

/** The Postgres channel every server instance listens on. */
export const EVENTS_CHANNEL = 'kinetic_events'
/** NOTIFY payloads must stay under 8000 bytes; events carry ids and short texts only. */
const PAYLOAD_MAX = 7_900

/** Who an event is for: one user's sockets, every operator's, or both. */
export interface BusEvent {
  user?: number
  operators?: boolean
  data: { type: string } & Record<string, unknown>
}

export interface Bus {
  /** Sends the event to every instance (this one included) through NOTIFY. */
  publish(event: BusEvent): Promise<void>
  subscribe(listener: (event: BusEvent) => void): () => void
  /** Resolves once LISTEN is active (tests wait for it before publishing). */
  ready(): Promise<void>
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/**
 * Cross-instance events (DESIGN §1) over Postgres LISTEN/NOTIFY: publishing is one
 * `pg_notify` on the pool; listening holds a dedicated connection outside the pool, a service
 * of the app's runner (platform/jobs/supervisor.ts), which connects it again with backoff when
 * it drops. Events lost while it is down are not replayed: clients catch up by asking for what
 * came after their last seen id when they reconnect.
 */
export function createBus(options: { databaseUrl: string; db: Db; log: Log; runner: Runner }): Bus {
  const { databaseUrl, db, log, runner } = options
  const listeners = new Set<(event: BusEvent) => void>()
  let markReady: () => void = () => undefined
  let readyPromise = new Promise<void>((resolve) => (markReady = resolve))

  const deliver = (payload: string | undefined) => {
    if (!payload) return
    let event: BusEvent
    try {
      event = JSON.parse(payload) as BusEvent
    } catch {
      return
    }
    for (const listener of listeners) listener(event)
  }

  /** One listening connection: resolves when stopped, throws when it could not connect or dropped. */
  const listen: Service['run'] = async ({ signal, up }) => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kinetic-events' })
    const lost = new Promise<never>((_resolve, reject) => {
      client.on('error', reject)
      client.on('end', () => reject(new Error('event listener connection ended')))
    })
    lost.catch(() => undefined)
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) deliver(message.payload)
    })
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
    try {
      await Promise.race([
        (async () => {
          await client.connect()
          await client.query(`LISTEN ${EVENTS_CHANNEL}`)
        })(),
        lost,
      ])
      if (signal.aborted) return
      up()
      markReady()
      await Promise.race([lost, stopped])
    } finally {
      readyPromise = new Promise<void>((resolve) => (markReady = resolve))
      await client.end().catch(() => undefined)
    }
  }
  runner.add({ name: 'events', run: listen }, { firstMs: 500, maxMs: 10_000 })

  return {
    async publish(event) {
      const payload = JSON.stringify(event)
      if (Buffer.byteLength(payload) > PAYLOAD_MAX) {
        log.error({ type: event.data.type }, 'event too large for NOTIFY; not sent')
        return
      }
      // best effort: the change is stored already, and clients catch up after their last id
      await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`).catch((error: unknown) => {
        log.warn({ err: error, type: event.data.type }, 'event not published')
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ready: () => readyPromise,
  }
}
