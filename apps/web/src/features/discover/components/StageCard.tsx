import { formatNumber, type earn, type Result } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styles from '../pages/Find.module.css'
import { EstimateFigures } from './EstimateFigures'
import { Figure } from './Figure'

type Find = Result<typeof earn.find>

/** A stage's KNT per day now and next, and the token share (Discover and the economy page). */
export function StageFigures({ stage, emissionTestId }: { stage: Find['stage']; emissionTestId: string }) {
  const { t } = useTranslation()
  // the unit goes with the label: three figures share a 375 px row
  const knt = (label: string) => t('discover.inKnt', { label })
  return (
    <div className={styles.figures}>
      <Figure label={knt(t('discover.stage.emission'))} value={formatNumber(stage.emission)} testId={emissionTestId} />
      <Figure
        label={knt(t('discover.stage.next'))}
        value={stage.next_emission === null ? t('discover.stage.lastStage') : formatNumber(stage.next_emission)}
      />
      <Figure
        label={t('discover.stage.tokenShare')}
        value={t('discover.stage.pct', { pct: formatNumber(stage.token_share_pct) })}
      />
    </div>
  )
}

/**
 * The emission stage (number, day x of y of today's UTC settlement day, KNT per day now and next,
 * the token share, what a unit earns today, the link to the economy page) and the last settlement.
 */
export function StageCard({
  stage,
  estimate,
  last,
}: {
  stage: Find['stage']
  estimate: Find['estimate']
  last: Find['last_settlement']
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const title = t('discover.stage.title')
  // the unit goes with the label: three figures share a 375 px row
  const knt = (label: string) => t('discover.inKnt', { label })
  return (
    <>
      <section className={styles.card} aria-label={title}>
        <div className={styles.head}>
          <h2 className={`${styles.cardTitle} ${styles.keep}`} data-testid="stage-number">
            {t('discover.stage.number', { number: stage.number })}
          </h2>
          <span className={`${styles.weak} ${styles.trail}`} data-testid="stage-day">
            {t('discover.stage.day', { day: stage.day, days: stage.days, date: stage.settlement_day })}
          </span>
        </div>
        <StageFigures stage={stage} emissionTestId="stage-emission" />
        <EstimateFigures estimate={estimate} day={stage.settlement_day} />
        <div className={styles.links}>
          <button type="button" onClick={() => void navigate('/findEconomy')}>
            {t('discover.economy.open')}
          </button>
        </div>
      </section>
      <section className={styles.card} aria-label={t('discover.settlement.title')}>
        <h2 className={styles.cardTitle}>{t('discover.settlement.title')}</h2>
        {last ? (
          <div className={styles.figures}>
            <Figure label={t('discover.settlement.day')} value={last.day} testId="settlement-day" />
            <Figure label={knt(t('discover.settlement.emission'))} value={formatNumber(last.emission)} />
            <Figure label={t('discover.settlement.totalPower')} value={formatNumber(last.total_power)} />
          </div>
        ) : (
          <p className={styles.weak}>{t('discover.settlement.none')}</p>
        )}
      </section>
    </>
  )
}
