import { Picker } from 'antd-mobile'
import { DownFill } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePhonePrefixesQuery } from '../account.queries'
import styles from './AuthForm.module.css'

/** The phone country code (`+86` by default), chosen from `/v1/code`. */
export function PrefixPicker({ value, onChange }: { value: string; onChange: (prefix: string) => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const { data } = usePhonePrefixesQuery()
  const options = (data?.list ?? [{ prefix: value, name: '' }]).map(({ prefix, name }) => ({
    label: `+${prefix} ${name}`.trim(),
    value: prefix,
  }))
  return (
    <>
      <button
        type="button"
        className={styles.prefix}
        aria-label={`${t('account.form.prefix')} +${value}`}
        onClick={() => setOpen(true)}
      >
        +{value}
        <DownFill />
      </button>
      <Picker
        title={t('account.form.prefix')}
        columns={[options]}
        value={[value]}
        visible={open}
        onClose={() => setOpen(false)}
        onConfirm={([prefix]) => {
          if (typeof prefix === 'string') onChange(prefix)
        }}
      />
    </>
  )
}
