import type { earn, Result } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { estimateText } from '../knt'
import styles from '../pages/Find.module.css'
import { Figure } from './Figure'

type Estimate = Result<typeof earn.find>['estimate']

/**
 * What a unit of power and a staked KNT would earn from today's pools (pool ÷ the current total),
 * labelled as an estimate; "the whole pool" while nobody holds one (Discover and the economy page).
 */
export function EstimateFigures({ estimate, day }: { estimate: Estimate; day: string }) {
  const { t } = useTranslation()
  const value = (v: string | null) => (v === null ? t('discover.estimate.whole') : `≈ ${estimateText(v)}`)
  return (
    <div role="group" aria-label={t('discover.estimate.title')} data-testid="estimate">
      <h3 className={styles.weak}>{t('discover.estimate.title')}</h3>
      <div className={styles.figures}>
        <Figure label={t('discover.estimate.perPower')} value={value(estimate.per_power)} testId="estimate-power" />
        <Figure label={t('discover.estimate.perStaked')} value={value(estimate.per_staked)} testId="estimate-staked" />
      </div>
      <p className={styles.weak}>{t('discover.estimate.note', { day })}</p>
    </div>
  )
}
