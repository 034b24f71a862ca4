import { LRUCache } from 'lru-cache'
import type { Bus } from '../realtime/bus.ts'
import type { LiveSession } from './sessions.repo.ts'

/** The cache's name on the bus (`CacheDrop.cache`). */
export const SESSIONS_CACHE = 'sessions'
/**
 * Token hashes remembered at most (least recently used go first): a live entry is about 400
 * bytes, so the cache stays under ~20 MB; a busy instance's active devices fit, and an evicted
 * one costs one read. A count rather than a time: entries are dropped when revoked, and a live
 * one is read again at its sliding-expiry touch (TOUCH_AFTER_MS) anyway.
 */
const MAX_ENTRIES = 50_000

/**
 * Sessions by token hash, in process (docs/adr/2026-11-25-session-cache.md): a live session,
 * or `false` for a hash that is not one (revoked, expired or unknown — it never comes back, as
 * tokens are never reused). Entries are dropped when a session ends, in every instance (the
 * bus's cache drops); while the bus's listening connection is down the cache serves nothing
 * (drops may be missed), and it starts over empty when the connection is back.
 */
export function sessionCache(bus: Pick<Bus, 'listening' | 'onListening' | 'onCacheDrop'>) {
  const entries = new LRUCache<string, LiveSession | false>({ max: MAX_ENTRIES })
  // moves on at every drop: a read from the database that started before one is not stored
  let epoch = 0

  // a drop walks every entry: drops are sign-outs and revocations, rare next to reads
  const forget = (match: (session: LiveSession) => boolean) => {
    epoch++
    const gone: string[] = []
    for (const [hash, session] of entries.entries()) if (session && match(session)) gone.push(hash)
    for (const hash of gone) entries.delete(hash)
  }
  bus.onListening(() => {
    epoch++
    entries.clear()
  })
  bus.onCacheDrop((drop) => {
    if (drop.cache !== SESSIONS_CACHE) return
    const ids = new Set(drop.ids)
    const { user, except } = drop
    forget((s) => ids.has(s.id) || (s.userId === user && s.id !== except))
  })

  return {
    /** What to pass to `store` after reading the database. */
    epoch: () => epoch,

    /**
     * The live sessions among `hashes` when the cache knows every one of them and may be
     * trusted; undefined when the database must be asked.
     */
    lookup(hashes: readonly string[]): LiveSession[] | undefined {
      if (!bus.listening()) return undefined
      const found: LiveSession[] = []
      const now = Date.now()
      for (const hash of hashes) {
        const session = entries.get(hash)
        if (session === undefined) return undefined
        if (session && session.expiresAt.getTime() > now) found.push(session)
      }
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    },

    /** Remembers what the database said of `hashes` (read since `epoch`): its live sessions, the rest dead. */
    store(since: number, hashes: readonly string[], live: readonly LiveSession[]): void {
      if (since !== epoch || !bus.listening()) return
      const byHash = new Map(live.map((s) => [s.tokenHash, s]))
      for (const hash of hashes) entries.set(hash, byHash.get(hash) ?? false)
    },

    /** A session just created here (read-your-writes: no notification is involved). */
    add(session: LiveSession): void {
      if (bus.listening()) entries.set(session.tokenHash, session)
    },

    /** Changes a session `lookup` or `store` handed out, in place (its lang, its sliding expiry). */
    update(session: LiveSession, change: Partial<Pick<LiveSession, 'lang' | 'lastSeenAt' | 'expiresAt'>>): void {
      Object.assign(session, change)
    },
  }
}
export type SessionCache = ReturnType<typeof sessionCache>
