import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../db/client.ts'

/** The Postgres channel every server instance listens on. */
export const EVENTS_CHANNEL = 'kinetic_events'
/** NOTIFY payloads must stay under 8000 bytes; events carry ids and short texts only. */
const PAYLOAD_MAX = 7_900
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000]

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
  close(): Promise<void>
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/**
 * Cross-instance events (DESIGN §1) over Postgres LISTEN/NOTIFY: publishing is one
 * `pg_notify` on the pool; listening holds a dedicated connection outside the pool, which
 * reconnects with backoff when it drops. Events lost while it is down are not replayed:
 * clients catch up by asking for what came after their last seen id when they reconnect.
 */
export function createBus(options: { databaseUrl: string; db: Db; log: Log }): Bus {
  const { databaseUrl, db, log } = options
  const listeners = new Set<(event: BusEvent) => void>()
  let client: pg.Client | undefined
  let closed = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined
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

  const connect = async () => {
    if (closed) return
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'kinetic-events' })
    const lost = (error?: Error) => {
      if (client !== next) return
      client = undefined
      readyPromise = new Promise<void>((resolve) => (markReady = resolve))
      if (!closed) {
        log.warn({ err: error }, 'event listener connection lost; reconnecting')
        schedule()
      }
    }
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) deliver(message.payload)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${EVENTS_CHANNEL}`)
    } catch (error) {
      await next.end().catch(() => undefined)
      log.warn({ err: error }, 'event listener could not connect; retrying')
      schedule()
      return
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    attempt = 0
    markReady()
  }

  const schedule = () => {
    const delay = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)] ?? 10_000
    timer = setTimeout(() => void connect(), delay)
  }

  void connect()

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
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
    },
  }
}
