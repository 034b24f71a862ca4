import { formatInstant, useAccountTimeZone } from '@/shared/clock'
import { Amount } from '@/shared/ui/Amount'
import type { swap } from '@kinetic/protocol'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatWithUsd } from '../lib/format'
import styles from './Sheet.module.css'
import { TxPreview, type TxPreviewProps } from './TxPreview'

/**
 * The swap as the preview sheet shows every signature: you send amount_in of the coin sold,
 * you receive what the node's eth_call of this swap pays out (the router's quote), the
 * approval it still needs, the network fee in BNB and USD, or the simulation's revert reason.
 */
export function swapPreview(quote: swap.SwapQuote, revertText: (reason: string) => string): TxPreviewProps {
  const { simulation, approval } = quote
  return {
    sends: [{ symbol: quote.from.symbol, amount: quote.amount_in }],
    receives: [
      { symbol: quote.to.symbol, amount: simulation.status === 'ok' ? simulation.amount_out : quote.amount_out },
    ],
    approvals: approval
      ? [
          {
            symbol: quote.from.symbol,
            spender: approval.spender,
            amount: approval.amount,
            unlimited: approval.unlimited,
          },
        ]
      : [],
    fee: { bnb: quote.network_fee, usd: quote.network_fee_usd },
    revert: simulation.status === 'reverted' ? revertText(simulation.reason) : undefined,
  }
}

/**
 * The confirm sheet of a swap: the preview every signature shows (TxPreview), then only what
 * is the swap's own — the minimum under the slippage, price impact, route, the liquidity
 * providers' fee and the deadline on the account's clock. A reverting simulation blocks the sheet.
 */
export function SwapConfirmation({ quote }: { quote: swap.SwapQuote }) {
  const { t, i18n } = useTranslation()
  const timeZone = useAccountTimeZone()
  const rows: [string, ReactNode][] = [
    // a minimum is rounded down: it never promises more than the swap guarantees
    [
      t('wallet.exchange.minimum'),
      <Amount value={quote.minimum_received} symbol={quote.to.symbol} decimals={quote.to.decimals} round="down" />,
    ],
    [t('wallet.exchange.impact'), `${quote.price_impact}%`],
    [t('wallet.exchange.route'), quote.route.join(' → ')],
    [t('wallet.exchange.lpFee'), formatWithUsd(quote.lp_fee, quote.from.symbol, quote.lp_fee_usd)],
    [t('wallet.exchange.deadline'), formatInstant(quote.deadline, i18n.language, timeZone)],
  ]
  return (
    <section aria-label={t('wallet.exchange.confirmTitle')}>
      <TxPreview {...swapPreview(quote, (reason) => t('wallet.exchange.reverted', { reason }))} />
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt className={styles.rowLabel}>{label}</dt>
            <dd className={styles.rowValue}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
