import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { shortenMiddle, type earn } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useBalancesQuery } from '../assets.queries'
import { CopyIcon } from '../components/CopyButton'
import styles from '../components/Deposit.module.css'
import { useNetworkName } from '../components/NetworkName'
import { SendForm } from '../components/SendForm'
import walletStyles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { useDepositsQuery } from '../deposit.queries'
import { formatAmount } from '../lib/format'
import type { Wallet } from '../lib/types'
import { useTransferInfoQuery } from '../transfer.queries'
import { useWalletsQuery } from '../wallet.queries'

/** The user's own wallets to send from (`?id=` picks one). */
function WalletChoice({ current }: { current: Wallet }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const wallets = useWalletsQuery().data?.list ?? []
  if (wallets.length < 2) return null
  return (
    <section className={styles.card} aria-label={t('wallet.deposit.from')}>
      <span className={styles.label}>{t('wallet.deposit.from')}</span>
      <div className={styles.wallets}>
        {wallets.map((w) => (
          <Button
            key={w.id}
            size="small"
            color={w.id === current.id ? 'primary' : 'default'}
            aria-pressed={w.id === current.id}
            onClick={() => void navigate(`/walletDeposit?id=${w.id}`, { replace: true })}
          >
            {w.name} {shortenMiddle(w.address, 6, 4)}
          </Button>
        ))}
      </div>
    </section>
  )
}

function DepositList({ list }: { list: earn.Deposit[] }) {
  const { t } = useTranslation()
  if (list.length === 0) return <EmptyState text={t('wallet.deposit.none')} />
  return (
    <ul className={styles.list} aria-label={t('wallet.deposit.mine')}>
      {list.map((d) => (
        <li key={`${d.hash}:${d.log_index}`} className={styles.item} data-testid="deposit" data-status={d.status}>
          <span>
            {formatAmount(d.amount)} KNT
            <br />
            <small className={walletStyles.mono}>{shortenMiddle(d.hash, 8, 6)}</small>
          </span>
          <span className={styles.status}>
            {t(`wallet.deposit.status.${d.status}`)}
            {d.held_reason && (
              <>
                <br />
                <small>{t(`wallet.deposit.held.${d.held_reason}`)}</small>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}

function Deposit({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const networkName = useNetworkName()
  const [search] = useSearchParams()
  const deposits = useDepositsQuery(undefined)
  const balances = useBalancesQuery(wallet.id)
  const token = deposits.data?.token
  const coin = balances.data?.assets.find((a) => a.contract?.toLowerCase() === token?.toLowerCase())
  const info = useTransferInfoQuery(wallet.id, coin?.id ?? null)

  if (deposits.error) return <LoadFailed message={deposits.error.message} onRetry={() => void deposits.refetch()} />
  if (!deposits.data || !balances.data) return <Loading />
  const { treasury, network, list } = deposits.data
  const wrongNetwork = info.data !== undefined && info.data.network.chain_id !== network.chain_id
  const sent = search.get('sent')

  return (
    <>
      <p className={styles.label}>{t('wallet.deposit.intro')}</p>
      <WalletChoice current={wallet} />
      <section className={styles.card} aria-label={t('wallet.deposit.to')}>
        <span className={styles.label}>{t('wallet.deposit.network')}</span>
        <span className={styles.value} data-testid="deposit-network">
          {networkName(network)}
        </span>
        <span className={styles.label}>{t('wallet.deposit.to')}</span>
        <span className={`${styles.value} ${walletStyles.mono}`} data-testid="deposit-treasury">
          {treasury} <CopyIcon text={treasury} />
        </span>
      </section>
      {wrongNetwork ? (
        <EmptyState text={errorText('DEPOSIT_WRONG_NETWORK')} />
      ) : !coin ? (
        <EmptyState text={t('wallet.deposit.noKnt')} />
      ) : (
        <SendForm
          key={wallet.id}
          wallet={wallet}
          deposit={{
            to: treasury,
            coinId: coin.id,
            sentPath: (hash) => `/walletDeposit?id=${wallet.id}&sent=${hash}`,
          }}
        />
      )}
      {sent && <p className={styles.label}>{t('wallet.deposit.sent')}</p>}
      <h2 className={styles.label}>{t('wallet.deposit.mine')}</h2>
      <DepositList list={list} />
    </>
  )
}

/** Deposit KNT from one of my wallets into the app: signed here, credited once the chain confirms it. */
export function DepositPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.deposit.title')}>
      <WithWallet>{(w) => <Deposit wallet={w} />}</WithWallet>
    </Page>
  )
}
