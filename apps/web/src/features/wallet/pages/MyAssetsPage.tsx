import { Page } from '@/shared/ui/Page'
import { currentLocale } from '@/i18n'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { SearchBar } from 'antd-mobile'
import { AddOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useBalancesQuery } from '../assets.queries'
import { AssetRow } from '../components/AssetRow'
import homeStyles from '../components/Home.module.css'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { formatList, formatUsd } from '../lib/format'
import { matchesCoin } from '../lib/search'
import type { Wallet } from '../lib/types'

/** Every coin of the wallet with its balance and value, searchable. */
export function MyAssetsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const add = (
    <button
      type="button"
      className={styles.navIcon}
      aria-label={t('wallet.home.addCoin')}
      onClick={() => void navigate('/walletBnbAdd')}
    >
      <AddOutline />
    </button>
  )
  return (
    <Page title={t('wallet.assets.title')} right={add}>
      <WithWallet>{(w) => <Assets wallet={w} />}</WithWallet>
    </Page>
  )
}

function Assets({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [keyword, setKeyword] = useState('')
  const { data, error, refetch } = useBalancesQuery(wallet.id)
  if (error) return <LoadFailed message={error.message} onRetry={() => void refetch()} />
  if (!data) return <Loading />
  const shown = data.assets.filter((asset) => matchesCoin(asset, keyword))
  return (
    <>
      <div className={homeStyles.totalLine}>
        <span>{t('wallet.home.total')}</span>
        <strong>{formatUsd(data.total_usd || '0')}</strong>
      </div>
      {data.unpriced.length > 0 && (
        <p className={homeStyles.lastRead}>
          {t('wallet.home.leftOut', { coins: formatList(data.unpriced, currentLocale()) })}
        </p>
      )}
      <SearchBar
        className={styles.search}
        placeholder={t('wallet.assets.search')}
        value={keyword}
        onChange={setKeyword}
      />
      {shown.length === 0 ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : (
        <div className={styles.list}>
          {shown.map((asset) => (
            <AssetRow key={asset.id} asset={asset} onClick={() => void navigate(`/walletBnbDetail?coin=${asset.id}`)} />
          ))}
        </div>
      )}
    </>
  )
}
