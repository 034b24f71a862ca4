import { Page } from '@/shared/ui/Page'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { EmptyState } from '@/shared/ui/Status'
import styles from './Wallet.module.css'

/** A creation step opened without the flow in memory (a reload drops the words on purpose). */
export function FlowRestart({ title }: { title: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Page title={title}>
      <EmptyState text={t('wallet.verify.restart')} />
      <Button
        block
        color="primary"
        className={styles.primaryButton}
        onClick={() => void navigate('/createWallet', { replace: true })}
      >
        {t('wallet.create.title')}
      </Button>
    </Page>
  )
}
