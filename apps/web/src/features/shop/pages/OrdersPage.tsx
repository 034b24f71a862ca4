import { currentLocale } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber } from '@kinetic/protocol'
import { InfiniteScroll } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useOrdersQuery } from '../shop.queries'
import styles from './Shop.module.css'

/** My orders, newest first: paid → shipped → completed (beyond spec §2's routes). */
export function OrdersPage() {
  const { t } = useTranslation()
  const { data, error, refetch, fetchNextPage, hasNextPage } = useOrdersQuery()
  const orders = data?.pages.flatMap((p) => p.list) ?? []
  return (
    <Page title={t('shop.orders.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : orders.length === 0 ? (
        <EmptyState text={t('common.empty')} />
      ) : (
        <>
          <ul aria-label={t('shop.orders.title')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {orders.map((order) => (
              <li key={order.id} className={styles.order}>
                <div className={styles.orderHead}>
                  <h3>{order.good.name}</h3>
                  <span className={styles.status}>{t(`shop.orders.status.${order.status}`)}</span>
                </div>
                <p className={styles.orderLine}>
                  {t('shop.price', { points: formatNumber(order.price) })} ·{' '}
                  {new Date(order.created_at).toLocaleString(currentLocale())}
                </p>
                {order.ship_address && (
                  <p className={styles.orderLine}>
                    {order.ship_name} {order.ship_phone} · {order.ship_address}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
            {hasNextPage ? <Loading /> : t('shop.noMore')}
          </InfiniteScroll>
        </>
      )}
    </Page>
  )
}
