import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserInfoQuery } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'
import { GoogleCodeField, SentCodeField } from '../components/CodeFields'
import { TextField } from '../components/TextField'
import { useBindEmailMutation } from '../mine.queries'
import { checkAccount } from '../validation'
import mine from './MinePages.module.css'

/** /accountBindEmail: bind or change the e-mail address with a code sent to the new one. */
export function AccountBindEmailPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { data: user, error, refetch } = useUserInfoQuery()
  const bind = useBindEmailMutation()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [googleCode, setGoogleCode] = useState('')

  const emailProblem = () => checkAccount('email', email)
  const sendParams = () => {
    const problem = emailProblem()
    if (problem) {
      showToast(errorText(problem.code, problem.args))
      return null
    }
    return { type: 'email' as const, account: email.trim(), scene: 'bind' as const }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    const problem =
      emailProblem() ??
      (code.trim() === '' ? { code: 'CODE_REQUIRED' as const } : null) ??
      (user.google_bound && googleCode.trim() === '' ? { code: 'GOOGLE_CODE_REQUIRED' as const } : null)
    if (problem) return showToast(errorText(problem.code, 'args' in problem ? problem.args : undefined))
    bind.mutate(
      { account: email.trim(), code: code.trim(), ...(user.google_bound && { google_code: googleCode.trim() }) },
      {
        onSuccess: () => {
          showSuccess(t('account.toast.bound'))
          setEmail('')
          setCode('')
          setGoogleCode('')
        },
      },
    )
  }

  return (
    <Page title={t('account.email.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <p className={mine.hint}>
            {t('account.email.current')}: <strong>{user.email || t('account.email.none')}</strong>
          </p>
          <TextField
            label={t('account.email.newEmail')}
            value={email}
            onChange={setEmail}
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            clearable
          />
          <SentCodeField value={code} onChange={setCode} params={sendParams} />
          {user.google_bound && (
            <>
              <p className={mine.hint}>{t('account.email.googleHint')}</p>
              <GoogleCodeField value={googleCode} onChange={setGoogleCode} />
            </>
          )}
          <Button className={formStyles.submit} type="submit" block color="primary" loading={bind.isPending}>
            {t('account.email.submit')}
          </Button>
        </form>
      )}
    </Page>
  )
}
