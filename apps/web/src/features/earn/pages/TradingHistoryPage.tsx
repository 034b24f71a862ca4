import { call } from '@/api'
import { currentLocale } from '@/i18n'
import { CsvExportSheet } from '@/shared/ui/CsvExportSheet'
import exportStyles from '@/shared/ui/CsvExportSheet.module.css'
import { Page } from '@/shared/ui/Page'
import { Segmented } from '@/shared/ui/Segmented'
import { ADDRESS, ShortAddress } from '@/shared/ui/ShortAddress'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { earn, formatTokenAmount } from '@kinetic/protocol'
import { InfiniteScroll } from 'antd-mobile'
import { DownlandOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EffortVerdict } from '../components/EffortVerdict'
import { useLedgerHistoryQuery } from '../earn.queries'
import styles from './Earn.module.css'

type AssetTab = 'all' | (typeof earn.LEDGER_ASSETS)[number]
type DirectionTab = 'all' | (typeof earn.DIRECTIONS)[number]

/** Every movement of my points, energy, computing power and KNT, filtered and paged. */
export function TradingHistoryPage() {
  const { t } = useTranslation()
  const [asset, setAsset] = useState<AssetTab>('all')
  const [direction, setDirection] = useState<DirectionTab>('all')
  const { data, error, refetch, fetchNextPage, hasNextPage } = useLedgerHistoryQuery({
    asset: asset === 'all' ? undefined : asset,
    direction: direction === 'all' ? undefined : direction,
  })
  const entries = data?.pages.flatMap((p) => p.list) ?? []
  const kindLabel = (kind: string) => t(`earn.history.kind.${kind}`, { defaultValue: kind })
  // amounts by the wallet's one rule (6 significant digits, at most 8 places), in the language's marks
  const amount = (value: string) => formatTokenAmount(value, { locale: currentLocale() })
  const [exporting, setExporting] = useState(false)
  const exportButton = (
    <button
      type="button"
      className={exportStyles.exportButton}
      aria-label={t('common.export.button')}
      onClick={() => setExporting(true)}
    >
      <DownlandOutline />
    </button>
  )

  return (
    <Page title={t('earn.history.title')} right={exportButton}>
      <CsvExportSheet
        visible={exporting}
        onClose={() => setExporting(false)}
        title={t('earn.history.exportTitle')}
        fileName={(range) => t('earn.history.fileName', range)}
        load={(range) => call(earn.ledgerExport, range)}
      />
      <div className={styles.filters}>
        <Segmented
          options={(['all', ...earn.LEDGER_ASSETS] as const).map((value) => ({
            value,
            label: t(`earn.asset.${value}`),
          }))}
          value={asset}
          onChange={setAsset}
        />
        <Segmented
          options={(['all', ...earn.DIRECTIONS] as const).map((value) => ({
            value,
            label: t(`earn.history.direction.${value}`),
          }))}
          value={direction}
          onChange={setDirection}
        />
      </div>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : entries.length === 0 ? (
        <EmptyState text={t('common.empty')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('earn.history.title')}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.item}>
                <div className={styles.entry}>
                  <div>
                    {kindLabel(entry.kind)}
                    {entry.detail &&
                      (ADDRESS.test(entry.detail) ? (
                        <>
                          {' · '}
                          <ShortAddress address={entry.detail} />
                        </>
                      ) : (
                        ` · ${entry.detail}`
                      ))}
                  </div>
                  <div className={styles.time}>{new Date(entry.time).toLocaleString(currentLocale())}</div>
                  {entry.effort && <EffortVerdict entryId={entry.id} effort={entry.effort} />}
                </div>
                <div className={styles.amount}>
                  <span className={entry.amount.startsWith('-') ? styles.minus : styles.plus}>
                    {entry.amount.startsWith('-') ? '' : '+'}
                    {amount(entry.amount)} {t(`earn.asset.${entry.asset}`)}
                  </span>
                  <span className={styles.time}>{t('earn.history.balance', { balance: amount(entry.balance) })}</span>
                </div>
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
            {hasNextPage ? <Loading /> : t('earn.noMore')}
          </InfiniteScroll>
        </>
      )}
    </Page>
  )
}
