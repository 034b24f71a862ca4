import { Segmented } from '@/shared/ui/Segmented'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { wallet } from '@kinetic/protocol'
import { DotLoading, InfiniteScroll, Switch } from 'antd-mobile'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBalancesQuery } from '../assets.queries'
import { useHistoryQuery, type HistoryType } from '../transfer.queries'
import styles from './History.module.css'
import { RefreshCountdown } from './RefreshCountdown'
import { TransferItem } from './TransferItem'

/**
 * Transfers of a wallet (or of one coin in it): all / income / outgo, auto-refreshing, paged.
 * Look-alike dust (address poisoning) is hidden unless the switch shows it, marked.
 */
export function TransferHistory({ walletId, coinId }: { walletId: number; coinId: number | null }) {
  const { t } = useTranslation()
  const [type, setType] = useState<HistoryType>('all')
  const [suspicious, setSuspicious] = useState(false)
  const switchLabel = useId()
  const query = useHistoryQuery(walletId, coinId, type, suspicious)
  const transfers = query.data?.pages.flatMap((page) => page.list) ?? []
  const assets = useBalancesQuery(walletId).data?.assets ?? []
  const symbolOf = (contract: string) =>
    assets.find((asset) => asset.contract?.toLowerCase() === contract.toLowerCase())?.symbol

  return (
    <section className={styles.history} aria-label={t('wallet.history.title')}>
      <div className={styles.toolbar}>
        <Segmented
          className={styles.tabs}
          options={wallet.HISTORY_TYPES.map((tab) => ({ value: tab, label: t(`wallet.history.${tab}`) }))}
          value={type}
          onChange={setType}
        />
        <RefreshCountdown onRefresh={() => query.refetch()} busy={query.isFetching} />
      </div>
      <div className={styles.suspiciousRow}>
        <span id={switchLabel}>{t('wallet.history.showSuspicious')}</span>
        <Switch checked={suspicious} onChange={setSuspicious} aria-labelledby={switchLabel} />
      </div>
      {query.error && !query.data ? (
        <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading />
      ) : transfers.length === 0 ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : (
        <>
          <ul className={styles.list}>
            {transfers.map((transfer) => (
              <li key={`${transfer.hash}:${transfer.log_index}`}>
                <TransferItem transfer={transfer} symbolOf={symbolOf} />
              </li>
            ))}
          </ul>
          <InfiniteScroll
            hasMore={query.hasNextPage}
            loadMore={async () => {
              await query.fetchNextPage()
            }}
          >
            {(hasMore) => <span className={styles.end}>{hasMore ? <DotLoading /> : t('wallet.common.noMore')}</span>}
          </InfiniteScroll>
        </>
      )}
    </section>
  )
}
