import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { useRulesQuery } from '../earn.queries'
import styles from './Earn.module.css'

const show = (value: number | string | string[]) =>
  Array.isArray(value) ? value.map((v) => formatNumber(v)).join(' → ') : formatNumber(value)

/** The rules (beyond spec §2): every rate, cap, stage and reward from the config table. */
export function RulesPage() {
  const { t } = useTranslation()
  const { data, error, refetch } = useRulesQuery()
  return (
    <Page title={t('earn.rules.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <dl className={styles.rules}>
          {Object.entries(data.rules).map(([key, value]) => (
            <div key={key} className={styles.rule}>
              <dt>{t(`earn.rules.items.${key}`, { defaultValue: key })}</dt>
              <dd data-rule={key}>{show(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Page>
  )
}
