import { Page } from '@/shared/ui/Page'
import { formatNumber } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { PagedList } from '../components/PagedList'
import { useSharesQuery } from '../discover.queries'
import { useRewardKind } from './kind'
import styles from './Lists.module.css'

/** View details (`/findDetail?kind=computing|token`): my share of each settled day, newest first. */
export function FindDetailPage() {
  const { t } = useTranslation()
  const kind = useRewardKind()
  const query = useSharesQuery(kind)
  const title = t(`discover.detail.title.${kind}`)
  return (
    <Page title={title}>
      <PagedList
        label={title}
        query={query}
        itemKey={(share) => share.day}
        render={(share) => (
          <>
            <div>
              <strong>{t('discover.utcDay', { day: share.day })}</strong>
              <span className={styles.weak}>
                {t(`discover.detail.basis.${kind}`, {
                  basis: formatNumber(share.basis),
                  total: formatNumber(share.total_basis),
                })}
              </span>
            </div>
            <div className={styles.amount}>
              <span className={styles.plus}>{t('discover.kntAmount', { amount: formatNumber(share.reward) })}</span>
              <span className={styles.weak}>
                {t(share.received ? 'discover.detail.received' : 'discover.detail.unclaimed')}
              </span>
            </div>
          </>
        )}
      />
    </Page>
  )
}
