import { clockTime, formatInstant, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Card } from '../components/Card'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { Stats } from '../components/Stats'
import { useWorkoutTitle } from '../components/WorkoutTitle'
import { WorkoutVerdict } from '../components/WorkoutVerdict'
import { ZoneBar } from '../components/ZoneBar'
import { useWorkoutQuery } from '../health.queries'
import { DASH, clockDuration, km, pace } from '../lib/format'
import { routePolyline } from '../lib/route'

const ROUTE_BOX = { width: 320, height: 200 }

/** One workout (`/workoutDetail?id=`): its type, figures, route drawn from the track, splits per km and heart-rate zones. */
export function WorkoutDetailPage() {
  const { t, i18n } = useTranslation()
  const zone = useAccountTimeZone()
  const [search] = useSearchParams()
  const id = Number(search.get('id'))
  const query = useWorkoutQuery(Number.isSafeInteger(id) && id > 0 ? id : null)
  const titleOf = useWorkoutTitle()
  const route = query.data?.route
  const points = useMemo(() => (route ? routePolyline(route, ROUTE_BOX.width, ROUTE_BOX.height) : ''), [route])
  const perKm = `/${t('health.unit.km')}`

  return (
    <Page title={t('health.sports.detailTitle')}>
      <QueryView query={query}>
        {(w) => (
          <>
            <Card
              title={titleOf(w).title}
              note={`${formatInstant(w.start, i18n.language, zone, { month: 'short', day: 'numeric' })} ${clockTime(w.start, zone)}`}
            >
              {titleOf(w).name && <p className={styles.weak}>{t('health.sports.name', { name: titleOf(w).name })}</p>}
              <WorkoutVerdict id={w.id} verdict={w.verdict} reviewable />
              <Stats
                items={[
                  { label: t('health.stats.distance'), value: km(w.distance_m), unit: t('health.unit.km') },
                  { label: t('health.sports.duration'), value: clockDuration(w.duration_s) },
                  {
                    label: t('health.sports.pace'),
                    value: w.pace_s_per_km === null ? DASH : pace(w.pace_s_per_km),
                    unit: w.pace_s_per_km === null ? undefined : perKm,
                  },
                  { label: t('health.sports.cadence'), value: w.cadence_spm ?? DASH, unit: t('health.sports.spm') },
                  { label: t('health.sports.avgHr'), value: w.avg_hr ?? DASH, unit: t('health.unit.bpm') },
                  { label: t('health.stats.calories'), value: w.calories, unit: t('health.unit.kcal') },
                ]}
              />
            </Card>
            <Card title={t('health.sports.route')}>
              {points ? (
                <svg
                  className={styles.route}
                  viewBox={`0 0 ${ROUTE_BOX.width} ${ROUTE_BOX.height}`}
                  role="img"
                  aria-label={t('health.sports.route')}
                >
                  <polyline points={points} />
                </svg>
              ) : (
                <p className={styles.empty}>{t('health.sports.noRoute')}</p>
              )}
            </Card>
            {w.splits.length > 0 && (
              <Card title={t('health.sports.splits')}>
                <table className={styles.table} aria-label={t('health.sports.splits')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('health.stats.distance')}</th>
                      <th scope="col">{t('health.sports.pace')}</th>
                      <th scope="col">{t('health.sports.avgHr')}</th>
                      <th scope="col">{t('health.sports.cadence')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {w.splits.map((s) => (
                      <tr key={s.km}>
                        <td>
                          {s.distance_m === 1000
                            ? t('health.sports.splitKm', { km: s.km })
                            : `${km(s.distance_m)} ${t('health.unit.km')}`}
                        </td>
                        <td>{`${pace(s.pace_s_per_km)}${perKm}`}</td>
                        <td>{s.avg_hr ?? DASH}</td>
                        <td>{s.cadence_spm ?? DASH}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
            )}
            <Card title={t('health.sports.zones')}>
              <ZoneBar zones={w.zones} />
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
