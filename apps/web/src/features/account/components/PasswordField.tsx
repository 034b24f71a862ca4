import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import formStyles from '@/shared/ui/Form.module.css'
import { TextField } from './TextField'

/** A password row with an eye button that shows or hides what was typed. */
export function PasswordField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: 'current-password' | 'new-password'
}) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      maxLength={64}
      after={
        <button
          type="button"
          className={formStyles.iconButton}
          aria-label={t(visible ? 'account.form.hidePassword' : 'account.form.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  )
}
