import { fromUnits } from '@kinetic/wallet-core'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../lib/format'
import { NATIVE_DECIMALS } from '../lib/transferChecks'
import type { TransferPlan } from '../lib/transferPlan'
import type { Wallet } from '../lib/types'
import styles from './Sheet.module.css'

/** What is about to be signed, shown above the password in the confirm sheet. */
export function TransferSummary({ plan, wallet }: { plan: TransferPlan; wallet: Wallet }) {
  const { t } = useTranslation()
  const fee = fromUnits(plan.feeWei, NATIVE_DECIMALS)
  const native = plan.coin.contract === null
  const rows: [string, string][] = [
    [t('wallet.send.confirm.from'), wallet.address],
    [t('wallet.send.confirm.to'), plan.to],
    [t('wallet.send.confirm.fee'), `${fee} BNB · ${t(`wallet.send.fee.${plan.tier}`)}`],
  ]
  if (native) rows.push([t('wallet.send.confirm.total'), `${fromUnits(plan.units + plan.feeWei, NATIVE_DECIMALS)} BNB`])
  if (plan.data) {
    rows.push([t('wallet.send.confirm.data'), 'text' in plan.data ? plan.data.text : plan.data.hex])
  }
  return (
    <>
      <div className={styles.big} aria-label={t('wallet.send.confirm.amount')}>
        {formatAmount(plan.amount, plan.coin.decimals)}
        <small>{plan.coin.symbol}</small>
      </div>
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt className={styles.rowLabel}>{label}</dt>
            <dd className={`${styles.rowValue} ${styles.mono}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}
