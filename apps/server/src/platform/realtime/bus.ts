import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../db/client.ts'
import type { Runner, Service } from '../jobs/supervisor.ts'

/** The Postgres channel every server instance listens on. */
export const EVENTS_CHANNEL = 'kinetic_events'
/**
 * The channel of cache drops: which entries of an in-process cache (sessions, settings) every
 * instance must forget. Payloads name ids only, never a token or a value.
 */
export const CACHE_CHANNEL = 'kinetic_cache'
/** NOTIFY payloads must stay under 8000 bytes; events carry ids and short texts only. */
const PAYLOAD_MAX = 7_900

/** Who an event is for: one user's sockets, every operator's, or both. */
export interface BusEvent {
  user?: number
  operators?: boolean
  data: { type: string } & Record<string, unknown>
}

/** Entries of the cache `cache` that every instance forgets (what they name is the cache's business). */
export interface CacheDrop {
  cache: string
  /** Entries with these ids. */
  ids?: number[]
  /** Entries of this user (but `except`). */
  user?: number
  except?: number
}

export interface Bus {
  /** Sends the event to every instance (this one included) through NOTIFY. */
  publish(event: BusEvent): Promise<void>
  subscribe(listener: (event: BusEvent) => void): () => void
  /** Resolves once LISTEN is active (tests wait for it before publishing). */
  ready(): Promise<void>
  /**
   * Drops cached entries here at once (unless `here: false`: this instance updated its own),
   * then in every other instance through NOTIFY (after the change they reflect is stored).
   */
  dropCached(drop: CacheDrop, options?: { here?: boolean }): Promise<void>
  /** Called for every drop: this instance's own at once, other instances' when their notification arrives. */
  onCacheDrop(listener: (drop: CacheDrop) => void): () => void
  /**
   * Whether the listening connection is up: while it is not, drops from other instances are
   * missed, so in-process caches must not serve what they hold.
   */
  listening(): boolean
  /** Called when the listening connection comes up (LISTEN active) or goes down. */
  onListening(listener: (up: boolean) => void): () => void
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
  const dropListeners = new Set<(drop: CacheDrop) => void>()
  const stateListeners = new Set<(up: boolean) => void>()
  // this instance's drops come back through NOTIFY too: they were applied already
  const instance = randomBytes(6).toString('hex')
  let up = false
  const setListening = (now: boolean) => {
    if (up === now) return
    up = now
    for (const listener of stateListeners) listener(now)
  }
  const dropHere = (drop: CacheDrop) => {
    for (const listener of dropListeners) listener(drop)
  }
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
      else if (message.channel === CACHE_CHANNEL) dropFromElsewhere(message.payload)
    })
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
    try {
      await Promise.race([
        (async () => {
          await client.connect()
          await client.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${CACHE_CHANNEL}`)
        })(),
        lost,
      ])
      if (signal.aborted) return
      up()
      // from here on no drop is missed: the caches start over empty (their listeners clear them)
      setListening(true)
      markReady()
      await Promise.race([lost, stopped])
    } finally {
      setListening(false)
      readyPromise = new Promise<void>((resolve) => (markReady = resolve))
      await client.end().catch(() => undefined)
    }
  }
  const dropFromElsewhere = (payload: string | undefined) => {
    let message: CacheDrop & { from?: string }
    try {
      message = JSON.parse(payload ?? '') as CacheDrop & { from?: string }
    } catch {
      return
    }
    if (message.from === instance || typeof message.cache !== 'string') return
    const { from: _from, ...drop } = message
    dropHere(drop)
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
    async dropCached(drop, options) {
      if (options?.here !== false) dropHere(drop)
      const payload = JSON.stringify({ ...drop, from: instance })
      // a drop that cannot be sent leaves other instances stale until their entry is checked
      // again (sessions: at their next sliding-expiry touch): said loudly
      await db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`).catch((error: unknown) => {
        log.error({ err: error, cache: drop.cache }, 'cache drop not published')
      })
    },
    onCacheDrop(listener) {
      dropListeners.add(listener)
      return () => dropListeners.delete(listener)
    },
    listening: () => up,
    onListening(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
  }
}
