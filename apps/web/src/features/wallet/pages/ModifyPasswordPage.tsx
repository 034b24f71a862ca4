import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { PasswordInput } from '../components/PasswordInput'
import { WithWallet } from '../components/WithWallet'
import { useReplaceVaultMutation } from '../keys.mutations'
import { isWrongPassword, showFailure } from '../lib/problems'
import type { Wallet } from '../lib/types'
import { useProblemText } from '../lib/useProblemText'
import { unlock } from '../lib/vault'
import { checkNewPassword, type NewPasswordForm } from '../lib/walletForm'
import { useBack } from '@/shared/ui/useBack'

/** Change the wallet password: decrypt with the old one, encrypt again with the new one. */
export function ModifyPasswordPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.modify.title')}>
      <WithWallet>{(w) => <ModifyPasswordForm wallet={w} />}</WithWallet>
    </Page>
  )
}

function ModifyPasswordForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const problemText = useProblemText()
  const back = useBack('/spot')
  const [old, setOld] = useState('')
  const [form, setForm] = useState<NewPasswordForm>({ password: '', repassword: '', hint: wallet.hint })
  const [unlocking, setUnlocking] = useState(false)
  const replace = useReplaceVaultMutation()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (old === '') return showToast(errorText('PASSWORD_REQUIRED'))
    const problem = checkNewPassword(form)
    if (problem) return showToast(problemText(problem))
    setUnlocking(true)
    try {
      const secret = await unlock(wallet.id, old)
      replace.mutate(
        { walletId: wallet.id, secret, password: form.password, hint: form.hint.trim() },
        {
          onSuccess: () => {
            showSuccess(t('wallet.toast.modified'))
            back()
          },
        },
      )
    } catch (error) {
      if (isWrongPassword(error)) showToast(errorText('WALLET_PASSWORD_WRONG'))
      else showFailure(error)
    } finally {
      setUnlocking(false)
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
      <PasswordInput label={t('wallet.modify.old')} value={old} onChange={setOld} autoComplete="current-password" />
      <NewPasswordFields
        value={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        label={t('wallet.modify.new')}
      />
      <div className={formStyles.note}>
        <Link to={`/walletResetPassword?id=${wallet.id}`}>{t('wallet.form.forgot')}</Link>
      </div>
      <Button
        type="submit"
        block
        color="primary"
        className={formStyles.submit}
        loading={unlocking || replace.isPending}
        loadingText={t('wallet.common.encrypting')}
      >
        {t('wallet.common.confirm')}
      </Button>
    </form>
  )
}
