import { wallet } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import type { NewPasswordForm } from '../lib/walletForm'
import { PasswordInput } from './PasswordInput'
import { TextField } from './TextField'

/** A new wallet password, its repetition and the optional hint (create, import, change, reset). */
export function NewPasswordFields({
  value,
  onChange,
  label,
}: {
  value: NewPasswordForm
  onChange: (patch: Partial<NewPasswordForm>) => void
  label?: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <PasswordInput
        label={label ?? t('wallet.form.password')}
        value={value.password}
        onChange={(password) => onChange({ password })}
        autoComplete="new-password"
      />
      <PasswordInput
        label={t('wallet.form.repeatPassword')}
        value={value.repassword}
        onChange={(repassword) => onChange({ repassword })}
        autoComplete="new-password"
      />
      <TextField
        label={t('wallet.form.hint')}
        value={value.hint}
        onChange={(hint) => onChange({ hint })}
        maxLength={wallet.WALLET_HINT_MAX}
      />
    </>
  )
}
