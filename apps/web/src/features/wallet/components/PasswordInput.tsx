import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_INPUT_MAX } from '../lib/walletForm'
import styles from '@/shared/ui/Form.module.css'
import { TextField } from './TextField'

/** A wallet password (or private key) row with an eye button that shows or hides what was typed. */
export function PasswordInput(props: {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete?: 'current-password' | 'new-password'
  maxLength?: number
}) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      autoComplete="off"
      maxLength={PASSWORD_INPUT_MAX}
      {...props}
      type={visible ? 'text' : 'password'}
      after={
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t(visible ? 'wallet.form.hidePassword' : 'wallet.form.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  )
}
