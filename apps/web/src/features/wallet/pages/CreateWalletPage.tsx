import { Page } from '@/shared/ui/Page'
import { showToast } from '@/shared/ui/toast'
import { generateMnemonic } from '@kinetic/wallet-core'
import { wallet } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { SafetySheet } from '../components/SafetySheet'
import { TextField } from '../components/TextField'
import styles from '../components/Wallet.module.css'
import { createDraft, startCreateFlow, updateCreateDraft } from '../lib/createFlow'
import { useCreateFlowScope } from '../lib/useCreateFlowScope'
import { checkNewWallet, type NewWalletForm } from '../lib/walletForm'
import { useProblemText } from '../lib/useProblemText'

/** Create a wallet, step 1: name and wallet password; then the safety points (spec §4). */
export function CreateWalletPage() {
  const { t } = useTranslation()
  const problemText = useProblemText()
  const navigate = useNavigate()
  useCreateFlowScope()
  const [form, setForm] = useState<NewWalletForm>(() => ({
    name: createDraft()?.name ?? t('wallet.create.defaultName'),
    password: '',
    repassword: '',
    hint: createDraft()?.hint ?? '',
  }))
  const [safety, setSafety] = useState(false)
  const update = (patch: Partial<NewWalletForm>) => setForm((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkNewWallet(form)
    if (problem) return showToast(problemText(problem))
    setSafety(true)
  }

  const understood = () => {
    startCreateFlow({ name: form.name.trim(), password: form.password, hint: form.hint.trim() })
    updateCreateDraft({ mnemonic: generateMnemonic() })
    setSafety(false)
    void navigate('/mnemonicWords')
  }

  return (
    <Page title={t('wallet.create.title')}>
      <header className={styles.intro}>
        <h1 className={styles.introTitle}>{t('wallet.create.heading')}</h1>
        <p className={styles.introText}>{t('wallet.create.subtitle')}</p>
      </header>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('wallet.form.name')}
          value={form.name}
          onChange={(name) => update({ name })}
          maxLength={wallet.WALLET_NAME_MAX}
        />
        <NewPasswordFields value={form} onChange={update} />
        <p className={formStyles.note}>{t('wallet.form.passwordNote')}</p>
        <Button type="submit" block color="primary" className={formStyles.submit}>
          {t('wallet.create.submit')}
        </Button>
      </form>
      <SafetySheet visible={safety} onClose={() => setSafety(false)} onConfirm={understood} />
    </Page>
  )
}
