import { SKIP_WAITING } from './messages'

/** The built service worker (vite-plugin-pwa writes src/sw/sw.ts to dist/sw.js). */
const SW_URL = '/sw.js'

/**
 * Registers the service worker once the page has loaded (the built app only: the dev server
 * has none). A new version found later installs and waits for {@link activateWaitingVersion}.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () =>
    navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed:', error)
    })
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

/**
 * The update dialog's 'Update Now' (spec §3): looks for the new version, and tells the one
 * installed and waiting to take over, so that the next page load is the new build. Resolves
 * when it has been told (or when there is none: a browser without service workers, or one
 * not yet installed, which the next launch picks up anyway).
 */
export async function activateWaitingVersion(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return
  await registration.update().catch(() => undefined)
  const worker = registration.waiting ?? (await installed(registration.installing))
  worker?.postMessage({ type: SKIP_WAITING })
}

/** The worker once installed, or null when it fails (redundant) or there is none. */
function installed(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null)
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve(worker)
      else if (worker.state === 'redundant') resolve(null)
    }
    worker.addEventListener('statechange', settle)
    settle()
  })
}
