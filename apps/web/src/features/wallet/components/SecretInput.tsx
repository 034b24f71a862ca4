import { useTranslation } from 'react-i18next'
import { PasswordInput } from './PasswordInput'
import { FieldProblem, TextAreaField } from './TextField'

/** Where the 12 words (space-separated) or the private key are typed or pasted. */
export function SecretInput({
  kind,
  value,
  onChange,
  problem = null,
}: {
  kind: 'mnemonic' | 'private_key'
  value: string
  onChange: (value: string) => void
  /** What is wrong with the words or the key, under the field until corrected. */
  problem?: string | null
}) {
  const { t } = useTranslation()
  return kind === 'mnemonic' ? (
    <TextAreaField
      label={t('wallet.import.words')}
      value={value}
      onChange={onChange}
      rows={4}
      maxLength={400}
      mono
      problem={problem}
    />
  ) : (
    <>
      <PasswordInput label={t('wallet.import.key')} value={value} onChange={onChange} maxLength={80} />
      <FieldProblem problem={problem} />
    </>
  )
}
