/** What the page and the service worker tell each other (one name, both sides). */

/** From the update dialog: the waiting version takes over now (sw.ts). */
export const SKIP_WAITING = 'SKIP_WAITING'

/** The cache a shared workout file waits in until the import page takes it (share.ts). */
export const SHARED_FILES_CACHE = 'kinetic-shared-files'
/** The one entry in that cache: the last file shared. */
export const SHARED_FILE_URL = '/shared-file'
/** Its original name travels in this header (a Response has no file name). */
export const SHARED_FILE_NAME_HEADER = 'X-File-Name'

/** The manifest's share_target action (manifests.ts); sw.ts takes the POST (share.ts). */
export const SHARE_TARGET_PATH = '/share-target'
