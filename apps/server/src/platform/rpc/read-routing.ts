import type { MethodDef } from '@kinetic/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { onReplica } from '../db/replica.ts'

/**
 * Set by an operation that may write: while the browser keeps it, its read-only operations
 * read the primary, so a read right after a write sees it (read-your-writes,
 * docs/adr/2026-11-25-read-replica.md). The replica is trusted to be at most this far behind.
 */
export const PRIMARY_COOKIE = 'kn_primary'
export const PRIMARY_AFTER_WRITE_S = 5

/** Where an operation's handler reads when a replica is configured (`DATABASE_READ_URL`). */
export type ReadRouting = <T>(
  def: MethodDef,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
) => Promise<T>

export const readRouting: ReadRouting = async (def, request, reply, run) => {
  if (def.readOnly) return request.cookies[PRIMARY_COOKIE] ? run() : onReplica(run)
  const result = await run()
  reply.setCookie(PRIMARY_COOKIE, '1', {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: PRIMARY_AFTER_WRITE_S,
  })
  return result
}
