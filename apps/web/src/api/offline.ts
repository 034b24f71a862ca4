import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core'
import { hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query'
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval'
import { currentAccountId } from './session'

/**
 * The last-known answers, kept on the device per account (docs/adr/2026-11-24-pwa-offline-reads.md):
 * what the signed-in account last read (Home, health reports, wallet balances, …) and the public
 * answers, in IndexedDB under `account:<id>`, restored when the app starts offline so it shows them.
 * Only reads with an answer are kept (as that answer), never mutations (a 2FA secret is a
 * mutation's answer). Wiped at sign-out ({@link forgetOfflineCopy}) and when a session is lost
 * ({@link forgetAllOfflineCopies}).
 */

/** A copy older than this is dropped at launch rather than shown. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** How long after an answer the copy is saved: the answers of one burst are saved together. */
const SAVE_DELAY_MS = 100

let store: UseStore | undefined
const db = () => (store ??= createStore('kinetic-offline', 'answers'))
const keyOf = (account: number) => `account:${account}`

function persisterFor(account: number): Persister {
  return {
    persistClient: (client) => set(keyOf(account), lastAnswers(withCarried(client)), db()),
    restoreClient: () => get(keyOf(account), db()),
    removeClient: () => del(keyOf(account), db()),
  }
}

/** What one account's copy holds: its own reads that have an answer, and the public ones. */
const belongsTo = (account: number) => (query: Query) => {
  const [scope, owner] = query.queryKey
  return query.state.data !== undefined && (scope === 'public' || (scope === 'signedIn' && owner === account))
}

/** The client with the answers {@link carried} from an earlier session that it has not read again. */
function withCarried(client: PersistedClient): PersistedClient {
  if (carried.length === 0) return client
  const read = new Set(client.clientState.queries.map((query) => query.queryHash))
  const queries = [...client.clientState.queries, ...carried.filter((query) => !read.has(query.queryHash))]
  return { ...client, clientState: { ...client.clientState, queries } }
}

/**
 * Each read as its last answer: a read whose refetch failed (the network went while it was
 * under way) keeps the answer it had, stored as that answer — not as the failure.
 */
function lastAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => ({
    ...query,
    state: {
      ...query.state,
      status: 'success' as const,
      error: null,
      fetchStatus: 'idle' as const,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  }))
  return { ...client, clientState: { ...client.clientState, queries } }
}

/** The build: a copy written by another version (another shape of answers) is not restored. */
const buster = __APP_VERSION__

/** The account whose copy is in memory now (restored, and saved to from here on). */
let restoredFor: number | null = null
/** A restore under way: nothing is saved until it is in (a save would drop the stored copy). */
let restoring: Promise<void> | null = null

/**
 * The restored answers stand until the server's come in: each is marked stale, so the first
 * screen that reads it asks again (offline, the read pauses on the copy). Left fresh, an answer
 * saved under 30 s ago (`staleTime`) would be shown as current after a reload — a profile whose
 * time zone another device had just changed, say.
 */
function markStale(queryClient: QueryClient, restored: PersistedClient | undefined) {
  if (!restored) return
  for (const { queryHash } of restored.clientState.queries) {
    const query = queryClient.getQueryCache().get(queryHash)
    // a query answered since by the server keeps its fresh answer (the copy did not replace it)
    if (query && query.state.dataUpdatedAt <= restored.timestamp) query.invalidate()
  }
}

/** The stored copy's answers not older than {@link MAX_AGE_MS}, when it is this build's. */
async function storedAnswers(account: number): Promise<PersistedClient['clientState']['queries']> {
  const stored = await persisterFor(account).restoreClient()
  if (!stored || stored.buster !== buster) return []
  return stored.clientState.queries.filter((query) => Date.now() - query.state.dataUpdatedAt <= MAX_AGE_MS)
}

/**
 * The answers of an earlier session, when this one started online: carried into every save
 * (those not read again), so the copy still holds the reports not opened since, unshown.
 */
let carried: PersistedClient['clientState']['queries'] = []

/**
 * The network went in a launch that started online: the carried answers the app has not read
 * again stand in for them, as a reload offline would show them (restored, marked stale) — a
 * screen reached by a move inside the app shows the same copy, not "not opened on this device".
 */
function showCarried(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache()
  const missing = carried.filter((query) => cache.get(query.queryHash)?.state.data === undefined)
  if (missing.length === 0) return
  hydrate(queryClient, { mutations: [], queries: missing })
  for (const { queryHash } of missing) void cache.get(queryHash)?.invalidate()
}

function restore(queryClient: QueryClient, account: number | null): Promise<void> {
  restoredFor = account
  carried = []
  if (account === null) return Promise.resolve()
  // Online, the server answers: a copy restored then would stand in for answers a write has just
  // changed (a form filled from it keeps the old values). Only an offline start shows it.
  restoring = (
    navigator.onLine
      ? storedAnswers(account).then((queries) => void (carried = queries))
      : restoreInto(queryClient, account)
  )
    .catch((error: unknown) => console.error('Offline copy not restored:', error))
    .finally(() => (restoring = null))
  return restoring
}

function restoreInto(queryClient: QueryClient, account: number): Promise<void> {
  const persister = persisterFor(account)
  let restored: PersistedClient | undefined
  const restoreClient = async () => (restored = await persister.restoreClient())
  return persistQueryClientRestore({
    queryClient,
    persister: { ...persister, restoreClient },
    maxAge: MAX_AGE_MS,
    buster,
  }).then(() => markStale(queryClient, restored))
}

/**
 * Restores the acting account's copy into `queryClient` (resolves when done) and from then on
 * saves what it reads. When the acting account changes, the next account's copy is restored first.
 */
export function startOfflineCopy(queryClient: QueryClient): Promise<void> {
  const save = () => {
    if (restoring) return void restoring.then(save)
    const account = currentAccountId()
    if (account !== restoredFor) return void restore(queryClient, account).then(save)
    if (account === null) return
    persistQueryClientSave({
      queryClient,
      persister: persisterFor(account),
      buster,
      dehydrateOptions: { shouldDehydrateQuery: belongsTo(account), shouldDehydrateMutation: () => false },
    }).catch((error: unknown) => console.error('Offline copy not saved:', error))
  }
  // answers arrive in bursts: one save for each, soon after it (a save started only as the
  // page goes may never land)
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return
    pending = true
    timer ??= setTimeout(() => {
      timer = undefined
      pending = false
      save()
    }, SAVE_DELAY_MS)
  })
  // best effort for what arrived in the last moment
  window.addEventListener('pagehide', () => {
    if (pending) save()
  })
  onlineManager.subscribe((online) => {
    if (!online) void (restoring ?? Promise.resolve()).then(() => showCarried(queryClient))
  })
  return restore(queryClient, currentAccountId())
}

/** Sign-out and "Clear cache": this account's copy is deleted from the device. */
export async function forgetOfflineCopy(account: number): Promise<void> {
  if (account === restoredFor) carried = []
  await del(keyOf(account), db())
}

/** A lost session (spec §4 clears local storage): every copy on the device is deleted. */
export async function forgetAllOfflineCopies(): Promise<void> {
  restoredFor = null
  await clear(db())
}
