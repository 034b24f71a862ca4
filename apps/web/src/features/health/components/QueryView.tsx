import { LoadFailed, Loading } from '@/shared/ui/Status'
import type { ReactNode } from 'react'

type QueryState<T> = { data: T | undefined; error: Error | null; refetch: () => unknown }

/** A report's answer: loading, failed with a retry, or the content drawn from it. */
export function QueryView<T>({ query, children }: { query: QueryState<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return children(query.data)
  if (query.error) return <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />
  return <Loading />
}
