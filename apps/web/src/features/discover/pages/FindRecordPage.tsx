import { currentLocale } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { formatNumber } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { PagedList } from '../components/PagedList'
import { useReceiptsQuery } from '../discover.queries'
import { useRewardKind } from './kind'
import styles from './Lists.module.css'

/** Receive record (`/findRecord?kind=computing|token`): each receive of one stream, newest first. */
export function FindRecordPage() {
  const { t } = useTranslation()
  const kind = useRewardKind()
  const query = useReceiptsQuery(kind)
  const title = t(`discover.record.title.${kind}`)
  return (
    <Page title={title}>
      <PagedList
        label={title}
        query={query}
        itemKey={(receipt) => receipt.id}
        render={(receipt) => (
          <>
            <div>
              <span>{new Date(receipt.time).toLocaleString(currentLocale())}</span>
              <span className={styles.weak}>{t('discover.record.days', { days: receipt.days })}</span>
            </div>
            <span className={styles.plus}>+{t('discover.kntAmount', { amount: formatNumber(receipt.amount) })}</span>
          </>
        )}
      />
    </Page>
  )
}
