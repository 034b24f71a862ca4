import type { swap } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatUsd } from '../lib/format'
import exchange from './Exchange.module.css'
import styles from './Sheet.module.css'

/** "0.0012 BNB ≈ $0.72", the USD part left out when unpriced. */
export function withUsd(amount: string, symbol: string, usd: string): string {
  return `${formatAmount(amount, 8)} ${symbol}${usd === '' ? '' : ` ≈ ${formatUsd(usd)}`}`
}

/**
 * What a swap will do, from its quote and the node's eth_call of it: you send, you receive
 * (exactly what the router quotes), the minimum under the slippage, the fees in BNB and USD.
 * A simulation that reverts is shown with its reason (the sheet's submit is then blocked).
 */
export function SwapConfirmation({ quote }: { quote: swap.SwapQuote }) {
  const { t } = useTranslation()
  const fee = [
    `${t('wallet.exchange.lpFee')}: ${withUsd(quote.lp_fee, quote.from.symbol, quote.lp_fee_usd)}`,
    `${t('wallet.exchange.networkFee')}: ${withUsd(quote.network_fee, 'BNB', quote.network_fee_usd)}`,
  ]
  const rows: [string, string][] = [
    [t('wallet.exchange.youSend'), `${quote.amount_in} ${quote.from.symbol}`],
    [t('wallet.exchange.youReceive'), `${quote.amount_out} ${quote.to.symbol}`],
    [t('wallet.exchange.minimum'), `${quote.minimum_received} ${quote.to.symbol}`],
    [t('wallet.exchange.impact'), `${quote.price_impact}%`],
    [t('wallet.exchange.route'), quote.route.join(' → ')],
    [t('wallet.exchange.fee'), fee.join('\n')],
    [t('wallet.exchange.deadline'), new Date(quote.deadline).toLocaleTimeString()],
  ]
  return (
    <section aria-label={t('wallet.exchange.confirmTitle')}>
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt className={styles.rowLabel}>{label}</dt>
            <dd className={`${styles.rowValue} ${exchange.lines}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <SimulationNote simulation={quote.simulation} symbol={quote.to.symbol} />
    </section>
  )
}

/** The eth_call's verdict: what it pays out, or why the swap would revert. */
export function SimulationNote({ simulation, symbol }: { simulation: swap.Simulation; symbol: string }) {
  const { t } = useTranslation()
  if (simulation.status === 'reverted')
    return (
      <p className={styles.error} role="alert">
        {t('wallet.exchange.reverted', { reason: simulation.reason })}
      </p>
    )
  if (simulation.status === 'ok')
    return <p role="status">{t('wallet.exchange.simulated', { amount: simulation.amount_out, symbol })}</p>
  return null
}
