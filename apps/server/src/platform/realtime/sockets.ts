import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { Bus, BusEvent } from './bus.ts'

/** Who holds a socket: resolved from the request's session cookie before the upgrade. */
export type SocketOwner = { kind: 'user' | 'operator'; id: number }
export type ResolveOwner = (request: FastifyRequest) => Promise<number | undefined>

/** Sockets are pinged, and their session checked again, this often. */
const PING_MS = 25_000

/**
 * The browser's origin must be this host: a page on another site cannot open a socket that
 * rides on this site's cookies (cross-site WebSocket hijacking).
 */
export function isSameOriginUpgrade(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (!origin) return false
  try {
    const site = new URL(origin)
    return site.host === new URL(`${site.protocol}//${request.headers.host}`).host
  } catch {
    return false
  }
}

/**
 * WebSocket routes that push bus events (platform/realtime/bus.ts) to the sockets of this
 * instance: `/v1/ws` for users (session cookie, `?account=` picks one of several accounts
 * like `X-Account`), `/v1/admin/ws` for operators. Sockets only receive; every change goes
 * through an operation, so it is checked, stored and idempotent before it is pushed.
 */
export async function registerSockets(
  server: FastifyInstance,
  options: { bus: Bus; users: ResolveOwner; operators: ResolveOwner },
): Promise<void> {
  await server.register(websocket, { options: { maxPayload: 4096 } })
  const byUser = new Map<number, Set<WebSocket>>()
  const operators = new Set<WebSocket>()
  const owners = new WeakMap<FastifyRequest, number>()

  const send = (socket: WebSocket, data: BusEvent['data']) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(data))
  }
  const unsubscribe = options.bus.subscribe((event) => {
    if (event.user !== undefined) for (const socket of byUser.get(event.user) ?? []) send(socket, event.data)
    if (event.operators) for (const socket of operators) send(socket, event.data)
  })

  const alive = new WeakSet<WebSocket>()
  /** Asks again whether the socket's session is live (signed out, expired, password changed). */
  const stillSignedIn = new WeakMap<WebSocket, () => Promise<boolean>>()
  const ping = setInterval(() => {
    for (const socket of [...operators, ...[...byUser.values()].flatMap((s) => [...s])]) {
      if (!alive.has(socket)) {
        socket.terminate()
        continue
      }
      alive.delete(socket)
      socket.ping()
      // 4401: the session ended; the client stops pushing and its next call meets the 401
      void stillSignedIn
        .get(socket)?.()
        .then((live) => live || socket.close(4401, 'session ended'))
        .catch(() => undefined)
    }
  }, PING_MS)
  server.addHook('onClose', async () => {
    clearInterval(ping)
    unsubscribe()
  })

  const track = (socket: WebSocket, set: Set<WebSocket>, check: () => Promise<boolean>, onEmpty?: () => void) => {
    set.add(socket)
    alive.add(socket)
    stillSignedIn.set(socket, check)
    socket.on('pong', () => alive.add(socket))
    socket.on('close', () => {
      set.delete(socket)
      if (set.size === 0) onEmpty?.()
    })
    // the client sends nothing; anything it does send is ignored
    socket.on('message', () => undefined)
    send(socket, { type: 'ready' })
  }

  const authenticate =
    (resolve: ResolveOwner) =>
    async (request: FastifyRequest, reply: { code(n: number): { send(b: unknown): unknown } }) => {
      if (!isSameOriginUpgrade(request)) return reply.code(403).send({ code: false, msg: 'forbidden' })
      const id = await resolve(request)
      if (id === undefined) return reply.code(401).send({ code: 401, msg: 'Token is invalid or expired' })
      owners.set(request, id)
    }

  server.get('/v1/ws', { websocket: true, preValidation: authenticate(options.users) }, (socket, request) => {
    const id = owners.get(request)
    if (id === undefined) return socket.close(1008)
    let set = byUser.get(id)
    if (!set) byUser.set(id, (set = new Set()))
    track(
      socket,
      set,
      async () => (await options.users(request)) === id,
      () => byUser.delete(id),
    )
  })
  server.get('/v1/admin/ws', { websocket: true, preValidation: authenticate(options.operators) }, (socket, request) => {
    const id = owners.get(request)
    if (id === undefined) return socket.close(1008)
    track(socket, operators, async () => (await options.operators(request)) === id)
  })
}
