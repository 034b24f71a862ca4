/// <reference lib="webworker" />
import { appRoute, OPEN_ROUTE, PUSH_RECEIVED, type PushPayload } from './push-messages'

declare const self: ServiceWorkerGlobalScope

/**
 * The service worker's Web Push handlers (imported by sw.ts): a push (RFC 8291-encrypted by the
 * server, decrypted by the browser) shows a notification with the title and text the server
 * wrote in the account's language, and tells any open window so its unread count refreshes;
 * tapping the notification focuses the app on the push's route, or opens it there.
 */
function payloadOf(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined
    if (!data || typeof data.title !== 'string') return undefined
    return { kind: String(data.kind ?? ''), title: data.title, body: String(data.body ?? ''), url: appRoute(data.url) }
  } catch {
    return undefined
  }
}

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true })

self.addEventListener('push', (event) => {
  const push = payloadOf(event)
  if (!push) return
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(push.title, {
        body: push.body,
        // one notification per kind: a newer one replaces it
        tag: push.kind,
        icon: '/icons/icon-192.png',
        data: { url: push.url },
      })
      for (const client of await windows()) client.postMessage({ type: PUSH_RECEIVED, kind: push.kind })
    })(),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const route = appRoute((event.notification.data as { url?: unknown } | null)?.url)
  event.waitUntil(
    (async () => {
      const open = (await windows()).find((client) => new URL(client.url).origin === self.location.origin)
      if (!open) {
        await self.clients.openWindow(`/#${route}`)
        return
      }
      await open.focus()
      open.postMessage({ type: OPEN_ROUTE, route })
    })(),
  )
})
