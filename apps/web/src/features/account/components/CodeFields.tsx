import { useTranslation } from 'react-i18next'
import { SendCodeButton, type SendParams } from './SendCodeButton'
import { TextField } from './TextField'

/** A mailed (or texted) 6-digit code, with the button that sends it for `params()`. */
export function SentCodeField({
  value,
  onChange,
  params,
}: {
  value: string
  onChange: (code: string) => void
  params: () => SendParams | null
}) {
  const { t } = useTranslation()
  return (
    <TextField
      label={t('account.form.code')}
      value={value}
      onChange={onChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      after={<SendCodeButton params={params} />}
    />
  )
}

/** The Google authenticator's 6 digits, or a recovery code (`XXXX-XXXX`). */
export function GoogleCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation()
  return (
    <TextField
      label={t('account.form.googleOrRecovery')}
      value={value}
      onChange={onChange}
      autoComplete="one-time-code"
      maxLength={9}
    />
  )
}
