import { Button, Popup } from 'antd-mobile'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useWorkoutQuery } from '../health.queries'
import { workoutHeartRate } from '../lib/chartOptions'
import { DASH, clockDuration, km, pace } from '../lib/format'
import { Chart } from './Chart'
import { QueryView } from './QueryView'
import { Stats } from './Stats'
import styles from './Sports.module.css'
import { useWorkoutTitle } from './WorkoutTitle'
import { WorkoutVerdict } from './WorkoutVerdict'

/** One workout in a bottom sheet: its verdict (with a review to ask for), figures and heart-rate curve (`/v1/motioninfo`). */
export function WorkoutSheet({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const titleOf = useWorkoutTitle()
  const query = useWorkoutQuery(id)
  const bpm = t('health.unit.bpm')
  const curve = useMemo(() => query.data && workoutHeartRate(query.data.heart_rate, bpm), [query.data, bpm])
  return (
    <Popup visible={id !== null} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
      <div className={styles.sheet}>
        <QueryView query={query}>
          {(w) => (
            <>
              <h2 className={styles.sheetTitle}>{titleOf(w).title}</h2>
              {titleOf(w).name && <p className={styles.when}>{t('health.sports.name', { name: titleOf(w).name })}</p>}
              <WorkoutVerdict id={w.id} verdict={w.verdict} reviewable />
              <Stats
                items={[
                  { label: t('health.stats.distance'), value: km(w.distance_m), unit: t('health.unit.km') },
                  { label: t('health.sports.duration'), value: clockDuration(w.duration_s) },
                  { label: t('health.sports.pace'), value: w.pace_s_per_km === null ? DASH : pace(w.pace_s_per_km) },
                  { label: t('health.stats.calories'), value: w.calories, unit: t('health.unit.kcal') },
                  { label: t('health.sports.avgHr'), value: w.avg_hr ?? DASH, unit: bpm },
                  { label: t('health.sports.maxHr'), value: w.max_hr ?? DASH, unit: bpm },
                ]}
              />
              {curve && w.heart_rate.length > 0 && (
                <Chart option={curve} height={160} label={t('health.sports.hrCurve')} />
              )}
              <Button block shape="rounded" color="primary" onClick={() => void navigate(`/workoutDetail?id=${w.id}`)}>
                {t('health.sports.details')}
              </Button>
            </>
          )}
        </QueryView>
      </div>
    </Popup>
  )
}
