import { persistQueryClientRestore, persistQueryClientSave, type Persister } from '@tanstack/query-persist-client-core'
import type { Query, QueryClient } from '@tanstack/react-query'
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval'
import { currentAccountId } from './session'

/**
 * The last-known answers, kept on the device per account (docs/adr/2026-11-24-pwa-offline-reads.md):
 * what the signed-in account last read (Home, health reports, wallet balances, …) and the public
 * answers, in IndexedDB under `account:<id>`, restored at launch so the app shows them offline.
 * Only successful reads are kept, never mutations (a 2FA secret is a mutation's answer). Wiped at
 * sign-out ({@link forgetOfflineCopy}) and when a session is lost ({@link forgetAllOfflineCopies}).
 */

/** A copy older than this is dropped at launch rather than shown. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Writes to IndexedDB at most this often (answers arrive in bursts). */
const SAVE_EVERY_MS = 1000

let store: UseStore | undefined
const db = () => (store ??= createStore('kinetic-offline', 'answers'))
const keyOf = (account: number) => `account:${account}`

function persisterFor(account: number): Persister {
  return {
    persistClient: (client) => set(keyOf(account), client, db()),
    restoreClient: () => get(keyOf(account), db()),
    removeClient: () => del(keyOf(account), db()),
  }
}

/** What one account's copy holds: its own successful reads and the public ones. */
const belongsTo = (account: number) => (query: Query) => {
  const [scope, owner] = query.queryKey
  return query.state.status === 'success' && (scope === 'public' || (scope === 'signedIn' && owner === account))
}

/** The build: a copy written by another version (another shape of answers) is not restored. */
const buster = __APP_VERSION__

/** The account whose copy is in memory now (restored, and saved to from here on). */
let restoredFor: number | null = null
let restoring: Promise<void> = Promise.resolve()

async function restore(queryClient: QueryClient, account: number | null): Promise<void> {
  restoredFor = account
  if (account === null) return
  await persistQueryClientRestore({ queryClient, persister: persisterFor(account), maxAge: MAX_AGE_MS, buster }).catch(
    (error: unknown) => console.error('Offline copy not restored:', error),
  )
}

/**
 * Restores the acting account's copy into `queryClient` (resolves when done) and from then on
 * saves what it reads. When the acting account changes, the next account's copy is restored first.
 */
export function startOfflineCopy(queryClient: QueryClient): Promise<void> {
  restoring = restore(queryClient, currentAccountId())
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = async () => {
    timer = undefined
    await restoring
    const account = currentAccountId()
    if (account !== restoredFor) {
      restoring = restore(queryClient, account)
      await restoring
    }
    if (account === null) return
    await persistQueryClientSave({
      queryClient,
      persister: persisterFor(account),
      buster,
      dehydrateOptions: { shouldDehydrateQuery: belongsTo(account), shouldDehydrateMutation: () => false },
    }).catch((error: unknown) => console.error('Offline copy not saved:', error))
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return
    timer ??= setTimeout(() => void save(), SAVE_EVERY_MS)
  })
  return restoring
}

/** Sign-out: this account's copy is deleted from the device. */
export async function forgetOfflineCopy(account: number): Promise<void> {
  await del(keyOf(account), db())
}

/** A lost session (spec §4 clears local storage): every copy on the device is deleted. */
export async function forgetAllOfflineCopies(): Promise<void> {
  restoredFor = null
  await clear(db())
}
