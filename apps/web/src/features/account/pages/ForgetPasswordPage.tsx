import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useForgotPasswordMutation } from '../account.queries'
import { AccountFields } from '../components/AccountFields'
import { AuthHeader } from '../components/AuthHeader'
import authStyles from '../components/AuthForm.module.css'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { checkCredentials, type CredentialsForm } from '../validation'

type ForgetForm = CredentialsForm & { prefix: string }

export function ForgetPasswordPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const reset = useForgotPasswordMutation()
  const [form, setForm] = useState<ForgetForm>({
    type: 'email',
    prefix: '86',
    account: '',
    code: '',
    password: '',
    repassword: '',
  })
  const update = (patch: Partial<ForgetForm>) => setForm((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkCredentials(form)
    if (problem) return showToast(errorText(problem.code, problem.args))
    reset.mutate(
      {
        type: form.type,
        account: form.account.trim(),
        ...(form.type === 'phone' && { prefix: form.prefix }),
        code: form.code.trim(),
        password: form.password,
        repassword: form.repassword,
      },
      {
        onSuccess: () => {
          showSuccess(t('common.toast.modified'))
          void navigate('/login', { replace: true })
        },
      },
    )
  }

  return (
    <Page title={t('account.forget.title')}>
      <AuthHeader heading={t('account.forget.heading')} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <AccountFields value={form} onChange={update} scene="forget" />
        <p className={authStyles.hint}>{t('account.forget.codeHint')}</p>
        <NewPasswordFields label={t('account.form.newPassword')} value={form} onChange={update} />
        <Button className={formStyles.submit} type="submit" block color="primary" loading={reset.isPending}>
          {t('account.forget.submit')}
        </Button>
      </form>
    </Page>
  )
}
