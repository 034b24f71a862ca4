import { useTranslation } from 'react-i18next'
import { dayToDate } from '../lib/dates'

/** "Nov 16 – Nov 22" in the interface language. */
export function useWeekLabel(): (start: string, end: string) => string {
  const { i18n } = useTranslation()
  return (start, end) => {
    const format = new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', month: 'short', day: 'numeric' })
    return `${format.format(dayToDate(start))} – ${format.format(dayToDate(end))}`
  }
}
