import { showSuccess } from '@/shared/ui/toast'
import { Button, Input } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useBindDeviceMutation } from '../device.queries'
import styles from './Device.module.css'

/** Bind a watch with the device code and activation code printed on it (`/v1/binding`). */
export function BindForm() {
  const { t } = useTranslation()
  const bind = useBindDeviceMutation()
  const [codes, setCodes] = useState({ device_code: '', active_code: '' })
  const ready = codes.device_code.trim() !== '' && codes.active_code.trim() !== ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!ready) return
    bind.mutate(
      { device_code: codes.device_code.trim(), active_code: codes.active_code.trim() },
      {
        onSuccess: () => {
          setCodes({ device_code: '', active_code: '' })
          showSuccess(t('device.toast.bound'))
        },
      },
    )
  }

  const field = (name: keyof typeof codes, label: string, placeholder: string) => (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <Input
        className={styles.input}
        value={codes[name]}
        onChange={(value) => setCodes((c) => ({ ...c, [name]: value }))}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={32}
        clearable
      />
    </label>
  )

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('device.bind.title')}>
      <h2 className={styles.formTitle}>{t('device.bind.title')}</h2>
      <p className={styles.formHint}>{t('device.bind.hint')}</p>
      {field('device_code', t('device.bind.deviceCode'), t('device.bind.deviceCodePlaceholder'))}
      {field('active_code', t('device.bind.activeCode'), t('device.bind.activeCodePlaceholder'))}
      <Button
        className={styles.submit}
        type="submit"
        color="primary"
        block
        shape="rounded"
        disabled={!ready}
        loading={bind.isPending}
      >
        {t('device.bind.submit')}
      </Button>
    </form>
  )
}
