import { useTranslation } from 'react-i18next'
import { PasswordField } from './PasswordField'

export type NewPassword = { password: string; repassword: string }

/** A new password and its repetition, as the register and reset forms ask for them. */
export function NewPasswordFields({
  label,
  value,
  onChange,
}: {
  label: string
  value: NewPassword
  onChange: (patch: Partial<NewPassword>) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <PasswordField
        label={label}
        value={value.password}
        onChange={(password) => onChange({ password })}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('account.form.repeatPassword')}
        value={value.repassword}
        onChange={(repassword) => onChange({ repassword })}
        autoComplete="new-password"
      />
    </>
  )
}
