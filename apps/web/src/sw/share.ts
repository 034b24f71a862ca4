/// <reference lib="webworker" />
import type { RouteHandlerCallbackOptions } from 'workbox-core'
import { SHARED_FILE_NAME_HEADER, SHARED_FILE_URL, SHARED_FILES_CACHE } from './messages'

/** Where a shared file is imported: the sports record's import (features/health). */
const IMPORT_ROUTE = '/#/sportsRecord?shared=1'

/**
 * A workout file shared to the installed app (the manifest's share_target, a multipart POST):
 * kept in a cache of its own, then the app opens on the import, which takes it from there
 * (features/health `takeSharedFile`). Anything but one file opens the import with nothing to take.
 */
export async function handleShare({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  const form = await request.formData().catch(() => undefined)
  const file = form?.getAll('file').find((value): value is File => typeof value !== 'string')
  const cache = await caches.open(SHARED_FILES_CACHE)
  await cache.delete(SHARED_FILE_URL)
  if (file) {
    await cache.put(
      SHARED_FILE_URL,
      new Response(file, { headers: { [SHARED_FILE_NAME_HEADER]: encodeURIComponent(file.name) } }),
    )
  }
  return Response.redirect(IMPORT_ROUTE, 303)
}
