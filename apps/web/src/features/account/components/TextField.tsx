import { Input } from 'antd-mobile'
import type { ComponentProps, ReactNode } from 'react'
import formStyles from '@/shared/ui/Form.module.css'

type TextFieldProps = {
  /** The placeholder, also the input's accessible name. */
  label: string
  value: string
  onChange: (value: string) => void
  before?: ReactNode
  after?: ReactNode
} & Pick<ComponentProps<typeof Input>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'name' | 'clearable'>

/** One rounded input row of the account forms. */
export function TextField({ label, before, after, ...input }: TextFieldProps) {
  return (
    <div className={formStyles.field}>
      {before}
      <Input placeholder={label} aria-label={label} autoCapitalize="off" autoCorrect="off" {...input} />
      {after}
    </div>
  )
}
