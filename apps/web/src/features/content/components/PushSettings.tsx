import { isApiError } from '@/api'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showToast } from '@/shared/ui/toast'
import { content } from '@kinetic/protocol'
import { Switch } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { pushSupported } from '../push'
import {
  usePushKindMutation,
  usePushSettingsQuery,
  useThisDevicePushMutation,
  useThisDevicePushQuery,
} from '../push.queries'
import styles from './PushSettings.module.css'

/**
 * Settings → Notifications: pushes on this device (the browser's subscription, posted to the
 * server) and a switch per kind for the account (a chat reply, a ticket answer, …).
 */
export default function PushSettings() {
  const { t } = useTranslation()
  const settings = usePushSettingsQuery()
  const device = useThisDevicePushQuery()
  const toggleDevice = useThisDevicePushMutation()
  const toggleKind = usePushKindMutation()
  const supported = pushSupported()

  const setDevice = (on: boolean) =>
    toggleDevice.mutate(on, {
      onSuccess: (refused) => {
        if (refused) showToast(t(`content.push.${refused}`))
      },
      onError: (error) => showToast(isApiError(error) ? error.message : t('content.push.failed')),
    })

  const enabled = (kind: content.PushKind) => settings.data?.kinds.find((k) => k.kind === kind)?.enabled ?? true

  return (
    <section aria-label={t('content.push.title')}>
      <h2 className={styles.title}>{t('content.push.title')}</h2>
      <div className={styles.card}>
        <label className={styles.row}>
          <span className={styles.label}>
            {t('content.push.thisDevice')}
            {!supported && <span className={styles.hint}>{t('content.push.unsupported')}</span>}
          </span>
          <Switch
            aria-label={t('content.push.thisDevice')}
            checked={device.data === true}
            loading={toggleDevice.isPending || device.isPending}
            disabled={!supported}
            onChange={setDevice}
          />
        </label>
      </div>
      {settings.error ? (
        <LoadFailed message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <div className={styles.card} role="group" aria-label={t('content.push.kinds')}>
          {content.PUSH_KINDS.map((kind) => (
            <label key={kind} className={styles.row}>
              <span className={styles.label}>{t(`content.push.kind.${kind}`)}</span>
              <Switch
                aria-label={t(`content.push.kind.${kind}`)}
                checked={enabled(kind)}
                disabled={toggleKind.isPending}
                onChange={(on) => toggleKind.mutate({ kind, enabled: on })}
              />
            </label>
          ))}
        </div>
      )}
    </section>
  )
}
