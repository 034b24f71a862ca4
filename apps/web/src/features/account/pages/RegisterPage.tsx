import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRegisterMutation } from '../account.queries'
import { AccountFields } from '../components/AccountFields'
import { AgreementCheck } from '../components/AgreementCheck'
import { AuthHeader } from '../components/AuthHeader'
import { LanguageLink } from '../components/LanguageLink'
import styles from '../components/AuthForm.module.css'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { TextField } from '../components/TextField'
import { checkRegister, type AccountType } from '../validation'

type RegisterForm = {
  type: AccountType
  prefix: string
  account: string
  code: string
  password: string
  repassword: string
  invite: string
  agreed: boolean
}

const EMPTY: RegisterForm = {
  type: 'email',
  prefix: '86',
  account: '',
  code: '',
  password: '',
  repassword: '',
  invite: '',
  agreed: false,
}

/** What was typed (passwords aside) survives a visit to the privacy policy and back. */
let draft: Omit<RegisterForm, 'password' | 'repassword'> | null = null

export function RegisterPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const register = useRegisterMutation()
  const [form, setForm] = useState<RegisterForm>(() => {
    const invite = search.get('invite')?.trim()
    return { ...EMPTY, ...draft, ...(invite && { invite }) }
  })
  const update = (patch: Partial<RegisterForm>) => setForm((current) => ({ ...current, ...patch }))

  useEffect(() => {
    draft = {
      type: form.type,
      prefix: form.prefix,
      account: form.account,
      code: form.code,
      invite: form.invite,
      agreed: form.agreed,
    }
  }, [form])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkRegister(form)
    if (problem) return showToast(errorText(problem.code, problem.args))
    register.mutate(
      {
        type: form.type,
        account: form.account.trim(),
        ...(form.type === 'phone' && { prefix: form.prefix }),
        code: form.code.trim(),
        password: form.password,
        repassword: form.repassword,
        ...(form.invite.trim() && { invite_code: form.invite.trim() }),
        agree: '1',
      },
      {
        onSuccess: () => {
          draft = null
          showSuccess(t('common.toast.registered'))
          void navigate('/homePage', { replace: true })
        },
      },
    )
  }

  return (
    <Page title={t('account.register.title')} right={<LanguageLink />}>
      <AuthHeader heading={t('account.register.heading')} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <AccountFields value={form} onChange={update} scene="register" />
        <p className={styles.hint}>{t('account.register.codeHint')}</p>
        <NewPasswordFields label={t('account.form.password')} value={form} onChange={update} />
        <TextField
          label={t('account.form.invite')}
          value={form.invite}
          onChange={(invite) => update({ invite })}
          maxLength={16}
        />
        <AgreementCheck checked={form.agreed} onChange={(agreed) => update({ agreed })} />
        <Button className={formStyles.submit} type="submit" block color="primary" loading={register.isPending}>
          {t('account.register.submit')}
        </Button>
        <div className={`${styles.links} ${styles.centered}`}>
          <span>{t('account.register.hasAccount')}</span>
          <Link to="/login" replace>
            {t('account.register.login')}
          </Link>
        </div>
      </form>
    </Page>
  )
}
