import type { Asset } from '../lib/types'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount, formatUsd } from '../lib/format'
import { CoinIcon } from './CoinIcon'
import assets from './Assets.module.css'

/**
 * One coin: icon, symbol and name, balance and value ("—" without a price); tappable when
 * `onClick` is given. `unavailable`: the balance could not be read now, so none is shown.
 */
export function AssetRow({
  asset,
  onClick,
  trailing,
  unavailable = false,
}: {
  asset: Asset
  onClick?: () => void
  trailing?: ReactNode
  unavailable?: boolean
}) {
  const { t } = useTranslation()
  const body = (
    <>
      <CoinIcon symbol={asset.symbol} logo={asset.logo} />
      <span className={assets.assetMain}>
        <span className={assets.assetSymbol}>{asset.symbol}</span>
        <span className={assets.assetName}>{asset.name}</span>
      </span>
      {trailing ??
        (unavailable ? (
          <span className={assets.assetAmounts}>
            <span className={assets.assetValue}>{t('wallet.home.unavailable')}</span>
          </span>
        ) : (
          <span className={assets.assetAmounts}>
            <span className={assets.assetBalance}>{formatAmount(asset.balance)}</span>
            <span className={assets.assetValue}>{formatUsd(asset.value_usd)}</span>
          </span>
        ))}
    </>
  )
  return onClick ? (
    <button type="button" className={assets.assetRow} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className={assets.assetRow}>{body}</div>
  )
}
