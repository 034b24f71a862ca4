import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showToast } from '@/shared/ui/toast'
import { Button, Result } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FlowRestart } from '../components/FlowRestart'
import formStyles from '@/shared/ui/Form.module.css'
import styles from '../components/Wallet.module.css'
import { WordPicker } from '../components/WordPicker'
import { useFinishCreateMutation } from '../keys.mutations'
import { createDraft } from '../lib/createFlow'
import { useCreateFlowScope } from '../lib/useCreateFlowScope'
import { checkOrder, misplacedSlots, shuffleWords } from '../lib/wordOrder'

/** Create a wallet, step 3: pick the words in order; then the wallet is encrypted and stored. */
export function MnemonicVerifyPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  useCreateFlowScope()
  const [words] = useState(() => createDraft()?.mnemonic?.split(' ') ?? null)
  const [chips, setChips] = useState(() => (words ? shuffleWords(words) : []))
  const [picked, setPicked] = useState<number[]>([])
  const [misplaced, setMisplaced] = useState<number[]>([])
  const finish = useFinishCreateMutation()

  if (finish.isSuccess) {
    return (
      <Page title={t('wallet.verify.title')} back={false}>
        <Result status="success" title={t('wallet.verify.done')} description={t('wallet.verify.doneText')} />
        <Button
          block
          color="primary"
          className={formStyles.submit}
          onClick={() => void navigate('/spot', { replace: true })}
        >
          {t('wallet.verify.goWallet')}
        </Button>
      </Page>
    )
  }
  if (!words) return <FlowRestart title={t('wallet.verify.title')} />

  const confirm = () => {
    const result = checkOrder(words, chips, picked)
    if (result !== 'right') {
      setMisplaced(misplacedSlots(words, chips, picked))
      return showToast(errorText('MNEMONIC_ORDER'))
    }
    const draft = createDraft()
    if (!draft?.mnemonic) return
    finish.mutate({ ...draft, mnemonic: draft.mnemonic })
  }

  const pick = (next: number[]) => {
    setMisplaced([])
    setPicked(next)
  }

  return (
    <Page title={t('wallet.verify.title')}>
      <header className={styles.intro}>
        <p className={styles.introText}>{t('wallet.verify.intro')}</p>
      </header>
      <WordPicker chips={chips} picked={picked} onChange={pick} misplaced={misplaced} />
      <div className={styles.buttonRow}>
        <Button
          className={formStyles.secondary}
          disabled={picked.length === 0 || finish.isPending}
          onClick={() => {
            pick([])
            setChips(shuffleWords(words))
          }}
        >
          {t('wallet.verify.clear')}
        </Button>
        <Button
          color="primary"
          className={formStyles.submit}
          disabled={picked.length < words.length}
          loading={finish.isPending}
          loadingText={t('wallet.verify.creating')}
          onClick={confirm}
        >
          {t('wallet.common.confirm')}
        </Button>
      </div>
    </Page>
  )
}
