import { Segmented } from '@/shared/ui/Segmented'
import { useTranslation } from 'react-i18next'
import type { AccountType } from '../validation'

const LABELS = { email: 'account.form.tabEmail', phone: 'account.form.tabPhone' } as const

/** Email / phone switch of the register and forgot-password forms. */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange: (type: AccountType) => void }) {
  const { t } = useTranslation()
  return (
    <Segmented
      options={(['email', 'phone'] as const).map((type) => ({ value: type, label: t(LABELS[type]) }))}
      value={value}
      onChange={onChange}
    />
  )
}
