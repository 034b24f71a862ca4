import { isApiError } from '@/api'
import { currentLocale, useErrorText } from '@/i18n'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { PullToRefresh } from 'antd-mobile'
import { AddCircleOutline, ClockCircleOutline, PhonebookOutline, UnorderedListOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { AssetRow } from '../components/AssetRow'
import { WalletCard } from '../components/WalletCard'
import { lastGoodRead, rememberGoodRead } from '../lib/lastRead'
import { formatTime } from '../lib/format'
import { NoWallet } from '../components/WithWallet'
import { ProveOwnership } from '../components/ProveOwnership'
import homeStyles from '../components/Home.module.css'
import styles from '../components/Wallet.module.css'
import { useWalletHomeQuery } from '../wallet.queries'

/** The Wallet tab: the current wallet, its total, actions and assets, or the way to get one. */
export function WalletHomePage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const { data, error, refetch, dataUpdatedAt } = useWalletHomeQuery({ fresh: true })
  useEffect(() => {
    if (data?.wallet && dataUpdatedAt > 0) rememberGoodRead(dataUpdatedAt)
  }, [data, dataUpdatedAt])
  // the node stopped answering after a good read in this tab: keep the wallet, mark its balances
  // unavailable
  const chainDown = isApiError(error) && error.code === 'CHAIN_UNAVAILABLE'
  const stale = chainDown && data?.wallet ? data : undefined
  const lastRead = chainDown ? lastGoodRead() : undefined

  const refresh = async () => {
    await refetch()
    showSuccess(t('wallet.toast.refreshed'))
  }

  const manage = data?.wallet && (
    <button
      type="button"
      className={styles.navIcon}
      aria-label={t('wallet.home.wallets')}
      onClick={() => void navigate('/walletList')}
    >
      <UnorderedListOutline />
    </button>
  )

  return (
    <Page title={t('wallet.home.title')} back={false} right={manage}>
      {error && !stale ? (
        isApiError(error) && error.code === 'NOT_OPEN' ? (
          <EmptyState text={errorText('NOT_OPEN')} icon={<ClockCircleOutline />} />
        ) : (
          <>
            <LoadFailed message={error.message} onRetry={() => void refetch()} />
            {lastRead !== undefined && (
              <p className={homeStyles.lastRead}>
                {t('wallet.home.lastRead', {
                  time: formatTime(new Date(lastRead).toISOString(), currentLocale(), 'short'),
                })}
              </p>
            )}
          </>
        )
      ) : !data ? (
        <Loading />
      ) : !data.wallet ? (
        <NoWallet />
      ) : (
        <PullToRefresh onRefresh={refresh}>
          <WalletCard
            wallet={data.wallet}
            network={data.network}
            holdings={
              stale
                ? { kind: 'unavailable', lastRead, onRetry: () => void refetch() }
                : { kind: 'read', totalUsd: data.total_usd, unpriced: data.unpriced }
            }
          />
          <ProveOwnership wallet={data.wallet} />
          <section className={homeStyles.section} aria-labelledby="wallet-assets">
            <div className={homeStyles.sectionHead}>
              <h2 id="wallet-assets" className={styles.sectionTitle}>
                {t('wallet.home.assets')}
              </h2>
              <button type="button" className={homeStyles.sectionLink} onClick={() => void navigate('/walletMyAsset')}>
                {t('wallet.home.allAssets')}
              </button>
            </div>
            <div className={styles.list}>
              {data.assets.map((asset) => (
                <AssetRow
                  key={asset.id}
                  asset={asset}
                  unavailable={stale !== undefined}
                  onClick={() => void navigate(`/walletBnbDetail?coin=${asset.id}`)}
                />
              ))}
            </div>
          </section>
          <Menu label={t('wallet.home.manage')}>
            <MenuItem icon={<UnorderedListOutline />} onClick={() => void navigate('/walletList')}>
              {t('wallet.home.wallets')}
            </MenuItem>
            <MenuItem icon={<PhonebookOutline />} onClick={() => void navigate('/walletAddressList')}>
              {t('wallet.home.addressBook')}
            </MenuItem>
            <MenuItem icon={<AddCircleOutline />} onClick={() => void navigate('/walletBnbAdd')}>
              {t('wallet.home.addCoin')}
            </MenuItem>
          </Menu>
        </PullToRefresh>
      )}
    </Page>
  )
}
