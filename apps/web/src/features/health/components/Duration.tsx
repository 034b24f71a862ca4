import { useTranslation } from 'react-i18next'
import { hoursMinutes } from '../lib/format'

/** Minutes as "7 h 32 min" (or "45 min"); `short`: "7h 32m" for narrow figures. */
export function useMinutesText(short = false): (minutes: number) => string {
  const { t } = useTranslation()
  return (minutes) => {
    const { h, m } = hoursMinutes(minutes)
    if (short) return t('health.unit.hoursMinutesShort', { h, m })
    return h > 0 ? t('health.unit.hoursMinutes', { h, m }) : t('health.unit.minutes', { m })
  }
}
