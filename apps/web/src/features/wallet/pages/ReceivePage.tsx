import { Page } from '@/shared/ui/Page'
import { QrCode } from '@/shared/ui/QrCode'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '../components/CopyButton'
import manage from '../components/Manage.module.css'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import type { Wallet } from '../lib/types'

/** Receive: the wallet address as text and QR code, with the BSC/BEP20 note (spec §8). */
export function ReceivePage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.receive.title')}>
      <WithWallet>{(w) => <Receive wallet={w} />}</WithWallet>
    </Page>
  )
}

function Receive({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  return (
    <section className={manage.receive}>
      <p className={styles.notice} role="note">
        <ExclamationCircleOutline aria-hidden="true" />
        <span>{t('wallet.receive.note')}</span>
      </p>
      <div className={manage.receiveCard}>
        <div className={manage.receiveName}>{wallet.name}</div>
        <QrCode value={wallet.address} label={t('wallet.receive.qr')} />
        <div className={manage.receiveLabel}>{t('wallet.receive.address')}</div>
        <output className={`${manage.receiveAddress} ${styles.mono}`}>{wallet.address}</output>
      </div>
      <CopyButton text={wallet.address}>{t('wallet.receive.copy')}</CopyButton>
    </section>
  )
}
