import { isApiError } from '@/api'
import { useErrorText } from '@/i18n'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { ClockCircleOutline } from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Wallet } from '../lib/types'
import { useActiveWallet } from '../wallet.queries'
import homeStyles from './Home.module.css'
import styles from './Wallet.module.css'

/** 'Not currently open' with the way to create or import a wallet (spec §2). */
export function NoWallet() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  return (
    <div className={homeStyles.noWallet}>
      <EmptyState text={errorText('NOT_OPEN')} icon={<ClockCircleOutline />} />
      <p className={homeStyles.noWalletText}>{t('wallet.home.noWallet')}</p>
      <Button block color="primary" className={styles.primaryButton} onClick={() => void navigate('/walletBind')}>
        {t('wallet.home.bind')}
      </Button>
    </div>
  )
}

/**
 * Renders `children` with the wallet the page acts on (`?id=` or the current one); while
 * it loads, when it fails, or when the account has no wallet, shows that instead.
 */
export function WithWallet({ children }: { children: (wallet: Wallet) => ReactNode }) {
  const errorText = useErrorText()
  const { wallet, error, refetch } = useActiveWallet()
  if (error) {
    if (isApiError(error) && error.code === 'NOT_OPEN')
      return <EmptyState text={errorText('NOT_OPEN')} icon={<ClockCircleOutline />} />
    return <LoadFailed message={error.message} onRetry={() => void refetch()} />
  }
  if (wallet === undefined) return <Loading />
  if (wallet === null) return <NoWallet />
  return children(wallet)
}
