import { currentAccountId } from '@/api'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './OfflineBanner.module.css'

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)
const isOnline = () => onlineManager.isOnline()

/**
 * While the device is offline: "Offline — as of 14:32", the time of the newest answer the app
 * holds for the acting account (restored from the offline copy, api/offline.ts), with the date
 * too when that was not today. Pages show those answers; writes are refused (OFFLINE).
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const online = useSyncExternalStore(subscribe, isOnline)
  if (online) return null
  const account = currentAccountId()
  let asOf = 0
  for (const query of queryClient.getQueryCache().getAll()) {
    const [scope, owner] = query.queryKey
    if (scope === 'signedIn' && owner === account) asOf = Math.max(asOf, query.state.dataUpdatedAt)
  }
  return (
    <div className={styles.banner} role="status">
      {asOf > 0 ? t('app.offline.banner', { time: formatAsOf(asOf, i18n.language) }) : t('app.offline.bannerNoCopy')}
    </div>
  )
}

function formatAsOf(time: number, locale: string): string {
  const sameDay = new Date(time).toDateString() === new Date().toDateString()
  return new Intl.DateTimeFormat(locale, {
    ...(!sameDay && { month: 'numeric', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time)
}
