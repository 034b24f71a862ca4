import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { formatNumber } from '@kinetic/protocol'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { DateBar, useReportDate } from '../components/DateBar'
import { PeriodTabs } from '../components/PeriodTabs'
import { useMinutesText } from '../components/Duration'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { useWeekLabel } from '../components/WeekLabel'
import { usePdfMutation, useWeekQuery } from '../health.queries'
import { weekBars } from '../lib/chartOptions'
import { weekday } from '../lib/dates'
import { DASH, km, signedPercent } from '../lib/format'

/** One week: the plain-words summary, totals, goal days, averages and the change from last week. */
export function WeeklyReportDetailPage() {
  const { t, i18n } = useTranslation()
  const shortMinutes = useMinutesText(true)
  const weekLabel = useWeekLabel()
  const [date, setDate] = useReportDate()
  const query = useWeekQuery(date)
  const week = query.data
  const stepsUnit = t('health.unit.steps')
  const charts = useMemo(
    () =>
      week && {
        steps: weekBars(
          week.days.map((d) => ({ label: weekday(d.date, i18n.language), value: d.steps, highlight: d.goal_met })),
          stepsUnit,
        ),
        sleep: weekBars(
          week.days.map((d) => ({
            label: weekday(d.date, i18n.language),
            value: Math.round((d.sleep_min / 60) * 10) / 10,
          })),
          t('health.unit.hours'),
        ),
      },
    [week, stepsUnit, t, i18n.language],
  )
  const change = (value: number | null) => (value === null ? DASH : signedPercent(value))
  const pdf = usePdfMutation()
  const download = (period: 'week' | 'month') =>
    pdf.mutate({ period, date: week?.week_start ?? date }, { onSuccess: () => showSuccess(t('health.weekly.pdfDone')) })

  return (
    <Page title={t('health.weekly.detailTitle')}>
      <PeriodTabs metric="steps" value="week" date={week?.week_start ?? date} />
      <DateBar
        day={week?.week_start ?? date}
        onChange={setDate}
        step={7}
        label={week ? weekLabel(week.week_start, week.week_end) : undefined}
      />
      <QueryView query={query}>
        {(w) => (
          <>
            <Card title={t('health.weekly.summary')}>
              <ul className={styles.list} aria-label={t('health.weekly.summary')}>
                {w.summary.map((line) => (
                  <li key={line} className={styles.row}>
                    {line}
                  </li>
                ))}
              </ul>
            </Card>
            <Card title={t('health.weekly.drivers')}>
              <ul className={styles.list} aria-label={t('health.weekly.drivers')}>
                {w.drivers.map((d) => (
                  <li key={d.metric} className={styles.row}>
                    {d.text}
                  </li>
                ))}
              </ul>
            </Card>
            <Card title={t('health.weekly.suggestion')}>
              <p className={styles.row}>{w.suggestion}</p>
            </Card>
            <Card title={t('health.weekly.totals')} note={t('health.weekly.goalDays', { days: w.goal_days })}>
              <Stats
                items={[
                  { label: t('health.stats.steps'), value: formatNumber(w.totals.steps) },
                  { label: t('health.stats.distance'), value: km(w.totals.distance_m), unit: t('health.unit.km') },
                  {
                    label: t('health.stats.calories'),
                    value: formatNumber(w.totals.calories),
                    unit: t('health.unit.kcal'),
                  },
                  {
                    label: t('health.stats.activeMinutes'),
                    value: formatNumber(w.totals.active_minutes),
                    unit: t('health.unit.min'),
                  },
                  { label: t('health.stats.workouts'), value: w.totals.workouts },
                  { label: t('health.weekly.goalDaysLabel'), value: `${w.goal_days}/7` },
                ]}
              />
              {charts && <Chart option={charts.steps} height={160} label={t('health.weekly.stepsChart')} />}
            </Card>
            <Card
              title={t('health.weekly.averages')}
              note={t('health.weekly.daysWithData', { days: w.days_with_data })}
            >
              <Stats
                items={[
                  {
                    label: t('health.stats.steps'),
                    value: w.averages.steps === null ? DASH : formatNumber(w.averages.steps),
                  },
                  {
                    label: t('health.stats.sleep'),
                    value: w.averages.sleep_min === null ? DASH : shortMinutes(w.averages.sleep_min),
                  },
                  {
                    label: t('health.stats.restingHr'),
                    value: w.averages.hr_resting ?? DASH,
                    unit: t('health.unit.bpm'),
                  },
                ]}
              />
              {charts && <Chart option={charts.sleep} height={140} label={t('health.weekly.sleepChart')} />}
            </Card>
            <Card title={t('health.weekly.change')}>
              <Stats
                columns={2}
                items={[
                  { label: t('health.stats.steps'), value: change(w.change.steps) },
                  { label: t('health.stats.distance'), value: change(w.change.distance_m) },
                  { label: t('health.stats.calories'), value: change(w.change.calories) },
                  { label: t('health.stats.sleep'), value: change(w.change.sleep_min) },
                ]}
              />
            </Card>
            <Card title={t('health.weekly.pdfTitle')}>
              <p className={styles.note}>{t('health.weekly.pdfNote')}</p>
              <div className={styles.actions}>
                <Button block shape="rounded" color="primary" loading={pdf.isPending} onClick={() => download('week')}>
                  {t('health.weekly.pdfWeek')}
                </Button>
                <Button block shape="rounded" fill="outline" loading={pdf.isPending} onClick={() => download('month')}>
                  {t('health.weekly.pdfMonth')}
                </Button>
              </div>
              {pdf.data && pdf.data.from < pdf.data.raw_kept.from && (
                <p className={styles.note} role="note">
                  {t('health.rawGone', { days: pdf.data.raw_kept.days, from: pdf.data.raw_kept.from })}
                </p>
              )}
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
