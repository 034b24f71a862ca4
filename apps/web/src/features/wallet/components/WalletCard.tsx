import { currentLocale } from '@/i18n'
import { shortenMiddle, type wallet as protocol } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { ClockCircleOutline, DownOutline, LoopOutline, ReceivePaymentOutline, SendOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { formatList, formatTime, formatUsd } from '../lib/format'
import type { Wallet } from '../lib/types'
import { CopyIcon } from './CopyButton'
import homeStyles from './Home.module.css'
import { useNetworkName } from './NetworkName'
import styles from './Wallet.module.css'

/** What the card says about the balances: their total, or that the chain cannot be read now. */
export type Holdings =
  | { kind: 'read'; totalUsd: string; unpriced: readonly string[] }
  | { kind: 'unavailable'; lastRead: number | undefined; onRetry: () => void }

/**
 * The head of the wallet tab: name (tap to switch), network, address with copy, total value
 * (naming the coins it leaves out for want of a price, or unavailable while the node is down, with a
 * retry), actions.
 */
export function WalletCard({
  wallet,
  network,
  holdings,
}: {
  wallet: Wallet
  network: protocol.Network
  holdings: Holdings
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const networkName = useNetworkName()
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
      <div className={homeStyles.heroNetwork} aria-label={t('wallet.network.label')} data-network={network.key}>
        {networkName(network)}
      </div>
      <div className={homeStyles.heroAddress}>
        <span className={styles.mono} title={wallet.address}>
          {shortenMiddle(wallet.address)}
        </span>
        <CopyIcon text={wallet.address} label={t('wallet.home.copyAddress')} />
      </div>
      <div className={homeStyles.heroLabel}>{t('wallet.home.total')}</div>
      {holdings.kind === 'read' ? (
        <>
          <div className={homeStyles.heroTotal}>{formatUsd(holdings.totalUsd || '0')}</div>
          {holdings.unpriced.length > 0 && (
            <div className={homeStyles.heroNote}>
              {t('wallet.home.leftOut', { coins: formatList(holdings.unpriced, currentLocale()) })}
            </div>
          )}
        </>
      ) : (
        <>
          <div className={homeStyles.heroTotal}>{t('wallet.home.unavailable')}</div>
          <div className={homeStyles.heroNote} role="status">
            {t('wallet.home.balancesUnavailable')}
            {holdings.lastRead !== undefined &&
              ` ${t('wallet.home.lastRead', { time: formatTime(new Date(holdings.lastRead).toISOString(), currentLocale(), 'short') })}`}
          </div>
          <Button className={homeStyles.heroRetry} size="mini" shape="rounded" onClick={holdings.onRetry}>
            {t('common.retry')}
          </Button>
        </>
      )}
      {needsWordsBackup(wallet) && (
        <Link className={homeStyles.backupBanner} to={`/walletExportWords?id=${wallet.id}`}>
          {t('wallet.home.backupReminder')}
        </Link>
      )}
      <nav className={homeStyles.actions} aria-label={t('wallet.home.actions')}>
        <Action to="/walletTransfer" icon={<SendOutline />} label={t('wallet.common.send')} />
        <Action to="/walletPayment" icon={<ReceivePaymentOutline />} label={t('wallet.common.receive')} />
        <Action to="/walletExchange" icon={<LoopOutline />} label={t('wallet.common.exchange')} />
        <Action to="/walletTransferRecordHistory" icon={<ClockCircleOutline />} label={t('wallet.common.history')} />
      </nav>
    </section>
  )
}

/**
 * Whether to remind the person to back up the words: only words this app created and has not
 * seen verified. A private-key wallet has no words; an imported one is stored backed up
 * (docs/adr/2026-11-24-imported-wallet-backup.md).
 */
export function needsWordsBackup(wallet: Wallet): boolean {
  return wallet.kind === 'mnemonic' && !wallet.backed_up
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
