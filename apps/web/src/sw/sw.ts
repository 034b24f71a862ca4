/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { SHARE_TARGET_PATH, SKIP_WAITING } from './messages'
import './push'
import { handleShare } from './share'

declare const self: ServiceWorkerGlobalScope

/**
 * The app's service worker (docs/adr/2026-11-24-pwa-service-worker.md). It precaches the shell,
 * the route chunks, texts and icons (the list vite-plugin-pwa injects at build), answers every
 * page load of the app with the precached index.html, so the app opens offline, and takes
 * workout files shared to the installed app. Server state is not cached here: the app keeps
 * its last-known answers itself (api/offline.ts).
 *
 * A new version installs beside the running one and waits: it takes over only when the update
 * dialog asks (spec §3; no skipWaiting of its own), so one page never mixes two builds.
 */
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

/** Pages the server answers itself: the installer page, the operator console, the API and dev routes. */
const NOT_THE_APP = [/^\/download(\/|$)/, /^\/admin(\/|$)/, /^\/v1\//, /^\/dev\//, /^\/healthz$/, /^\/ws(\/|$)/]
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }))

registerRoute(({ url }) => url.pathname === SHARE_TARGET_PATH, handleShare, 'POST')

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting()
})
