import { formatInstant, useAccountTimeZone } from '@/shared/clock'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import type { device } from '@kinetic/protocol'
import { Button, Dialog } from 'antd-mobile'
import { ClockCircleOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { BindForm } from '../components/BindForm'
import styles from '../components/Device.module.css'
import { useDevicesQuery, useUnbindDeviceMutation } from '../device.queries'

/**
 * My watches, online (an upload in the last minutes) or offline, with bind and unbind, and how
 * a watch syncs: by itself, over its own connection (the device API), not through this app.
 */
export function DeviceListPage() {
  const { t } = useTranslation()
  const { data, error, refetch } = useDevicesQuery()

  return (
    <Page title={t('device.list.title')}>
      {error && !data ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.list.length === 0 ? (
        <EmptyState text={t('device.list.empty')} icon={<ClockCircleOutline />} />
      ) : (
        <>
          <ul className={styles.list}>
            {data.list.map((watch) => (
              <DeviceItem key={watch.id} watch={watch} />
            ))}
          </ul>
          <section className={styles.sync} aria-labelledby="device-sync">
            <h2 id="device-sync" className={styles.syncTitle}>
              {t('device.sync.title')}
            </h2>
            <p>{t('device.sync.how', { minutes: data.online_minutes })}</p>
            {data.list.some((watch) => !watch.online) && <p>{t('device.sync.offline')}</p>}
          </section>
        </>
      )}
      <BindForm />
    </Page>
  )
}

function DeviceItem({ watch }: { watch: device.Device }) {
  const { t, i18n } = useTranslation()
  const unbind = useUnbindDeviceMutation()
  const zone = useAccountTimeZone()
  const confirmUnbind = async () => {
    const confirmed = await Dialog.confirm({
      content: t('device.unbind.confirm'),
      confirmText: t('device.unbind.submit'),
      cancelText: t('common.cancel'),
    })
    if (confirmed) unbind.mutate(watch.id, { onSuccess: () => showSuccess(t('device.toast.unbound')) })
  }
  const seen = watch.last_seen_at
    ? t('device.list.lastUpload', {
        time: formatInstant(watch.last_seen_at, i18n.language, zone),
      })
    : t('device.list.neverUploaded')

  return (
    <li className={styles.item} aria-label={watch.device_code}>
      <span className={styles.icon} aria-hidden="true">
        <WatchIcon />
      </span>
      <span className={styles.text}>
        <span className={styles.model}>{watch.model}</span>
        <span className={styles.code}>{watch.device_code}</span>
        <span className={styles.status}>
          <span className={`${styles.badge} ${watch.online ? styles.online : styles.offline}`}>
            {t(watch.online ? 'device.list.online' : 'device.list.offline')}
          </span>
          <span className={styles.seen}>{seen}</span>
        </span>
      </span>
      <Button
        className={styles.unbind}
        size="small"
        shape="rounded"
        loading={unbind.isPending}
        onClick={() => void confirmUnbind()}
      >
        {t('device.unbind.submit')}
      </Button>
    </li>
  )
}

function WatchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="6" y="6" width="12" height="12" rx="3" />
      <path d="M9 6 10 2h4l1 4M9 18l1 4h4l1-4M12 9.5V12l1.5 1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
