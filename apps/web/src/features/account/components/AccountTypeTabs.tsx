import { useTranslation } from 'react-i18next'
import type { AccountType } from '../validation'
import styles from './AuthForm.module.css'

const LABELS = { email: 'account.form.tabEmail', phone: 'account.form.tabPhone' } as const

/** Email / phone switch of the register and forgot-password forms. */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange: (type: AccountType) => void }) {
  const { t } = useTranslation()
  return (
    <div className={styles.tabs} role="tablist">
      {(['email', 'phone'] as const).map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={styles.tab}
          onClick={() => onChange(type)}
        >
          {t(LABELS[type])}
        </button>
      ))}
    </div>
  )
}
