import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { ReceivePaymentOutline, SendOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCoinBalanceQuery } from '../assets.queries'
import { CoinIcon } from '../components/CoinIcon'
import { TransferHistory } from '../components/TransferHistory'
import assetsStyles from '../components/Assets.module.css'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { formatAmount, formatUsd } from '../lib/format'
import type { Wallet } from '../lib/types'
import { useCoinParam } from '../lib/useCoinParam'
import { useWalletHomeQuery } from '../wallet.queries'

/** One coin of the wallet: balance, value, its records, send and receive. */
export function CoinDetailPage() {
  const { t } = useTranslation()
  const coinId = useCoinParam()
  const symbol = useWalletHomeQuery().data?.assets.find((asset) => asset.id === coinId)?.symbol
  return (
    <Page title={symbol ?? t('wallet.coin.title')}>
      <WithWallet>{(w) => <CoinDetail wallet={w} />}</WithWallet>
    </Page>
  )
}

function CoinDetail({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const coinId = useCoinParam()
  const { data: asset, error, refetch } = useCoinBalanceQuery(wallet.id, coinId)

  return (
    <>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !asset || coinId === null ? (
        <Loading />
      ) : (
        <>
          <section className={assetsStyles.coinHead} aria-label={asset.symbol}>
            <CoinIcon symbol={asset.symbol} logo={asset.logo} size={56} />
            <div className={assetsStyles.coinBalance}>
              {formatAmount(asset.balance)} <small>{asset.symbol}</small>
            </div>
            <div className={assetsStyles.coinValue}>
              {asset.value_usd === '' ? formatUsd('') : `≈ ${formatUsd(asset.value_usd)}`}
            </div>
          </section>
          <TransferHistory walletId={wallet.id} coinId={coinId} />
          <div className={assetsStyles.stickyActions}>
            <Button
              color="primary"
              className={styles.primaryButton}
              onClick={() => void navigate(`/walletTransfer?coin=${coinId}`)}
            >
              <SendOutline /> {t('wallet.common.send')}
            </Button>
            <Button className={styles.outlineButton} onClick={() => void navigate(`/walletPayment?coin=${coinId}`)}>
              <ReceivePaymentOutline /> {t('wallet.common.receive')}
            </Button>
            {asset.symbol === 'KNT' && (
              <Button className={styles.outlineButton} onClick={() => void navigate(`/walletDeposit?id=${wallet.id}`)}>
                {t('wallet.deposit.open')}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  )
}
