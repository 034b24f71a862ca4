import { useTranslation } from 'react-i18next'
import { formatAmount } from '../lib/format'
import styles from '@/shared/ui/Form.module.css'
import sendStyles from './Send.module.css'
import { TextField } from './TextField'

/** The amount, with the balance under it and an "All" button; `label` names the field (default "Amount"). */
export function AmountField({
  label,
  value,
  onChange,
  onAll,
  balance,
  symbol,
}: {
  label?: string
  value: string
  onChange: (value: string) => void
  onAll: () => void
  balance: string | undefined
  symbol: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={label ?? t('wallet.send.amount')}
        value={value}
        onChange={(text) => onChange(text.replace(/[^\d.]/g, ''))}
        inputMode="decimal"
        maxLength={40}
        after={
          <button type="button" className={styles.textButton} onClick={onAll} disabled={balance === undefined}>
            {t('wallet.send.all')}
          </button>
        }
      />
      <div className={sendStyles.balance}>
        {t('wallet.send.balance', { amount: balance === undefined ? '…' : formatAmount(balance, 8), symbol })}
      </div>
    </>
  )
}
