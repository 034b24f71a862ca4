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

const fieldClass = (mono?: boolean, area?: boolean, invalid?: boolean) =>
  [styles.field, mono && styles.mono, area && styles.area, invalid && styles.invalid].filter(Boolean).join(' ')

/** A field's problem under it, there until the field is corrected (not a toast that fades). */
export function FieldProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className={styles.problem} role="alert">
      {problem}
    </p>
  ) : null
}

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
  problem = null,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  rows?: number
  maxLength?: number
  mono?: boolean
  /** What is wrong with the value, shown under the field. */
  problem?: string | null
}) {
  return (
    <>
      <div className={fieldClass(mono, true, problem !== null)}>
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
      <FieldProblem problem={problem} />
    </>
  )
}
