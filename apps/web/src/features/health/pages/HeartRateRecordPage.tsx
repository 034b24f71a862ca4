import { Page } from '@/shared/ui/Page'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { DateBar, useReportDate } from '../components/DateBar'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { useHeartRateQuery } from '../health.queries'
import { bloodPressureLines } from '../lib/chartOptions'
import { DASH } from '../lib/format'

/** Records of a day: heart rate (resting, lowest, highest), blood pressure high/low, SpO2. */
export function HeartRateRecordPage() {
  const { t } = useTranslation()
  const [date, setDate] = useReportDate()
  const query = useHeartRateQuery(date)
  const report = query.data
  const names = useMemo(() => ({ high: t('health.pressure.high'), low: t('health.pressure.low') }), [t])
  const pressure = useMemo(
    () => report && report.blood_pressure.length > 1 && bloodPressureLines(report.blood_pressure, names),
    [report, names],
  )
  const bpm = t('health.unit.bpm')
  const mmHg = t('health.unit.mmHg')

  return (
    <Page title={t('health.heartRateRecord.title')}>
      <DateBar day={report?.date ?? date} onChange={setDate} />
      <QueryView query={query}>
        {(r) => (
          <>
            <Card title={t('health.heartRateRecord.heartRate')}>
              <Stats
                items={[
                  { label: t('health.heartRate.resting'), value: r.summary.resting ?? DASH, unit: bpm },
                  { label: t('health.heartRate.lowest'), value: r.summary.min ?? DASH, unit: bpm },
                  { label: t('health.heartRate.highest'), value: r.summary.max ?? DASH, unit: bpm },
                ]}
              />
            </Card>
            {r.date < r.raw_kept.from && (
              <p className={styles.note} role="note">
                {t('health.rawGone', { days: r.raw_kept.days, from: r.raw_kept.from })}
              </p>
            )}
            <Card title={t('health.pressure.title')}>
              {r.blood_pressure.length === 0 ? (
                <p className={styles.empty}>{t('common.empty')}</p>
              ) : (
                <>
                  {pressure && <Chart option={pressure} height={150} label={t('health.pressure.title')} />}
                  <ul className={styles.list} aria-label={t('health.pressure.title')}>
                    {r.blood_pressure.map((reading) => (
                      <li key={reading.at} className={styles.row} aria-label={reading.time}>
                        <span className={styles.weak}>{reading.time}</span>
                        <span>
                          {t('health.pressure.reading', { high: reading.systolic, low: reading.diastolic })}
                          <span className={styles.unit}>{mmHg}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Card>
            <Card title={t('health.spo2.title')}>
              {r.spo2.length === 0 ? (
                <p className={styles.empty}>{t('common.empty')}</p>
              ) : (
                <ul className={styles.list}>
                  {r.spo2.map((reading) => (
                    <li key={reading.at} className={styles.row}>
                      <span className={styles.weak}>{reading.time}</span>
                      <span>{reading.percent}%</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
