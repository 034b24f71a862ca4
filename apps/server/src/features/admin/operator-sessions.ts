import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AdminRepo } from './admin.repo.ts'

/**
 * Console sessions: their own HttpOnly cookie (`kop`, path `/`), so a user's session never
 * reaches a console operation and the console never acts as a user. 12 hours, not sliding.
 */
export const OPERATOR_COOKIE = 'kop'
const SESSION_HOURS = 12

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function operatorSessions(repo: AdminRepo) {
  return {
    async resolve(request: FastifyRequest) {
      const token = request.cookies[OPERATOR_COOKIE]
      if (!token || token.length > 128) return undefined
      return repo.liveSession(hashToken(token))
    },

    async signIn(request: FastifyRequest, reply: FastifyReply, operatorId: number): Promise<void> {
      const previous = request.cookies[OPERATOR_COOKIE]
      if (previous && previous.length <= 128) {
        const old = await repo.liveSession(hashToken(previous))
        if (old) await repo.revokeSession(old.id)
      }
      const token = randomBytes(32).toString('base64url')
      await repo.insertSession({
        operatorId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
      })
      reply.setCookie(OPERATOR_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: SESSION_HOURS * 3_600,
      })
    },

    async signOut(reply: FastifyReply, sessionId: number): Promise<void> {
      await repo.revokeSession(sessionId)
      reply.clearCookie(OPERATOR_COOKIE, { path: '/' })
    },
  }
}
export type OperatorSessions = ReturnType<typeof operatorSessions>
