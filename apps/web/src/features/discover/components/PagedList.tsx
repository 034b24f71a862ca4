import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { InfiniteScroll } from 'antd-mobile'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from '../pages/Lists.module.css'

/**
 * A paged list read as it scrolls: 'No records available' when empty, 'There's nothing
 * more' once the last page is in.
 */
export function PagedList<T>(props: {
  label: string
  query: {
    data: { pages: { list: T[] }[] } | undefined
    error: Error | null
    refetch: () => unknown
    fetchNextPage: () => Promise<unknown>
    hasNextPage: boolean
  }
  itemKey: (item: T) => string | number
  render: (item: T) => ReactNode
}) {
  const { t } = useTranslation()
  const { data, error, refetch, fetchNextPage, hasNextPage } = props.query
  const items = data?.pages.flatMap((p) => p.list) ?? []
  if (error) return <LoadFailed message={error.message} onRetry={() => void refetch()} />
  if (!data) return <Loading />
  if (items.length === 0) return <EmptyState text={t('common.empty')} />
  return (
    <>
      <ul className={styles.list} aria-label={props.label}>
        {items.map((item) => (
          <li key={props.itemKey(item)} className={styles.item}>
            {props.render(item)}
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
        {hasNextPage ? <Loading /> : t('earn.noMore')}
      </InfiniteScroll>
    </>
  )
}
