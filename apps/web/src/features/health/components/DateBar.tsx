import { dayIn, useAccountTimeZone } from '@/shared/clock'
import { CalendarOutline, LeftOutline, RightOutline } from 'antd-mobile-icons'
import { DatePicker } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { addDays, formatDay, isDay, localDay } from '../lib/dates'
import styles from './Health.module.css'

/**
 * The day a report shows, kept in the address (`?date=YYYY-MM-DD`) so back, reload and a
 * shared link keep it. Undefined: today, as the server reads the user's time zone.
 */
export function useReportDate(): [string | undefined, (day: string) => void] {
  const [search, setSearch] = useSearchParams()
  const date = search.get('date')
  const set = (day: string) =>
    setSearch(
      (params) => {
        params.set('date', day)
        return params
      },
      { replace: true },
    )
  return [isDay(date) ? date : undefined, set]
}

/** The picker works in local time: a day is its local midnight. */
function pickerDate(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number)
  return new Date(y, m - 1, d)
}

type DateBarProps = {
  /** The day on screen (the report's own `date` once answered). */
  day: string | undefined
  onChange: (day: string) => void
  /** Days one arrow moves: 1, or 7 for weeks. */
  step?: number
  /** Overrides the label (a week's range). */
  label?: string
}

/** Date selection of a report: previous / pick a day / next, never past today. */
export function DateBar({ day, onChange, step = 1, label }: DateBarProps) {
  const { t, i18n } = useTranslation()
  // today as the account's clock has it (the server's days are the account's)
  const today = dayIn(useAccountTimeZone())
  const current = day ?? today
  const pick = async () => {
    const picked = await DatePicker.prompt({
      title: t('health.date.pick'),
      defaultValue: pickerDate(current),
      max: pickerDate(today),
      min: pickerDate(addDays(today, -400)),
      precision: 'day',
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (picked) onChange(localDay(picked))
  }
  const text = label ?? (current === today ? t('health.date.today') : formatDay(current, i18n.language))
  return (
    <nav className={styles.dateBar} aria-label={t('health.date.label')}>
      <button
        type="button"
        className={styles.dateStep}
        aria-label={t(step === 7 ? 'health.date.previousWeek' : 'health.date.previous')}
        onClick={() => onChange(addDays(current, -step))}
      >
        <LeftOutline />
      </button>
      <button type="button" className={styles.dateLabel} onClick={() => void pick()}>
        <CalendarOutline aria-hidden="true" />
        <span>{text}</span>
      </button>
      <button
        type="button"
        className={styles.dateStep}
        aria-label={t(step === 7 ? 'health.date.nextWeek' : 'health.date.next')}
        disabled={addDays(current, step) > today}
        onClick={() => onChange(addDays(current, step))}
      >
        <RightOutline />
      </button>
    </nav>
  )
}
