/** What the service worker's push handlers (push.ts) and the open app tell each other. */

/** Worker → app: a push arrived (its kind); the app refreshes its messages and unread count. */
export const PUSH_RECEIVED = 'kinetic:push-received'
/** Worker → app: a notification was tapped; the open app goes to this route. */
export const OPEN_ROUTE = 'kinetic:open-route'

/** The push as the server sends it, encrypted (apps/server content/push.service.ts `PushPayload`). */
export interface PushPayload {
  kind: string
  title: string
  body: string
  /** An app route (`/messageDetail?id=7`), opened under the hash router. */
  url: string
}

/** A route of this app, or Home: never another origin (`//host`) or a scheme. */
export function appRoute(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])[\w\-./?=&%]*$/.test(url) ? url : '/'
}
