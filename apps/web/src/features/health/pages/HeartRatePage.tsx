import { Page } from '@/shared/ui/Page'
import { Button } from 'antd-mobile'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { DateBar, useReportDate } from '../components/DateBar'
import { PeriodTabs } from '../components/PeriodTabs'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { ZoneBar } from '../components/ZoneBar'
import { useHeartRateQuery } from '../health.queries'
import { heartRateCurve } from '../lib/chartOptions'
import { DASH } from '../lib/format'

/** Heart rate of a day: latest and resting, the curve coloured by zone, and time in each zone. */
export function HeartRatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [date, setDate] = useReportDate()
  const query = useHeartRateQuery(date)
  const report = query.data
  const bpm = t('health.unit.bpm')
  const curve = useMemo(() => report && heartRateCurve(report.series, report.hr_max, bpm), [report, bpm])

  return (
    <Page title={t('health.heartRate.title')}>
      <PeriodTabs metric="resting_hr" value="day" date={report?.date ?? date} />
      <DateBar day={report?.date ?? date} onChange={setDate} />
      <QueryView query={query}>
        {(r) => (
          <>
            <Card>
              <div className={styles.hero}>
                <div>
                  <div className={styles.heroLabel}>{t('health.heartRate.latest')}</div>
                  <div className={styles.heroValue}>
                    {r.summary.latest?.bpm ?? DASH}
                    <span className={styles.unit}>{bpm}</span>
                  </div>
                </div>
                {r.summary.latest && <span className={styles.weak}>{r.summary.latest.time}</span>}
              </div>
              <Stats
                items={[
                  { label: t('health.heartRate.resting'), value: r.summary.resting ?? DASH, unit: bpm },
                  { label: t('health.heartRate.average'), value: r.summary.avg ?? DASH, unit: bpm },
                  {
                    label: t('health.heartRate.range'),
                    value: r.summary.min !== null ? `${r.summary.min}–${r.summary.max}` : DASH,
                  },
                ]}
              />
            </Card>
            <Card title={t('health.heartRate.curve')}>
              {r.series.length > 0 && curve ? (
                <Chart option={curve} height={180} label={t('health.heartRate.curve')} />
              ) : (
                <p className={styles.empty}>{t('common.empty')}</p>
              )}
            </Card>
            <Card title={t('health.zones.title')} note={t('health.zones.hrMax', { bpm: r.hr_max })}>
              <ZoneBar zones={r.zones} />
              <p className={styles.note}>{t('health.zones.explain')}</p>
            </Card>
            <div className={styles.actions}>
              <Button block shape="rounded" onClick={() => void navigate(`/heartRateRecord?date=${r.date}`)}>
                {t('health.heartRateRecord.title')}
              </Button>
              <Button block shape="rounded" fill="none" color="primary" onClick={() => void navigate('/heartRateLive')}>
                {t('health.live.title')}
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </Page>
  )
}
