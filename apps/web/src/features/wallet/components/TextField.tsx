import { Input, TextArea } from 'antd-mobile'
import type { ComponentProps, ReactNode } from 'react'
import styles from '@/shared/ui/Form.module.css'

type FieldProps = {
  /** The placeholder, also the input's accessible name. */
  label: string
  value: string
  onChange: (value: string) => void
  after?: ReactNode
  /** Addresses, keys and words read better in a fixed-width font. */
  mono?: boolean
} & Pick<ComponentProps<typeof Input>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'name' | 'clearable'>

const fieldClass = (mono?: boolean, area?: boolean) =>
  [styles.field, mono && styles.mono, area && styles.area].filter(Boolean).join(' ')

/** One rounded input row of the wallet forms. */
export function TextField({ label, after, mono, ...input }: FieldProps) {
  return (
    <div className={fieldClass(mono)}>
      <Input placeholder={label} aria-label={label} autoCapitalize="off" autoCorrect="off" {...input} />
      {after}
    </div>
  )
}

/** A multi-line row (mnemonic words, data). */
export function TextAreaField({
  label,
  value,
  onChange,
  rows = 3,
  maxLength,
  mono,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  rows?: number
  maxLength?: number
  mono?: boolean
}) {
  return (
    <div className={fieldClass(mono, true)}>
      <TextArea
        placeholder={label}
        aria-label={label}
        value={value}
        onChange={onChange}
        rows={rows}
        autoSize={{ minRows: rows, maxRows: 8 }}
        {...(maxLength !== undefined && { maxLength })}
      />
    </div>
  )
}
