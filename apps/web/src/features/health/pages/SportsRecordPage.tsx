import { dayIn, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { Segmented } from '@/shared/ui/Segmented'
import { formatNumber } from '@kinetic/protocol'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Card } from '../components/Card'
import { Chart } from '../components/Chart'
import { DateBar, useReportDate } from '../components/DateBar'
import { PeriodTabs } from '../components/PeriodTabs'
import styles from '../components/Health.module.css'
import { ImportButton } from '../components/ImportButton'
import { QueryView } from '../components/QueryView'
import sports from '../components/Sports.module.css'
import { Stats } from '../components/Stats'
import { WorkoutItem } from '../components/WorkoutItem'
import { WorkoutSheet } from '../components/WorkoutSheet'
import { useMotionQuery, useOverviewQuery } from '../health.queries'
import { hourlySteps } from '../lib/chartOptions'
import { km } from '../lib/format'

type Scope = 'day' | 'all'

/**
 * Sports records: a day's steps, mileage and calories with its workouts (`?date=`), or every
 * workout (`?all=1`); import from a GPX, TCX or FIT file.
 */
export function SportsRecordPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const scope: Scope = search.get('all') === '1' ? 'all' : 'day'
  const [date, setDate] = useReportDate()
  const [open, setOpen] = useState<number | null>(null)
  const overview = useOverviewQuery(date)
  const zone = useAccountTimeZone()
  // "today" is the server's, in the user's time zone: the overview answers which day that is
  const day = date ?? overview.data?.date ?? (overview.error ? dayIn(zone) : null)
  const motion = useMotionQuery(scope === 'all' ? 'all' : day)
  const steps = useMemo(() => overview.data && hourlySteps(overview.data.hourly_steps), [overview.data])

  const showScope = (next: Scope) =>
    setSearch(
      (params) => {
        if (next === 'all') params.set('all', '1')
        else params.delete('all')
        return params
      },
      { replace: true },
    )
  const showDay = (imported: string) =>
    setSearch(
      (params) => {
        params.delete('all')
        params.set('date', imported)
        return params
      },
      { replace: true },
    )

  return (
    <Page title={t('health.sports.title')}>
      <div className={sports.toolbar}>
        <Segmented
          options={[
            { value: 'day', label: t('health.sports.byDay') },
            { value: 'all', label: t('health.sports.all') },
          ]}
          value={scope}
          onChange={showScope}
        />
        <ImportButton onImported={showDay} />
      </div>
      {scope === 'day' && (
        <>
          <PeriodTabs metric="steps" value="day" date={motion.data?.date ?? date} />
          <DateBar day={motion.data?.date ?? date} onChange={setDate} />
          <Card title={t('health.sports.dayTotals')}>
            <QueryView query={overview}>
              {({ totals }) => (
                <Stats
                  items={[
                    { label: t('health.stats.steps'), value: formatNumber(totals.steps) },
                    { label: t('health.stats.mileage'), value: km(totals.distance_m), unit: t('health.unit.km') },
                    {
                      label: t('health.stats.calories'),
                      value: formatNumber(totals.calories),
                      unit: t('health.unit.kcal'),
                    },
                  ]}
                />
              )}
            </QueryView>
            {steps && <Chart option={steps} height={130} label={t('health.sports.hourlySteps')} />}
          </Card>
        </>
      )}
      <QueryView query={motion}>
        {({ list }) =>
          list.length === 0 ? (
            <p className={styles.empty}>{t('common.empty')}</p>
          ) : (
            <ul className={sports.list} aria-label={t('health.sports.title')}>
              {list.map((workout) => (
                <WorkoutItem key={workout.id} workout={workout} onOpen={() => setOpen(workout.id)} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <WorkoutSheet id={open} onClose={() => setOpen(null)} />
    </Page>
  )
}
