import { Segmented } from '@/shared/ui/Segmented'
import type { health } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

export type Period = 'day' | 'week' | health.TrendPeriod

/** Where each metric's day view lives (its week is the weekly report). */
const DAY_PAGE: Record<health.TrendMetric, string> = {
  steps: '/sportsRecord',
  sleep: '/sleepReport',
  resting_hr: '/heartRate',
  weight: '/weightLog',
}

/** The pages of one metric over a day, a week, a month or a year, as health apps switch them. */
export function periodPath(metric: health.TrendMetric, period: Period, date: string | undefined): string {
  const day = date ? `date=${date}` : ''
  if (period === 'day') return `${DAY_PAGE[metric]}${day ? `?${day}` : ''}`
  if (period === 'week') return `/weeklyReportDetail${day ? `?${day}` : ''}`
  return `/healthTrend?metric=${metric}&period=${period}${day ? `&${day}` : ''}`
}

/** Day / week / month / year of a metric (the weight log has no week: it is the day list). */
export function PeriodTabs({
  metric,
  value,
  date,
}: {
  metric: health.TrendMetric
  value: Period
  date?: string | undefined
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const periods: Period[] = metric === 'weight' ? ['day', 'month', 'year'] : ['day', 'week', 'month', 'year']
  return (
    <Segmented
      options={periods.map((p) => ({ value: p, label: t(`health.trend.periods.${p}`) }))}
      value={value}
      onChange={(p) => void navigate(periodPath(metric, p, date), { replace: true })}
    />
  )
}
