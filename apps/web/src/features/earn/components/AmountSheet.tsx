import { errorText } from '@/i18n'
import { newRequestId } from '@/shared/requestId'
import { Button, Popup } from 'antd-mobile'
import { useState } from 'react'
import { AmountField } from '@/shared/ui/AmountField'
import styles from '@/shared/ui/AmountSheet.module.css'

const ENERGY_RE = /^\d{1,30}(\.\d+)?$/

/** An energy amount (at most 2 decimals) in hundredths, exactly. */
const hundredths = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole + fraction.padEnd(2, '0'))
}

/** An amount of energy, checked like the server does (positive, 2 decimals, within `max`). */
export function energyProblem(value: string, max: string | undefined): string | null {
  if (!ENERGY_RE.test(value)) return errorText(value ? 'FIELD_INVALID' : 'AMOUNT_INVALID', { field: 'amount' })
  if ((value.split('.')[1]?.length ?? 0) > 2) return errorText('AMOUNT_DECIMALS')
  if (hundredths(value) === 0n) return errorText('AMOUNT_INVALID')
  if (max !== undefined && hundredths(value) > hundredths(max)) return errorText('INSUFFICIENT_BALANCE')
  return null
}

/**
 * A sheet asking for an energy amount (contribute, supply): the note says the rate and what
 * is available; one request id per sheet, so a double tap moves it once.
 */
export function AmountSheet(props: {
  title: string
  note: string
  label: string
  submitText: string
  /** The balance, a decimal string with at most 2 decimals. */
  max?: string | undefined
  pending: boolean
  onSubmit: (amount: string, requestId: string) => void
  onClose: () => void
}) {
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [requestId] = useState(newRequestId)
  const submit = () => {
    const value = amount.trim()
    const found = energyProblem(value, props.max)
    setProblem(found)
    if (!found) props.onSubmit(value, requestId)
  }
  return (
    <Popup visible onMaskClick={props.onClose} onClose={props.onClose} bodyClassName={styles.sheet}>
      <h2 className={styles.title}>{props.title}</h2>
      <p className={styles.note}>{props.note}</p>
      <AmountField
        label={props.label}
        value={amount}
        problem={problem}
        onChange={(value) => {
          setAmount(value)
          setProblem(null)
        }}
      />
      <Button block color="primary" shape="rounded" loading={props.pending} onClick={submit}>
        {props.submitText}
      </Button>
    </Popup>
  )
}
