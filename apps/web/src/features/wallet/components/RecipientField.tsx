import { showToast } from '@/shared/ui/toast'
import { PhonebookOutline, ScanningOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import styles from '@/shared/ui/Form.module.css'
import { TextField } from './TextField'

/** The recipient: typed, pasted, scanned from a QR code, or picked from the address book. */
export function RecipientField({
  value,
  onChange,
  onPick,
  onScan,
}: {
  value: string
  onChange: (value: string) => void
  onPick: () => void
  onScan: () => void
}) {
  const { t } = useTranslation()
  const paste = async () => {
    try {
      onChange((await navigator.clipboard.readText()).trim())
    } catch {
      showToast(t('wallet.send.pasteFailed'))
    }
  }
  return (
    <TextField
      label={t('wallet.send.to')}
      value={value}
      onChange={(text) => onChange(text.trim())}
      maxLength={42}
      mono
      after={
        <>
          {value === '' && (
            <button type="button" className={styles.textButton} onClick={() => void paste()}>
              {t('wallet.send.paste')}
            </button>
          )}
          <button type="button" className={styles.iconButton} aria-label={t('wallet.send.scan')} onClick={onScan}>
            <ScanningOutline />
          </button>
          <button type="button" className={styles.iconButton} aria-label={t('wallet.send.book')} onClick={onPick}>
            <PhonebookOutline />
          </button>
        </>
      }
    />
  )
}
