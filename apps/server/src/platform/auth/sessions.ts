import { hash, randomBytes } from 'node:crypto'
import { ACCOUNT_HEADER } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Bus } from '../realtime/bus.ts'
import { SESSIONS_CACHE, sessionCache } from './session-cache.ts'
import type { LiveSession, SessionsRepo } from './sessions.repo.ts'

/**
 * Sessions (DESIGN §5). Each signed-in account on a device has its own cookie
 * `ks_<userId>` holding a 256-bit random token; the database keeps only its SHA-256.
 * A request names the account it acts as with `X-Account: <userId>`; without it the
 * account signed in most recently on the device acts. Sessions are read through an in-process
 * cache dropped on revocation in every instance (session-cache.ts): a hot read asks the
 * database nothing about its session.
 */
const COOKIE_PREFIX = 'ks_'
const COOKIE_RE = /^ks_(\d{1,15})$/
const SESSION_DAYS = 30
/** Sliding expiry is refreshed at most this often, so reads do not write on every request. */
const TOUCH_AFTER_MS = 10 * 60_000

/** Every signed-in request hashes its cookies: the one-shot `hash` costs a third of a Hash object. */
const hashToken = (token: string) => hash('sha256', token, 'hex')
const expiry = () => new Date(Date.now() + SESSION_DAYS * 86_400_000)

interface DeviceCookie {
  userId: number
  tokenHash: string
}

function deviceCookies(request: FastifyRequest): DeviceCookie[] {
  const found: DeviceCookie[] = []
  for (const [name, value] of Object.entries(request.cookies)) {
    const match = COOKIE_RE.exec(name)
    if (match?.[1] && value && value.length <= 128)
      found.push({ userId: Number(match[1]), tokenHash: hashToken(value) })
  }
  return found
}

export function sessionService(
  repo: SessionsRepo,
  bus: Pick<Bus, 'listening' | 'onListening' | 'onCacheDrop' | 'dropCached'>,
) {
  const cache = sessionCache(bus)
  /** Forgets sessions here and in every other instance (after the database says they ended). */
  const drop = (which: { ids?: number[]; user?: number; except?: number }) =>
    bus.dropCached({ cache: SESSIONS_CACHE, ...which })

  async function liveAmong(hashes: string[]): Promise<LiveSession[]> {
    if (hashes.length === 0) return []
    const cached = cache.lookup(hashes)
    if (cached) return cached
    const since = cache.epoch()
    const live = await repo.findLive(hashes)
    cache.store(since, hashes, live)
    return live
  }

  /** Live sessions of this device whose cookie name matches their user, newest first. */
  async function deviceSessions(request: FastifyRequest): Promise<LiveSession[]> {
    const cookies = deviceCookies(request)
    const live = await liveAmong(cookies.map((c) => c.tokenHash))
    const owners = new Map(cookies.map((c) => [c.tokenHash, c.userId]))
    // a token counts only under its own account's cookie name
    return live.filter((s) => owners.get(s.tokenHash) === s.userId)
  }

  function setCookie(reply: FastifyReply, request: FastifyRequest, userId: number, token: string): void {
    reply.setCookie(`${COOKIE_PREFIX}${userId}`, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SESSION_DAYS * 86_400,
    })
  }

  return {
    deviceSessions,

    /** The session acting for this request, or undefined (→ code 401). */
    async resolve(request: FastifyRequest): Promise<LiveSession | undefined> {
      const header = request.headers[ACCOUNT_HEADER]
      const wanted = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined
      for (let attempt = 0; ; attempt++) {
        const live = await deviceSessions(request)
        const session = wanted === undefined ? live[0] : live.find((s) => s.userId === wanted)
        if (!session || Date.now() - session.lastSeenAt.getTime() <= TOUCH_AFTER_MS) return session
        // the sliding expiry, at most every TOUCH_AFTER_MS: the cached entry moves first, so
        // requests meanwhile do not touch too; the write also checks the session is still live
        const expiresAt = expiry()
        cache.update(session, { lastSeenAt: new Date(), expiresAt })
        if (await repo.touch(session.id, expiresAt)) return session
        // ended without this instance hearing of it (a drop lost): forget it, ask the database
        await drop({ ids: [session.id] })
        if (attempt > 0) return undefined
      }
    },

    /**
     * Signs `userId` in on this device with a new token, replacing its previous session here;
     * `lang` is the account's language, which the app switches to from the answer (so its next
     * requests change nothing), and the session is cached at once.
     */
    async signIn(request: FastifyRequest, reply: FastifyReply, userId: number, lang?: string): Promise<number> {
      const previous = request.cookies[`${COOKIE_PREFIX}${userId}`]
      if (previous) {
        const ended = await repo.revokeByTokenHash(hashToken(previous))
        if (ended !== undefined) await drop({ ids: [ended] })
      }
      const token = randomBytes(32).toString('base64url')
      const session = await repo.insert({
        userId,
        tokenHash: hashToken(token),
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        ip: request.ip,
        expiresAt: expiry(),
        ...(lang === undefined ? {} : { lang }),
      })
      cache.add(session)
      setCookie(reply, request, userId, token)
      return session.id
    },

    async signOut(reply: FastifyReply, session: { id: number; userId: number }): Promise<void> {
      await repo.revoke(session.id)
      await drop({ ids: [session.id] })
      reply.clearCookie(`${COOKIE_PREFIX}${session.userId}`, { path: '/' })
    },

    /**
     * Remembers the `lang` a session's requests now send (the dispatcher calls it on a change
     * with the session `resolve` gave): other instances read the session again.
     */
    async setLang(session: LiveSession, lang: string): Promise<void> {
      await repo.setLang(session.id, lang)
      cache.update(session, { lang })
      await bus.dropCached({ cache: SESSIONS_CACHE, ids: [session.id] }, { here: false })
    },
    /** Ends every session of a user, except `keep` when given. */
    async revokeAllOfUser(userId: number, keep?: number): Promise<void> {
      await repo.revokeAllOfUser(userId, keep)
      await drop({ user: userId, ...(keep === undefined ? {} : { except: keep }) })
    },
    listOfUser: repo.listOfUser,
    /** Ends one live session of `userId`; false when it is not theirs or not live. */
    async revokeOfUser(id: number, userId: number): Promise<boolean> {
      const ended = await repo.revokeOfUser(id, userId)
      if (ended) await drop({ ids: [id] })
      return ended
    },
    /** Clears an account's cookie on this device (its session was ended elsewhere in the request). */
    clearCookie(reply: FastifyReply, userId: number): void {
      reply.clearCookie(`${COOKIE_PREFIX}${userId}`, { path: '/' })
    },
  }
}
export type SessionService = ReturnType<typeof sessionService>
