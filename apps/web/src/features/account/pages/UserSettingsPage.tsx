import { currentAccountId } from '@/api'
import { PushSettings } from '@/features/content'
import { currentLocale, LANGUAGE_NAMES } from '@/i18n'
import { deviceTimeZone } from '@/shared/clock'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { Dialog } from 'antd-mobile'
import { DeleteOutline, GlobalOutline } from 'antd-mobile-icons'
import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useUserInfoQuery } from '../account.queries'
import { SessionList } from '../components/SessionList'
import { keepZone } from '../lib/keptZones'
import { useEditProfileMutation } from '../mine.queries'
import mine from './MinePages.module.css'

/** /userSettings: clear cache, language, time zone, notifications, and the devices signed in to the account. */
export function UserSettingsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: user, error, refetch } = useUserInfoQuery()
  const edit = useEditProfileMutation()
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), [])

  // Drops what this app keeps on the device (loaded data, cached files), never the session.
  const clearCache = async () => {
    const confirmed = await Dialog.confirm({
      content: t('account.settings.clearCacheConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!confirmed) return
    queryClient.clear()
    const account = currentAccountId()
    if (account !== null) await import('@/api/offline').then(({ forgetOfflineCopy }) => forgetOfflineCopy(account))
    // the app itself (the service worker's precache) stays: it is what opens offline
    if ('caches' in window)
      for (const name of await caches.keys()) if (!name.startsWith('workbox-precache')) await caches.delete(name)
    showSuccess(t('account.settings.cacheCleared'))
  }

  // a zone chosen here is the answer to the switch prompt for this device's zone
  const setZone = (time_zone: string) =>
    edit.mutate(
      { time_zone },
      {
        onSuccess: (saved) => {
          if (saved.time_zone !== deviceTimeZone()) keepZone(saved.id, deviceTimeZone())
          showSuccess(t('common.toast.modified'))
        },
      },
    )

  return (
    <Page title={t('account.settings.title')}>
      <Menu>
        <MenuItem icon={<DeleteOutline />} onClick={() => void clearCache()}>
          {t('account.settings.clearCache')}
        </MenuItem>
        <MenuItem
          icon={<GlobalOutline />}
          extra={LANGUAGE_NAMES[currentLocale()]}
          onClick={() => void navigate('/languageList')}
        >
          {t('account.mine.language')}
        </MenuItem>
      </Menu>
      <h2 className={mine.sectionTitle}>{t('account.settings.timeZone')}</h2>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <>
          <div className={mine.card}>
            <div className={mine.row}>
              <label className={mine.rowLabel} htmlFor="settings-zone">
                {t('account.settings.timeZone')}
              </label>
              <select
                id="settings-zone"
                className={mine.control}
                value={user.time_zone}
                disabled={edit.isPending}
                onChange={(event) => setZone(event.target.value)}
              >
                {(zones.includes(user.time_zone) ? zones : [user.time_zone, ...zones]).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {deviceTimeZone() !== user.time_zone && (
            <Menu>
              <MenuItem trailing="none" onClick={() => setZone(deviceTimeZone())}>
                {t('account.settings.useDeviceZone', { zone: deviceTimeZone() })}
              </MenuItem>
            </Menu>
          )}
        </>
      )}
      <Suspense fallback={<Loading />}>
        <PushSettings />
      </Suspense>
      <h2 className={mine.sectionTitle}>{t('account.sessions.title')}</h2>
      <SessionList />
    </Page>
  )
}
