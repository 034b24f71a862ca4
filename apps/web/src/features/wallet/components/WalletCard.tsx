import { shortenMiddle } from '@kinetic/protocol'
import { ClockCircleOutline, DownOutline, ReceivePaymentOutline, SendOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { formatUsd } from '../lib/format'
import type { Wallet } from '../lib/types'
import { CopyIcon } from './CopyButton'
import homeStyles from './Home.module.css'
import styles from './Wallet.module.css'

/** The head of the wallet tab: name (tap to switch), address with copy, total value, actions. */
export function WalletCard({ wallet, totalUsd }: { wallet: Wallet; totalUsd: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className={homeStyles.hero} aria-label={wallet.name}>
      <div className={homeStyles.heroTop}>
        <button type="button" className={homeStyles.heroName} onClick={() => void navigate('/walletList')}>
          <span>{wallet.name}</span>
          <DownOutline aria-hidden="true" />
        </button>
        <Link className={homeStyles.heroDetail} to={`/walletDetail?id=${wallet.id}`}>
          {t('wallet.home.details')}
        </Link>
      </div>
      <div className={homeStyles.heroAddress}>
        <span className={styles.mono} title={wallet.address}>
          {shortenMiddle(wallet.address)}
        </span>
        <CopyIcon text={wallet.address} label={t('wallet.home.copyAddress')} />
      </div>
      <div className={homeStyles.heroLabel}>{t('wallet.home.total')}</div>
      <div className={homeStyles.heroTotal}>{formatUsd(totalUsd || '0')}</div>
      {!wallet.backed_up && (
        <Link className={homeStyles.backupBanner} to={`/walletExportWords?id=${wallet.id}`}>
          {t('wallet.home.backupReminder')}
        </Link>
      )}
      <nav className={homeStyles.actions} aria-label={t('wallet.home.actions')}>
        <Action to="/walletTransfer" icon={<SendOutline />} label={t('wallet.common.send')} />
        <Action to="/walletPayment" icon={<ReceivePaymentOutline />} label={t('wallet.common.receive')} />
        <Action to="/walletTransferRecordHistory" icon={<ClockCircleOutline />} label={t('wallet.common.history')} />
      </nav>
    </section>
  )
}

function Action({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link className={homeStyles.action} to={to}>
      <span className={homeStyles.actionIcon} aria-hidden="true">
        {icon}
      </span>
      <span>{label}</span>
    </Link>
  )
}
