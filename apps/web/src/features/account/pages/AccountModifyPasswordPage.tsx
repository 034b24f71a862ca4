import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { isAccountPassword, type account } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useUserInfoQuery } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { verificationParams, VerifyFields, type Verification } from '../components/VerifyFields'
import { useChangePasswordMutation } from '../mine.queries'
import type { Problem } from '../validation'
import mine from './MinePages.module.css'

type PasswordForm = Verification & { password: string; repassword: string }

function checkForm(user: account.User, form: PasswordForm): Problem | null {
  if (user.google_bound && form.google_code.trim() === '') return { code: 'GOOGLE_CODE_REQUIRED' }
  if (!user.google_bound && form.code.trim() === '') return { code: 'CODE_REQUIRED' }
  if (form.password === '') return { code: 'PASSWORD_REQUIRED' }
  if (!isAccountPassword(form.password)) return { code: 'PASSWORD_INVALID' }
  if (form.password !== form.repassword) return { code: 'PASSWORD_MISMATCH' }
  return null
}

/** /accountModifyPassword: verified by the Google code when bound, else an e-mail code; other devices are signed out. */
export function AccountModifyPasswordPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const { data: user, error, refetch } = useUserInfoQuery()
  const change = useChangePasswordMutation()
  const [form, setForm] = useState<PasswordForm>({ code: '', google_code: '', password: '', repassword: '' })
  const update = (patch: Partial<PasswordForm>) => setForm((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    const problem = checkForm(user, form)
    if (problem) return showToast(errorText(problem.code, problem.args))
    change.mutate(
      { password: form.password, repassword: form.repassword, ...verificationParams(user, form) },
      {
        onSuccess: () => {
          showSuccess(t('common.toast.modified'))
          void navigate('/my', { replace: true })
        },
      },
    )
  }

  return (
    <Page title={t('account.password.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <VerifyFields user={user} scene="password" value={form} onChange={update} />
          <NewPasswordFields label={t('account.form.newPassword')} value={form} onChange={update} />
          <p className={mine.hint}>{t('account.password.othersSignedOut')}</p>
          <Button className={formStyles.submit} type="submit" block color="primary" loading={change.isPending}>
            {t('account.password.submit')}
          </Button>
        </form>
      )}
    </Page>
  )
}
