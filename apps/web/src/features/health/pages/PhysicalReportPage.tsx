import { formatInstant, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { formatNumber, type health } from '@kinetic/protocol'
import { Button, Dialog } from 'antd-mobile'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { useFitnessQuery, useRedeemFitnessMutation } from '../health.queries'
import { DASH } from '../lib/format'

/**
 * The physical-fitness analysis (VO2max = 15.3 × HRmax / HRrest, resting heart rate, fitness
 * level), valid for a number of days after it is redeemed with points (a purchase of the
 * shop's analysis good). Redeeming asks first, with the cost and the balance, and says so when
 * there is no heart-rate data to analyse yet; a refusal (not enough points) shows under the button.
 */
export function PhysicalReportPage() {
  const { t, i18n } = useTranslation()
  const query = useFitnessQuery()
  const redeem = useRedeemFitnessMutation()
  const zone = useAccountTimeZone()
  const dateText = (iso: string) => formatInstant(iso, i18n.language, zone, { dateStyle: 'medium' })
  // a dialog left open must not outlive the page (a back gesture while it asks)
  useEffect(() => () => Dialog.clear(), [])
  const confirmRedeem = async (fitness: health.FitnessReport) => {
    const price = fitness.price ?? 0
    if (fitness.points < price) {
      await Dialog.alert({
        content: t('health.physical.notEnough', { price: formatNumber(price), points: formatNumber(fitness.points) }),
        confirmText: t('common.confirm'),
      })
      return
    }
    const confirmed = await Dialog.confirm({
      title: t('health.physical.confirmTitle'),
      content: (
        <>
          <p>
            {t('health.physical.confirmCost', { price: formatNumber(price), points: formatNumber(fitness.points) })}
          </p>
          {fitness.data_days === 0 && <p>{t('health.physical.confirmNoData')}</p>}
        </>
      ),
      confirmText: t('health.physical.confirmRedeem', { price: formatNumber(price) }),
      cancelText: t('health.physical.notNow'),
    })
    if (confirmed) redeem.mutate()
  }

  return (
    <Page title={t('health.physical.title')}>
      <QueryView query={query}>
        {(fitness) =>
          fitness.active && fitness.report ? (
            <>
              <Card
                title={t('health.physical.analysis')}
                note={fitness.valid_until && t('health.physical.validUntil', { date: dateText(fitness.valid_until) })}
              >
                <div className={styles.hero}>
                  <div role="group" aria-label={t('health.physical.vo2max')}>
                    <div className={styles.heroLabel}>{t('health.physical.vo2max')}</div>
                    <div className={styles.heroValue}>
                      {fitness.report.vo2max ?? DASH}
                      <span className={styles.unit}>{t('health.unit.vo2')}</span>
                    </div>
                  </div>
                  <div role="group" aria-label={t('health.physical.level')}>
                    <div className={styles.heroLabel}>{t('health.physical.level')}</div>
                    <div className={styles.heroValue}>
                      {fitness.report.level ? t(`health.physical.levels.${fitness.report.level}`) : DASH}
                    </div>
                  </div>
                </div>
                <Stats
                  items={[
                    {
                      label: t('health.stats.restingHr'),
                      value: fitness.report.hr_rest ?? DASH,
                      unit: t('health.unit.bpm'),
                    },
                    { label: t('health.physical.hrMax'), value: fitness.report.hr_max, unit: t('health.unit.bpm') },
                    { label: t('health.physical.days'), value: fitness.report.days },
                  ]}
                />
                {fitness.report.days === 0 && <p className={styles.note}>{t('health.physical.noData')}</p>}
                <p className={styles.note}>{t('health.physical.formula')}</p>
              </Card>
              <Card title={t('health.physical.inputsTitle')} note={fitness.report.method.name}>
                <div className={styles.zoneList}>
                  {fitness.report.inputs.map((input) => (
                    <div
                      key={input.input}
                      className={styles.inputRow}
                      role="group"
                      aria-label={t(`health.physical.inputs.${input.input}`)}
                    >
                      <span className={styles.inputName}>
                        <span>{t(`health.physical.inputs.${input.input}`)}</span>
                        <span className={styles.inputNote}>{t(`health.physical.sources.${input.source}`)}</span>
                      </span>
                      <span className={styles.inputValue}>
                        {input.value === null ? DASH : `${input.value} ${t('health.unit.bpm')}`}
                        {input.per_bpm !== null && (
                          <span className={styles.inputNote}>
                            {' '}
                            {t('health.physical.perBpm', {
                              value: `${input.per_bpm > 0 ? '+' : ''}${input.per_bpm}`,
                            })}
                          </span>
                        )}
                      </span>
                    </div>
                  ))}
                </div>
                <Stats
                  columns={2}
                  items={[
                    {
                      label: t('health.physical.confidence'),
                      value: t(`health.physical.confidenceLevels.${fitness.report.method.confidence}`),
                    },
                    {
                      label: t('health.physical.range'),
                      value: fitness.report.method.range
                        ? `${fitness.report.method.range[0]}–${fitness.report.method.range[1]}`
                        : DASH,
                      unit: 'ml/kg/min',
                    },
                  ]}
                />
                <p className={styles.note} aria-label={t('health.physical.method')}>
                  {fitness.report.method.formula}. {fitness.report.method.text}
                </p>
              </Card>
            </>
          ) : (
            <Card title={t('health.physical.analysis')}>
              <p className={styles.note}>{t('health.physical.about')}</p>
              <p className={styles.note}>{t('health.physical.validity', { days: fitness.valid_days })}</p>
              {fitness.valid_until && (
                <p className={styles.note}>{t('health.physical.expired', { date: dateText(fitness.valid_until) })}</p>
              )}
              {fitness.data_days === 0 && <p className={styles.note}>{t('health.physical.noData')}</p>}
              {fitness.price !== null && (
                <p className={styles.note}>
                  {t('health.physical.cost', {
                    price: formatNumber(fitness.price),
                    points: formatNumber(fitness.points),
                  })}
                </p>
              )}
              <div className={styles.actions}>
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  loading={redeem.isPending}
                  onClick={() => void confirmRedeem(fitness)}
                >
                  {t('health.physical.redeem')}
                </Button>
                {redeem.error && (
                  <p className={styles.empty} role="alert">
                    {redeem.error.message}
                  </p>
                )}
              </div>
            </Card>
          )
        }
      </QueryView>
    </Page>
  )
}
