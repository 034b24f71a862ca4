import { createHash, randomBytes } from 'node:crypto'
import { ACCOUNT_HEADER } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LiveSession, SessionsRepo } from './sessions.repo.ts'

/**
 * Sessions (DESIGN §5). Each signed-in account on a device has its own cookie
 * `ks_<userId>` holding a 256-bit random token; the database keeps only its SHA-256.
 * A request names the account it acts as with `X-Account: <userId>`; without it the
 * account signed in most recently on the device acts.
 */
const COOKIE_PREFIX = 'ks_'
const COOKIE_RE = /^ks_(\d{1,15})$/
const SESSION_DAYS = 30
/** Sliding expiry is refreshed at most this often, so reads do not write on every request. */
const TOUCH_AFTER_MS = 10 * 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
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

export function sessionService(repo: SessionsRepo) {
  /** Live sessions of this device whose cookie name matches their user, newest first. */
  async function deviceSessions(request: FastifyRequest): Promise<LiveSession[]> {
    const cookies = deviceCookies(request)
    const live = await repo.findLive(cookies.map((c) => c.tokenHash))
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
      const live = await deviceSessions(request)
      const session = wanted === undefined ? live[0] : live.find((s) => s.userId === wanted)
      if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await repo.touch(session.id, expiry())
      }
      return session
    },

    /** Signs `userId` in on this device with a new token, replacing its previous session here. */
    async signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<number> {
      const previous = request.cookies[`${COOKIE_PREFIX}${userId}`]
      if (previous) await repo.revokeByTokenHash(hashToken(previous))
      const token = randomBytes(32).toString('base64url')
      const id = await repo.insert({
        userId,
        tokenHash: hashToken(token),
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        ip: request.ip,
        expiresAt: expiry(),
      })
      setCookie(reply, request, userId, token)
      return id
    },

    async signOut(reply: FastifyReply, session: { id: number; userId: number }): Promise<void> {
      await repo.revoke(session.id)
      reply.clearCookie(`${COOKIE_PREFIX}${session.userId}`, { path: '/' })
    },

    /** Remembers the `lang` a session's requests now send (the dispatcher calls it on a change). */
    setLang: repo.setLang,
    revokeAllOfUser: repo.revokeAllOfUser,
    listOfUser: repo.listOfUser,
    revokeOfUser: repo.revokeOfUser,
    /** Clears an account's cookie on this device (its session was ended elsewhere in the request). */
    clearCookie(reply: FastifyReply, userId: number): void {
      reply.clearCookie(`${COOKIE_PREFIX}${userId}`, { path: '/' })
    },
  }
}
export type SessionService = ReturnType<typeof sessionService>
