import { useErrorText } from '@/i18n'
import { showToast } from '@/shared/ui/toast'
import { Button, Popup } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isWrongPassword, showFailure } from '../lib/problems'
import formStyles from '@/shared/ui/Form.module.css'
import { PasswordInput } from './PasswordInput'
import styles from './Sheet.module.css'

type PasswordSheetProps = {
  visible: boolean
  title: string
  onClose: () => void
  /** Runs with the typed password; a WALLET_PASSWORD_WRONG rejection keeps the sheet open. */
  onSubmit: (password: string) => Promise<void>
  submitText?: string
  walletId: number
  hint?: string
  children?: ReactNode
  /** Nothing may be signed yet (the preview is simulating, or the transaction would revert). */
  blocked?: boolean
}

/** A bottom sheet that asks for the wallet password before a key is used (sign, export, delete). */
export function PasswordSheet({
  visible,
  title,
  onClose,
  onSubmit,
  submitText,
  walletId,
  hint,
  children,
  blocked = false,
}: PasswordSheetProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [wrong, setWrong] = useState(false)

  const close = () => {
    if (busy) return
    setPassword('')
    setWrong(false)
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || blocked) return
    if (password === '') return showToast(errorText('PASSWORD_REQUIRED'))
    setBusy(true)
    setWrong(false)
    try {
      await onSubmit(password)
      setPassword('')
    } catch (error) {
      if (isWrongPassword(error)) {
        setWrong(true)
        showToast(errorText('WALLET_PASSWORD_WRONG'))
      } else showFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Popup visible={visible} onMaskClick={close} bodyClassName={styles.sheet} destroyOnClose>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <header className={styles.header}>
          <h2 className={styles.title}>{title}</h2>
          <button type="button" className={styles.close} aria-label={t('common.cancel')} onClick={close}>
            <CloseOutline />
          </button>
        </header>
        {children}
        <div className={formStyles.form}>
          <PasswordInput
            label={t('wallet.form.walletPassword')}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          {wrong && (
            <p className={styles.error} role="alert">
              {errorText('WALLET_PASSWORD_WRONG')}
            </p>
          )}
          <div className={styles.hintRow}>
            {hint ? <span>{t('wallet.form.hintIs', { hint })}</span> : <span />}
            <Link to={`/walletResetPassword?id=${walletId}`}>{t('wallet.form.forgot')}</Link>
          </div>
          <Button type="submit" block color="primary" className={formStyles.submit} loading={busy} disabled={blocked}>
            {submitText ?? t('wallet.common.confirm')}
          </Button>
        </div>
      </form>
    </Popup>
  )
}
