import { CSRF_HEADER, CSRF_VALUE } from '@kinetic/protocol'
import type { FastifyRequest } from 'fastify'

/**
 * CSRF guard for every `/v1/*` POST (DESIGN §5): the request must carry
 * `X-Requested-With: XMLHttpRequest`, which a cross-site form cannot send without a CORS
 * preflight this server never grants, and an `Origin`, when present, of this host.
 */
export function isSameSiteRequest(request: FastifyRequest): boolean {
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) return false
  if (request.headers['sec-fetch-site'] === 'cross-site') return false
  const origin = request.headers.origin
  if (origin === undefined) return true
  try {
    const site = new URL(origin)
    // parse the Host header too, so a default port spelled out (`localhost:80`) still matches
    return site.host === new URL(`${site.protocol}//${request.headers.host}`).host
  } catch {
    return false
  }
}
