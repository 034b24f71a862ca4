import { Input } from 'antd-mobile'
import styles from './AmountSheet.module.css'

/** A sheet's decimal amount field with its problem below it (typing clears the problem). */
export function AmountField(props: {
  label: string
  value: string
  problem: string | null
  onChange: (value: string) => void
}) {
  return (
    <>
      <Input
        className={styles.input}
        placeholder={props.label}
        aria-label={props.label}
        inputMode="decimal"
        value={props.value}
        onChange={props.onChange}
      />
      {props.problem && (
        <p className={styles.problem} role="alert">
          {props.problem}
        </p>
      )}
    </>
  )
}
