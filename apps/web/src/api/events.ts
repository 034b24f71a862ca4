/**
 * What the pipeline reports to the app shell, which decides how to show it
 * (the shell shows the 500 toast and re-syncs language and cache after a session ends).
 */
type Listener = () => void

const listeners = { sessionExpired: new Set<Listener>(), serverError: new Set<Listener>() }
export type ApiEvent = keyof typeof listeners

export function onApiEvent(event: ApiEvent, listener: Listener): () => void {
  listeners[event].add(listener)
  return () => listeners[event].delete(listener)
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners[event]) listener()
}
