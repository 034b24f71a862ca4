import { useTranslation } from 'react-i18next'
import { hoursMinutes } from '../lib/format'

/** Minutes as "7 h 32 min" (or "45 min") in the interface language. */
export function useMinutesText(): (minutes: number) => string {
  const { t } = useTranslation()
  return (minutes) => {
    const { h, m } = hoursMinutes(minutes)
    return h > 0 ? t('health.unit.hoursMinutes', { h, m }) : t('health.unit.minutes', { m })
  }
}
