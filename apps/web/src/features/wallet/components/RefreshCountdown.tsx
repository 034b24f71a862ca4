import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './History.module.css'

/** Seconds between automatic refreshes of a history list (spec §4: a visible countdown). */
export const HISTORY_REFRESH_S = 10

/** Counts down, refreshes at zero and starts again; shows the seconds left. */
export function RefreshCountdown({ onRefresh, busy }: { onRefresh: () => unknown; busy: boolean }) {
  const { t } = useTranslation()
  const [left, setLeft] = useState(HISTORY_REFRESH_S)
  const refresh = useRef(onRefresh)
  useEffect(() => {
    refresh.current = onRefresh
  })

  useEffect(() => {
    if (busy) return
    const timer = setInterval(() => {
      setLeft((s) => {
        if (s > 1) return s - 1
        void refresh.current()
        return HISTORY_REFRESH_S
      })
    }, 1000)
    return () => clearInterval(timer)
  }, [busy])

  return (
    <span className={styles.countdown} aria-live="off">
      {t('wallet.history.refreshIn', { seconds: left })}
    </span>
  )
}
