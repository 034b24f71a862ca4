import type { health } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { ZONE_COLORS } from '../lib/palette'
import { useMinutesText } from './Duration'
import styles from './Health.module.css'

type Zone = health.HeartRateReport['zones'][number]

/** Time in each heart-rate zone: one bar split by share, then each zone with its range and time. */
export function ZoneBar({ zones }: { zones: readonly Zone[] }) {
  const { t } = useTranslation()
  const minutesText = useMinutesText()
  const total = zones.reduce((sum, z) => sum + z.minutes, 0)
  return (
    <>
      <div className={styles.zoneBar} aria-hidden="true">
        {total > 0 &&
          zones.map((z) => (
            <span key={z.zone} style={{ width: `${(z.minutes / total) * 100}%`, background: ZONE_COLORS[z.zone] }} />
          ))}
      </div>
      <div className={styles.zoneList}>
        {zones.map((z) => (
          <div key={z.zone} className={styles.zoneRow} role="group" aria-label={t(`health.zones.${z.zone}`)}>
            <span className={styles.dot} style={{ background: ZONE_COLORS[z.zone] }} aria-hidden="true" />
            <span className={styles.zoneName}>
              <span>{t(`health.zones.${z.zone}`)}</span>
              <span className={styles.zoneRange}>{t('health.unit.bpmRange', { min: z.min_bpm, max: z.max_bpm })}</span>
            </span>
            <span className={styles.zoneTime}>{minutesText(z.minutes)}</span>
          </div>
        ))}
      </div>
    </>
  )
}
