import { useErrorText } from '@/i18n'
import { showToast } from '@/shared/ui/toast'
import type { account } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { checkAccount, type AccountType } from '../validation'
import { AccountTypeTabs } from './AccountTypeTabs'
import { PrefixPicker } from './PrefixPicker'
import { SentCodeField } from './CodeFields'
import { TextField } from './TextField'

export type AccountFieldsValue = { type: AccountType; prefix: string; account: string; code: string }

/**
 * Email/phone tabs, the account (with the country code for phones) and the verification
 * code with its 'Send code' button, for the given `scene`.
 */
export function AccountFields({
  value,
  onChange,
  scene,
}: {
  value: AccountFieldsValue
  onChange: (patch: Partial<AccountFieldsValue>) => void
  scene: (typeof account.CODE_SCENES)[number]
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const isPhone = value.type === 'phone'
  const sendParams = () => {
    const problem = checkAccount(value.type, value.account)
    if (problem) {
      showToast(errorText(problem.code, problem.args))
      return null
    }
    return { type: value.type, account: value.account.trim(), scene, ...(isPhone && { prefix: value.prefix }) }
  }
  return (
    <>
      <AccountTypeTabs value={value.type} onChange={(type) => onChange({ type, account: '' })} />
      {isPhone ? (
        <TextField
          key="phone"
          label={t('account.form.phone')}
          value={value.account}
          onChange={(text) => onChange({ account: text })}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          clearable
          before={<PrefixPicker value={value.prefix} onChange={(prefix) => onChange({ prefix })} />}
        />
      ) : (
        <TextField
          key="email"
          label={t('account.form.email')}
          value={value.account}
          onChange={(text) => onChange({ account: text })}
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          clearable
        />
      )}
      <SentCodeField value={value.code} onChange={(code) => onChange({ code })} params={sendParams} />
    </>
  )
}
