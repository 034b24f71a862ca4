import { fromUnits } from '@kinetic/wallet-core'
import { useTranslation } from 'react-i18next'
import type { wallet as protocol } from '@kinetic/protocol'
import { formatAmount, formatUsd } from '../lib/format'
import { NATIVE_DECIMALS } from '../lib/transferChecks'
import type { TransferPlan } from '../lib/transferPlan'
import type { Wallet } from '../lib/types'
import { useNetworkName } from './NetworkName'
import styles from './Sheet.module.css'

/** What is about to be signed and on which network, shown above the password in the confirm sheet. */
export function TransferSummary({
  plan,
  wallet,
  network,
}: {
  plan: TransferPlan
  wallet: Wallet
  network: protocol.Network
}) {
  const { t } = useTranslation()
  const networkName = useNetworkName()
  const fee = formatAmount(fromUnits(plan.feeWei, NATIVE_DECIMALS), 8)
  const feeUsd = plan.feeUsd === '' ? '' : ` ≈ ${formatUsd(plan.feeUsd)}`
  const native = plan.coin.contract === null
  const rows: [string, string][] = [
    [t('wallet.network.label'), networkName(network)],
    [t('wallet.send.confirm.from'), wallet.address],
    [t('wallet.send.confirm.to'), plan.to],
    [t('wallet.send.confirm.fee'), `${fee} BNB${feeUsd} · ${t(`wallet.send.fee.${plan.tier}`)}`],
  ]
  if (native)
    rows.push([
      t('wallet.send.confirm.total'),
      `${formatAmount(fromUnits(plan.units + plan.feeWei, NATIVE_DECIMALS), 8)} BNB`,
    ])
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
