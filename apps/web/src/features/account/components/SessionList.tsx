import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { Dialog } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useEndSessionMutation, useSessionsQuery } from '../mine.queries'
import mine from '../pages/MinePages.module.css'

/** A short name for a user agent: browser and system, e.g. "Chrome · Android". */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : ''
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : ''
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40)
}

/** The account's signed-in devices; any other one can be signed out from here. */
export function SessionList() {
  const { t, i18n } = useTranslation()
  const { data, error, refetch } = useSessionsQuery()
  const end = useEndSessionMutation()

  const signOut = async (id: number) => {
    const confirmed = await Dialog.confirm({
      content: t('account.sessions.confirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (confirmed) end.mutate(id, { onSuccess: () => showSuccess(t('account.sessions.ended')) })
  }

  if (error) return <LoadFailed message={error.message} onRetry={() => void refetch()} />
  if (!data) return <Loading />
  return (
    <ul className={`${mine.card} ${mine.list}`} aria-label={t('account.sessions.title')}>
      {data.list.map((session) => (
        <li key={session.id} className={mine.row}>
          <div className={mine.grow}>
            <div>{deviceName(session.user_agent) || t('account.sessions.unknown')}</div>
            <div className={mine.unit}>
              {session.ip} ·{' '}
              {t('account.sessions.lastSeen', {
                time: new Date(session.last_seen_at).toLocaleString(i18n.language),
              })}
            </div>
          </div>
          {session.current ? (
            <span className={mine.unit}>{t('account.sessions.current')}</span>
          ) : (
            <button type="button" className={mine.copy} onClick={() => void signOut(session.id)}>
              {t('account.sessions.signOut')}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
