import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import qs from 'qs'
import { ChainUnavailable } from '../../chain/chain.ts'
import { isSameSiteRequest } from '../auth/csrf.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { requestLang } from '../rpc/dispatcher.ts'
import { fail } from '../rpc/envelope.ts'

/** Strict-Transport-Security for requests that came over TLS (browsers ignore it over HTTP). */
const HSTS = 'max-age=31536000; includeSubDomains'

/** Bodies larger than this are refused with 413 (uploads get their own route and limit). */
export const BODY_LIMIT = 64 * 1024

/** The users' socket route: a socket cannot send X-Account, `?account=` names the account instead. */
const USER_SOCKET = '/v1/ws'

/**
 * Reads `?account=` of a user's socket as the X-Account header the session resolver reads
 * (platform/realtime/sockets.ts): a browser's WebSocket cannot set headers.
 */
function accountFromQuery(request: FastifyRequest): void {
  const { account } = request.query as { account?: unknown }
  if (typeof account === 'string') request.headers['x-account'] = account
}

/**
 * What every request meets before a feature sees it: security headers (CSP; HSTS over TLS),
 * cookies, form bodies with qs limits, the rate limiter (routes opt in), the error answers
 * (413, 429, 4xx, 503 for a dependency that is down, 500) and the CSRF check of `/v1/*` POSTs.
 */
export const hardening = fp(
  async (server) => {
    await server.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // the app is served over plain HTTP on loopback by default: HSTS only over TLS (below)
      strictTransportSecurity: false,
    })
    // over TLS (or behind a TLS proxy with TRUST_PROXY=1), every answer pins HTTPS for a year
    // (hooks every request runs take a callback: an async one costs each request a promise)
    server.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
      done(null, payload)
    })
    await server.register(cookie)
    await server.register(formbody, {
      parser: (body) => qs.parse(body, { depth: 5, arrayLimit: 100, parameterLimit: 500 }),
    })
    await server.register(rateLimit, {
      global: false,
      errorResponseBuilder: (request, context) => ({
        statusCode: 429,
        ...fail('RATE_LIMITED', requestLang(request)),
        retryAfter: context.after,
      }),
    })

    server.setErrorHandler((error, request, reply) => {
      const lang = requestLang(request)
      const status = (error as { statusCode?: number }).statusCode ?? 500
      if (status === 413) return reply.code(413).send(fail('BODY_TOO_LARGE', lang))
      if (status === 429) return reply.code(429).send(fail('RATE_LIMITED', lang))
      if (status >= 400 && status < 500) return reply.code(status).send(fail('MALFORMED_BODY', lang))
      // the database restarting, or a node failure a feature did not answer itself
      const down =
        error instanceof ChainUnavailable
          ? 'CHAIN_UNAVAILABLE'
          : isDatabaseUnavailable(error)
            ? 'SERVICE_UNAVAILABLE'
            : undefined
      if (down) {
        // said once per request without the error itself: a driver error may quote SQL and its params
        request.log.warn({ down }, 'dependency unavailable')
        return reply.code(503).send(fail(down, lang))
      }
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send(fail('INTERNAL', lang))
    })

    server.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'POST' && request.url.startsWith('/v1/') && !isSameSiteRequest(request)) {
        reply.code(403).send(fail('CSRF_REJECTED', requestLang(request)))
        return
      }
      if (request.method === 'GET' && request.routeOptions.url === USER_SOCKET) accountFromQuery(request)
      done()
    })
  },
  { name: 'http-hardening' },
)
