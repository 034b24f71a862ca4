/** Reconnect delays after a dropped socket (ms); the last one repeats. */
const BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000]

export type LiveStatus = 'connecting' | 'online' | 'offline'

/**
 * A WebSocket that reconnects by itself (backoff, and at once when the browser comes back
 * online) and reports each (re)connection, so the caller can fetch what it missed while it
 * was away. The server only pushes; everything is sent through normal operations.
 */
export function openLiveSocket(options: {
  path: string
  onEvent: (event: { type: string } & Record<string, unknown>) => void
  onStatus: (status: LiveStatus) => void
}): () => void {
  let socket: WebSocket | undefined
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const connect = () => {
    if (closed) return
    clearTimeout(timer)
    options.onStatus('connecting')
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${options.path}`
    const current = new WebSocket(url)
    socket = current
    current.onmessage = (message) => {
      let event: unknown
      try {
        event = JSON.parse(String(message.data))
      } catch {
        return
      }
      if (typeof event !== 'object' || event === null || !('type' in event)) return
      if (event.type === 'ready') {
        attempt = 0
        options.onStatus('online')
      } else options.onEvent(event as { type: string })
    }
    current.onclose = (event) => {
      if (socket !== current || closed) return
      options.onStatus('offline')
      // 4401: the server ended the socket because the session ended; the next call meets the 401
      if (event.code === 4401) return
      const delay = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]
      timer = setTimeout(connect, delay)
    }
  }
  // back online: a socket that survived still reports 'online' again, so the caller catches up
  const reconnectNow = () => {
    if (socket?.readyState === WebSocket.OPEN) return options.onStatus('online')
    attempt = 0
    socket?.close()
    connect()
  }
  window.addEventListener('online', reconnectNow)
  connect()
  return () => {
    closed = true
    clearTimeout(timer)
    window.removeEventListener('online', reconnectNow)
    socket?.close()
  }
}

/** A random id for a message, made before sending it (no secure context needed). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
