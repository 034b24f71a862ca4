import { SHARED_FILE_NAME_HEADER, SHARED_FILE_URL, SHARED_FILES_CACHE } from './messages'

let taking = false

/**
 * The workout file last shared to the installed app (kept by the service worker, share.ts), or
 * null: taken once — the copy is deleted as it is read, and a second call while one is under
 * way gets null, so one share imports once.
 */
export async function takeSharedFile(): Promise<File | null> {
  if (taking || !('caches' in window)) return null
  taking = true
  try {
    const cache = await caches.open(SHARED_FILES_CACHE)
    const response = await cache.match(SHARED_FILE_URL)
    if (!response) return null
    await cache.delete(SHARED_FILE_URL)
    const name = decodeURIComponent(response.headers.get(SHARED_FILE_NAME_HEADER) ?? '')
    return new File([await response.blob()], name)
  } finally {
    taking = false
  }
}
