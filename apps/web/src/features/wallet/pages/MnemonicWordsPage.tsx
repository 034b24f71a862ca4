import { Page } from '@/shared/ui/Page'
import { Button } from 'antd-mobile'
import { ExclamationTriangleOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { CopyButton } from '../components/CopyButton'
import { FlowRestart } from '../components/FlowRestart'
import formStyles from '@/shared/ui/Form.module.css'
import styles from '../components/Wallet.module.css'
import { WordGrid } from '../components/WordGrid'
import { createDraft } from '../lib/createFlow'
import { useCreateFlowScope } from '../lib/useCreateFlowScope'

/** Create a wallet, step 2: the 12 words to write down. */
export function MnemonicWordsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useCreateFlowScope()
  const [revealed, setRevealed] = useState(false)
  const mnemonic = createDraft()?.mnemonic
  if (!mnemonic) return <FlowRestart title={t('wallet.backup.title')} />

  return (
    <Page title={t('wallet.backup.title')}>
      <header className={styles.intro}>
        <h1 className={styles.introTitle}>{t('wallet.backup.heading')}</h1>
        <p className={styles.introText}>{t('wallet.backup.intro')}</p>
      </header>
      <WordGrid words={mnemonic.split(' ')} {...(!revealed && { onReveal: () => setRevealed(true) })} />
      <p className={styles.warning} role="note">
        <ExclamationTriangleOutline aria-hidden="true" />
        <span>{t('wallet.backup.warning')}</span>
      </p>
      {revealed && (
        <>
          <CopyButton text={mnemonic} secret />
          <p className={formStyles.note}>{t('wallet.backup.copyNote')}</p>
        </>
      )}
      <Button
        block
        color="primary"
        className={formStyles.submit}
        disabled={!revealed}
        onClick={() => void navigate('/mnemonicWordsVerify')}
      >
        {t('wallet.backup.next')}
      </Button>
    </Page>
  )
}
