import { admin } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleCall } from '../api'
import { fieldsOf } from '../ui'

export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const login = useMutation({ mutationFn: () => consoleCall(admin.login, { email, password }), onSuccess: onSignedIn })
  const problem = login.error ? (Object.values(fieldsOf(login.error))[0] ?? login.error.message) : undefined

  return (
    <form
      className="card login"
      onSubmit={(event) => {
        event.preventDefault()
        login.mutate()
      }}
    >
      <h1>{t('admin.login.title')}</h1>
      <label className="field">
        <span>{t('admin.login.email')}</span>
        <Input className="box" type="email" value={email} onChange={setEmail} autoComplete="username" />
      </label>
      <label className="field">
        <span>{t('admin.login.password')}</span>
        <Input
          className="box"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
      </label>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" color="primary" block loading={login.isPending}>
        {t('admin.login.submit')}
      </Button>
    </form>
  )
}
