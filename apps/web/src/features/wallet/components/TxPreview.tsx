import { shortenMiddle } from '@kinetic/protocol'
import { DotLoading } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { Amount } from '@/shared/ui/Amount'
import { formatAmount, formatWithUsd } from '../lib/format'
import styles from './TxPreview.module.css'

/** An amount of one coin, whole units as a decimal string. */
export type PreviewAmount = { symbol: string; amount: string }
/** An allowance the transaction sets: `spender` may then move `amount` (or everything when unlimited). */
export type PreviewApproval = { symbol: string; spender: string; amount: string; unlimited: boolean }

/** What the preview sheet shows; any flow (send, approval, swap) fills it from its own simulation or quote. */
export interface TxPreviewProps {
  sends: readonly PreviewAmount[]
  receives: readonly PreviewAmount[]
  approvals: readonly PreviewApproval[]
  /** The most the fee can be: BNB and USD ('' when BNB has no fresh price); undefined until known. */
  fee: { bnb: string; usd: string } | undefined
  /** Why the transaction would fail (the simulation reverted): shown instead, and nothing may be signed. */
  revert?: string | undefined
  loading?: boolean
}

/**
 * See before you sign: "you send / you receive / fee / approvals granted", as the node's
 * simulation of exactly this transaction says, shown above the password before the device signs.
 */
export function TxPreview({ sends, receives, approvals, fee, revert, loading }: TxPreviewProps) {
  const { t } = useTranslation()
  if (loading)
    return (
      <section className={styles.preview} aria-label={t('wallet.preview.title')} aria-busy="true">
        <p className={styles.note}>
          {t('wallet.preview.simulating')} <DotLoading />
        </p>
      </section>
    )
  if (revert !== undefined)
    return (
      <section className={styles.preview} aria-label={t('wallet.preview.title')}>
        <p className={styles.revert} role="alert">
          {revert}
        </p>
      </section>
    )
  const amounts = (list: readonly PreviewAmount[], sign: string) =>
    list.length === 0 ? (
      <dd>—</dd>
    ) : (
      list.map((item, i) => (
        <dd key={i} className={styles.amount}>
          {/* shown by the one rule; the exact change, to the wei, in its <data value> and on tap */}
          <Amount value={item.amount} sign={sign} symbol={item.symbol} />
        </dd>
      ))
    )
  return (
    <section className={styles.preview} aria-label={t('wallet.preview.title')}>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('wallet.preview.send')}</dt>
          {amounts(sends, '-')}
        </div>
        <div className={styles.row}>
          <dt>{t('wallet.preview.receive')}</dt>
          {amounts(receives, '+')}
        </div>
        <div className={styles.row}>
          <dt>{t('wallet.preview.fee')}</dt>
          <dd>{fee ? formatWithUsd(fee.bnb, 'BNB', fee.usd) : '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('wallet.preview.approvals')}</dt>
          {approvals.length === 0 ? (
            <dd>{t('wallet.preview.none')}</dd>
          ) : (
            approvals.map((a, i) => (
              <dd key={i} className={a.unlimited ? styles.warn : undefined}>
                {a.unlimited
                  ? t('wallet.preview.unlimited', { symbol: a.symbol, spender: shortenMiddle(a.spender, 8, 6) })
                  : t('wallet.preview.allowance', {
                      amount: formatAmount(a.amount),
                      symbol: a.symbol,
                      spender: shortenMiddle(a.spender, 8, 6),
                    })}
              </dd>
            ))
          )}
        </div>
      </dl>
    </section>
  )
}
