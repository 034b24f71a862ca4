import { currentLocale } from '@/i18n'
import { exactTokenAmount, formatTokenAmount, type TokenAmountFormat } from '@kinetic/protocol'
import { useState, type ClipboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './Amount.module.css'

/**
 * A token amount as people read it (6 significant digits, at most 8 places), the exact value
 * kept: in a `<data value>`, shown on tap (tap again to shorten), and what copying it gives.
 */
export function Amount({
  value,
  sign = '',
  symbol,
  decimals,
  round,
}: {
  /** Whole units, a decimal string (no sign: `sign` gives it). */
  value: string
  sign?: string
  symbol?: string
  decimals?: number
  round?: TokenAmountFormat['round']
}) {
  const { t } = useTranslation()
  const [exact, setExact] = useState(false)
  const locale = currentLocale()
  const short = formatTokenAmount(value, { decimals, round, locale })
  const full = exactTokenAmount(value, locale)
  const unit = symbol ? ` ${symbol}` : ''
  if (short === full)
    return (
      <data value={value.trim()} className={styles.amount}>
        {sign}
        {short}
        {unit}
      </data>
    )
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData.setData('text/plain', `${sign === '-' ? '-' : ''}${value.trim()}`)
    event.preventDefault()
  }
  return (
    <button
      type="button"
      className={`${styles.amount} ${styles.toggle}`}
      aria-pressed={exact}
      title={t(exact ? 'common.amount.short' : 'common.amount.exact', { amount: exact ? short : full })}
      onClick={() => setExact(!exact)}
      onCopy={onCopy}
    >
      <data value={value.trim()}>
        {sign}
        {exact ? full : short}
      </data>
      {unit}
    </button>
  )
}
