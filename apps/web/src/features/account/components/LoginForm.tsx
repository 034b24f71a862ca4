import { isApiError } from '@/api'
import { useErrorText } from '@/i18n'
import { showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLoginMutation } from '../account.queries'
import { checkLogin } from '../validation'
import styles from './AuthForm.module.css'
import formStyles from '@/shared/ui/Form.module.css'
import { PasswordField } from './PasswordField'
import { TextField } from './TextField'

/**
 * E-mail or phone + password. The Google code row appears once the server says the
 * account has two-factor sign-in on (`GOOGLE_CODE_REQUIRED`). Used by /login and /switchLogin.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const login = useLoginMutation()
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [googleCode, setGoogleCode] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkLogin({ account, password, googleCode })
    if (problem) return showToast(errorText(problem.code, problem.args))
    login.mutate(
      { account: account.trim(), password, ...(googleCode !== null && { google_code: googleCode.trim() }) },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiError(error) && error.code === 'GOOGLE_CODE_REQUIRED') setGoogleCode((code) => code ?? '')
        },
      },
    )
  }

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('account.form.loginAccount')}
        value={account}
        onChange={setAccount}
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        clearable
      />
      <PasswordField
        label={t('account.form.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      {googleCode !== null && (
        <TextField
          label={t('account.form.googleOrRecovery')}
          value={googleCode}
          onChange={setGoogleCode}
          autoComplete="one-time-code"
          maxLength={9}
        />
      )}
      <Button className={formStyles.submit} type="submit" block color="primary" loading={login.isPending}>
        {t('account.login.submit')}
      </Button>
      <div className={styles.links}>
        <Link to="/register">{t('account.login.register')}</Link>
        <Link to="/forgetPsw">{t('account.login.forgot')}</Link>
      </div>
    </form>
  )
}
