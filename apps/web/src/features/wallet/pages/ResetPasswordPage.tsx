import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { useBack } from '@/shared/ui/useBack'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { SecretInput } from '../components/SecretInput'
import styles from '../components/Wallet.module.css'
import { WithWallet } from '../components/WithWallet'
import { useReplaceVaultMutation } from '../keys.mutations'
import { readMnemonic, readPrivateKey } from '../lib/secretInput'
import type { Wallet } from '../lib/types'
import { useProblemText } from '../lib/useProblemText'
import { secretFor } from '../lib/vault'
import { checkNewPassword, type NewPasswordForm } from '../lib/walletForm'

/**
 * Reset the wallet password. Nobody can recover it (DESIGN §6): the person proves they
 * own the wallet with its words (or key) — they must derive its address — and chooses a
 * new password; the vault is encrypted again from what they typed.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.reset.title')}>
      <WithWallet>{(w) => <ResetPasswordForm wallet={w} />}</WithWallet>
    </Page>
  )
}

function ResetPasswordForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const problemText = useProblemText()
  const back = useBack('/spot')
  const [proof, setProof] = useState('')
  const [form, setForm] = useState<NewPasswordForm>({ password: '', repassword: '', hint: '' })
  const replace = useReplaceVaultMutation()
  const words = wallet.kind === 'mnemonic'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = words ? readMnemonic(proof) : readPrivateKey(proof)
    if (!read.ok) return showToast(problemText(read.problem))
    const secret = secretFor(read.value, wallet.address)
    if (!secret) return showToast(problemText({ text: words ? 'wordsNotThisWallet' : 'keyNotThisWallet' }))
    const problem = checkNewPassword(form)
    if (problem) return showToast(problemText(problem))
    replace.mutate(
      { walletId: wallet.id, secret, password: form.password, hint: form.hint.trim() },
      {
        onSuccess: () => {
          setProof('')
          showSuccess(t('wallet.toast.modified'))
          back()
        },
      },
    )
  }

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p className={styles.introText}>{t(words ? 'wallet.reset.introWords' : 'wallet.reset.introKey')}</p>
      <SecretInput kind={wallet.kind} value={proof} onChange={setProof} />
      <NewPasswordFields
        value={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        label={t('wallet.modify.new')}
      />
      <Button
        type="submit"
        block
        color="primary"
        className={formStyles.submit}
        loading={replace.isPending}
        loadingText={t('wallet.common.encrypting')}
      >
        {t('wallet.reset.submit')}
      </Button>
    </form>
  )
}
