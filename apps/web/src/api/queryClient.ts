import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './errors'

/** `meta.silent`: the caller shows failures itself (or, for the version check, nowhere). */
type CallMeta = { silent?: boolean }

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta
    mutationMeta: CallMeta
  }
}

/**
 * The app's query client: no retries (spec §9), failures reported once through
 * `report` unless the pipeline already handled them or the call asked for silence.
 */
export function createQueryClient(report: (message: string) => void): QueryClient {
  const onError = (error: Error, meta: CallMeta | undefined) => {
    if (meta?.silent || (isApiError(error) && error.silent)) return
    report(error.message)
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  })
}
