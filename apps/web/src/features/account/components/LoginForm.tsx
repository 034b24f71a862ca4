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
import { GoogleCodeField, SentCodeField } from './CodeFields'
import { TextField } from './TextField'

/**
 * E-mail or phone + password. The Google code row appears once the server says the
 * account has two-factor sign-in on (`GOOGLE_CODE_REQUIRED`); the e-mailed code row once it
 * says the account had too many failed sign-ins for this address (`LOGIN_CODE_REQUIRED`).
 * Used by /login and /switchLogin.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const login = useLoginMutation()
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [googleCode, setGoogleCode] = useState<string | null>(null)
  const [code, setCode] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkLogin({ account, password, googleCode, code })
    if (problem) return showToast(errorText(problem.code, problem.args))
    login.mutate(
      {
        account: account.trim(),
        password,
        ...(code !== null && { code: code.trim() }),
        ...(googleCode !== null && { google_code: googleCode.trim() }),
      },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (!isApiError(error)) return
          if (error.code === 'GOOGLE_CODE_REQUIRED') setGoogleCode((current) => current ?? '')
          if (error.code === 'LOGIN_CODE_REQUIRED') setCode((current) => current ?? '')
        },
      },
    )
  }

  /** The code goes to the account typed: an e-mail address, else a phone number. */
  const sendParams = () => {
    const text = account.trim()
    if (text === '') {
      showToast(errorText('FIELD_REQUIRED', { field: 'account' }))
      return null
    }
    return {
      type: text.includes('@') ? ('email' as const) : ('phone' as const),
      account: text,
      scene: 'login' as const,
    }
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
      {code !== null && (
        <>
          <p className={styles.hint}>{t('account.login.codeHint')}</p>
          <SentCodeField value={code} onChange={setCode} params={sendParams} />
        </>
      )}
      {googleCode !== null && <GoogleCodeField value={googleCode} onChange={setGoogleCode} />}
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
