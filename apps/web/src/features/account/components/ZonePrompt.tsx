import { currentAccountId } from '@/api'
import { deviceTimeZone } from '@/shared/clock'
import { showSuccess } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserInfoQuery } from '../account.queries'
import { isZoneKept, keepZone } from '../lib/keptZones'
import { useEditProfileMutation } from '../mine.queries'
import styles from './ZonePrompt.module.css'

/**
 * When this device's time zone is not the account's, asks once per device zone whether the
 * account should switch to it (its days and clock then follow the device) or keep its own
 * (remembered for that zone on this device). Not modal: the app stays usable while it asks.
 */
export function ZonePrompt() {
  const { t } = useTranslation()
  const accountId = currentAccountId()
  const { data: user } = useUserInfoQuery({ enabled: accountId !== null })
  const edit = useEditProfileMutation()
  const [answered, setAnswered] = useState<string | null>(null)
  const device = deviceTimeZone()
  if (!user || accountId !== user.id || user.time_zone === device || answered === device) return null
  if (isZoneKept(user.id, device)) return null

  const keep = () => {
    keepZone(user.id, device)
    setAnswered(device)
  }
  const change = () =>
    edit.mutate(
      { time_zone: device },
      {
        onSuccess: () => {
          setAnswered(device)
          showSuccess(t('account.zone.switched', { zone: device }))
        },
      },
    )

  return (
    <section className={styles.prompt} role="region" aria-label={t('account.zone.title')}>
      <p className={styles.text}>{t('account.zone.ask', { device, account: user.time_zone })}</p>
      <div className={styles.actions}>
        <Button size="small" fill="outline" onClick={keep} disabled={edit.isPending}>
          {t('account.zone.keep', { zone: user.time_zone })}
        </Button>
        <Button size="small" color="primary" onClick={change} loading={edit.isPending}>
          {t('account.zone.switch', { zone: device })}
        </Button>
      </div>
    </section>
  )
}

export default ZonePrompt
