import { Popup } from 'antd-mobile'
import { DownOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Asset } from '../lib/types'
import { AssetRow } from './AssetRow'
import { CoinIcon } from './CoinIcon'
import styles from './Send.module.css'
import sheet from './Sheet.module.css'
import walletStyles from './Wallet.module.css'

/** The coin being sent (or, with `label` and `title`, another coin choice): a button that opens the list of the wallet's coins. */
export function CoinPicker({
  assets,
  value,
  onChange,
  label,
  title,
}: {
  assets: readonly Asset[]
  value: Asset | undefined
  onChange: (coinId: number) => void
  label?: string
  title?: string
}) {
  const { t } = useTranslation()
  const sheetTitle = title ?? t('wallet.send.chooseCoin')
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={styles.coinButton}
        aria-label={label ?? t('wallet.send.coin')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {value && <CoinIcon symbol={value.symbol} logo={value.logo} size={32} />}
        <span className={styles.coinSymbol}>{value?.symbol ?? '—'}</span>
        <DownOutline aria-hidden="true" />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={sheet.sheet}>
        <header className={sheet.header}>
          <h2 className={sheet.title}>{sheetTitle}</h2>
        </header>
        <div className={walletStyles.list} role="listbox" aria-label={sheetTitle}>
          {assets.map((asset) => (
            <AssetRow
              key={asset.id}
              asset={asset}
              onClick={() => {
                setOpen(false)
                onChange(asset.id)
              }}
            />
          ))}
        </div>
      </Popup>
    </>
  )
}
