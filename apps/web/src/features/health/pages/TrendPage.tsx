import { Page } from '@/shared/ui/Page'
import { formatNumber, health } from '@kinetic/protocol'
import { LeftOutline, RightOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { useMinutesText } from '../components/Duration'
import styles from '../components/Health.module.css'
import { PeriodTabs } from '../components/PeriodTabs'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { useTrendQuery } from '../health.queries'
import { hoursAxis, trendChart } from '../lib/chartOptions'
import { addDays, isDay } from '../lib/dates'
import { DASH } from '../lib/format'

const METRICS = new Set<string>(health.TREND_METRICS)

/** A day of the month or year before or after the one holding `day`. */
function shift(day: string, period: health.TrendPeriod, by: 1 | -1): string {
  if (period === 'year') return `${Number(day.slice(0, 4)) + by}-01-01`
  const first = `${day.slice(0, 7)}-01`
  return by === 1 ? addDays(first, 32).slice(0, 8) + '01' : `${addDays(first, -1).slice(0, 8)}01`
}

/**
 * /healthTrend?metric=&period=&date=: a month (one bar or point per day) or a year (per month,
 * the average of its days with data) of steps, sleep, resting heart rate or weight.
 */
export function TrendPage() {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const metricParam = search.get('metric') ?? ''
  const metric = (METRICS.has(metricParam) ? metricParam : 'steps') as health.TrendMetric
  const period: health.TrendPeriod = search.get('period') === 'year' ? 'year' : 'month'
  const dateParam = search.get('date')
  const date = isDay(dateParam) ? dateParam : undefined
  const query = useTrendQuery(metric, period, date)
  const minutesText = useMinutesText(true)
  const format = (v: number) => {
    if (metric === 'sleep') return minutesText(v)
    if (metric === 'weight') return `${formatNumber(v, 1)} ${t('health.unit.kg')}`
    if (metric === 'resting_hr') return `${v} ${t('health.unit.bpm')}`
    return formatNumber(v)
  }
  const label = (key: string) =>
    key.length === 7
      ? new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', month: 'short' }).format(
          new Date(`${key}-01T00:00:00Z`),
        )
      : String(Number(key.slice(8)))
  const chart =
    query.data &&
    trendChart(
      query.data.points.map((p) => ({ label: label(p.key), value: p.value })),
      metric === 'steps' || metric === 'sleep' ? 'bar' : 'line',
      format,
      // sleep is counted in minutes and read in hours, as the headline says it
      metric === 'sleep' ? hoursAxis(t('health.unit.hours')) : undefined,
    )
  const go = (day: string) =>
    setSearch(
      (params) => {
        params.set('date', day)
        return params
      },
      { replace: true },
    )
  const title = t(`health.trend.metrics.${metric}`)
  const periodText = (from: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone: 'UTC',
      year: 'numeric',
      ...(period === 'month' && { month: 'long' }),
    }).format(new Date(`${from}T00:00:00Z`))

  return (
    <Page title={title}>
      <PeriodTabs metric={metric} value={period} date={date ?? query.data?.to} />
      <QueryView query={query}>
        {(trend) => (
          <>
            <nav className={styles.dateBar} aria-label={t('health.date.label')}>
              <button
                type="button"
                className={styles.dateStep}
                aria-label={t(`health.trend.previous.${period}`)}
                onClick={() => go(shift(trend.from, period, -1))}
              >
                <LeftOutline />
              </button>
              <span className={styles.dateLabel}>{periodText(trend.from)}</span>
              <button
                type="button"
                className={styles.dateStep}
                aria-label={t(`health.trend.next.${period}`)}
                onClick={() => go(shift(trend.from, period, 1))}
              >
                <RightOutline />
              </button>
            </nav>
            <Card title={title}>
              <Stats
                items={[
                  { label: t('health.trend.average'), value: trend.average === null ? DASH : format(trend.average) },
                  { label: t('health.trend.min'), value: trend.min === null ? DASH : format(trend.min) },
                  { label: t('health.trend.max'), value: trend.max === null ? DASH : format(trend.max) },
                ]}
              />
              {trend.days_with_data > 0 && chart ? (
                <Chart option={chart} height={200} label={title} />
              ) : (
                <p className={styles.empty}>{t('common.empty')}</p>
              )}
              <p className={styles.note}>
                {t(period === 'year' ? 'health.trend.explainYear' : 'health.trend.explainMonth', {
                  days: trend.days_with_data,
                })}
              </p>
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
