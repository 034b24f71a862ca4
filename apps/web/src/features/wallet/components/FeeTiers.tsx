import { wallet } from '@kinetic/protocol'
import { DotLoading } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatUsd } from '../lib/format'
import type { FeeTier, TierName } from '../lib/types'
import styles from './Send.module.css'

/** "~3 s", "~15 s", "~1 min" (spec §3, §9). */
export function useTierTime(): (seconds: number) => string {
  const { t } = useTranslation()
  return (seconds) =>
    seconds < 60
      ? t('wallet.send.fee.seconds', { seconds })
      : t('wallet.send.fee.minutes', { minutes: Math.round(seconds / 60) })
}

/**
 * The fee choice: fast / recommend / slow, with the expected time and the fee in BNB (and USD
 * when priced). `estimate`: the fees are a default guess, not yet the node's estimate of this
 * transfer (no valid address and amount yet), and say so.
 */
export function FeeTiers({
  tiers,
  value,
  onChange,
  loading,
  estimate,
}: {
  tiers: readonly FeeTier[] | undefined
  value: TierName
  onChange: (tier: TierName) => void
  loading: boolean
  estimate: boolean
}) {
  const { t } = useTranslation()
  const time = useTierTime()
  return (
    <fieldset className={styles.tiers}>
      <legend className={styles.legend}>
        {t('wallet.send.fee.title')} {loading && <DotLoading />}
      </legend>
      {wallet.FEE_TIERS.map((name) => {
        const tier = tiers?.find((item) => item.tier === name)
        return (
          <label key={name} className={styles.tier} data-selected={value === name}>
            <input
              type="radio"
              name="fee-tier"
              value={name}
              checked={value === name}
              onChange={() => onChange(name)}
              className={styles.tierInput}
            />
            <span className={styles.tierName}>{t(`wallet.send.fee.${name}`)}</span>
            <span className={styles.tierTime}>{time(tier?.seconds ?? wallet.FEE_TIER_SECONDS[name])}</span>
            <span className={styles.tierFee}>
              {tier ? `${formatAmount(tier.fee, 8)} BNB` : '—'}
              {tier && tier.fee_usd !== '' && <small> ≈ {formatUsd(tier.fee_usd)}</small>}
            </span>
          </label>
        )
      })}
      {estimate && tiers && (
        <p className={styles.tierNote} data-testid="fee-estimate">
          {t('wallet.send.fee.estimate')}
        </p>
      )}
    </fieldset>
  )
}
