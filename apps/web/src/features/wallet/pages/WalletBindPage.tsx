import { Page } from '@/shared/ui/Page'
import { AddCircleOutline, DownlandOutline, RightOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import manage from '../components/Manage.module.css'
import styles from '../components/Wallet.module.css'

/** Bind a wallet: import one I have, or create a new one (spec §2). */
export function WalletBindPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.bind.title')}>
      <header className={styles.intro}>
        <h1 className={styles.introTitle}>{t('wallet.bind.heading')}</h1>
        <p className={styles.introText}>{t('wallet.bind.subtitle')}</p>
      </header>
      <div className={manage.choices}>
        <Choice
          to="/walletAdd"
          icon={<DownlandOutline />}
          title={t('wallet.bind.have')}
          text={t('wallet.bind.haveText')}
        />
        <Choice
          to="/createWallet"
          icon={<AddCircleOutline />}
          title={t('wallet.bind.haveNot')}
          text={t('wallet.bind.haveNotText')}
        />
      </div>
    </Page>
  )
}

function Choice({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  const navigate = useNavigate()
  return (
    <button type="button" className={manage.choice} onClick={() => void navigate(to)}>
      <span className={manage.choiceIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={manage.choiceText}>
        <strong>{title}</strong>
        <span>{text}</span>
      </span>
      <RightOutline aria-hidden="true" className={manage.choiceArrow} />
    </button>
  )
}
