import { formatNumber, type health } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { clockTime, formatInstant, useAccountTimeZone } from '@/shared/clock'
import { DASH, clockDuration, km, pace } from '../lib/format'
import styles from './Sports.module.css'
import { useWorkoutTitle } from './WorkoutTitle'
import { WorkoutVerdict } from './WorkoutVerdict'

/** One sports record: type and start, then distance, time, pace, calories and heart rate; its verdict when not ok. */
export function WorkoutItem({ workout, onOpen }: { workout: health.Workout; onOpen: () => void }) {
  const { t, i18n } = useTranslation()
  const zone = useAccountTimeZone()
  const { title, name } = useWorkoutTitle()(workout)
  const heading = name ? `${title} · ${name}` : title
  const day = formatInstant(workout.start, i18n.language, zone, { month: 'short', day: 'numeric' })
  const figures = [
    { label: t('health.stats.distance'), value: `${km(workout.distance_m)} ${t('health.unit.km')}` },
    { label: t('health.sports.duration'), value: clockDuration(workout.duration_s) },
    {
      label: t('health.sports.pace'),
      value: workout.pace_s_per_km === null ? DASH : `${pace(workout.pace_s_per_km)}/${t('health.unit.km')}`,
    },
    { label: t('health.stats.calories'), value: `${formatNumber(workout.calories)} ${t('health.unit.kcal')}` },
    {
      label: t('health.sports.avgHr'),
      value: workout.avg_hr === null ? DASH : `${workout.avg_hr} ${t('health.unit.bpm')}`,
    },
  ]
  return (
    <li>
      {/* named by what it shows (type and name first), so what is read is what is seen */}
      <button type="button" className={styles.workout} onClick={onOpen}>
        <span className={styles.head}>
          <span className={styles.type} title={heading}>
            {heading}
          </span>
          <span className={styles.when}>
            {day} {clockTime(workout.start, zone)}
            {workout.source !== 'watch' && <span className={styles.source}>{workout.source.toUpperCase()}</span>}
          </span>
        </span>
        <span className={styles.figures}>
          {figures.map((f) => (
            <span key={f.label} role="group" aria-label={f.label}>
              <span className={styles.figureLabel}>{f.label}</span>
              <span className={styles.figureValue}>{f.value}</span>
            </span>
          ))}
        </span>
        <WorkoutVerdict id={workout.id} verdict={workout.verdict} />
      </button>
    </li>
  )
}
