import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './errors'

/** `meta.silent`: the caller shows failures itself (or, for the version check, nowhere). */
type CallMeta = { silent?: boolean }

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta
    mutationMeta: CallMeta
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The app's query client: no retries (spec §9), failures reported once through
 * `report` unless the pipeline already handled them or the call asked for silence.
 */
export function createQueryClient(report: (message: string) => void): QueryClient {
  const onError = (error: Error, meta: CallMeta | undefined) => {
    if (meta?.silent || (isApiError(error) && error.silent)) return
    report(error.message)
  }
  // TanStack assumes online until an `offline` event: an app opened offline starts offline, so
  // its reads pause on the last-known answers instead of failing
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      // gcTime: an answer read once stays in the offline copy (api/offline.ts) for the day
      queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: DAY_MS },
      // a write offline is not paused until the network returns: it fails at once (OFFLINE)
      mutations: { retry: 0, networkMode: 'always' },
    },
  })
}
