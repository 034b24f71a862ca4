import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button, Dialog } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useUserInfoQuery } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'
import { verificationParams, VerifyFields, type Verification } from '../components/VerifyFields'
import { useLogoffMutation } from '../mine.queries'
import mine from './MinePages.module.css'

/**
 * /accountLogoff: what deleting erases and what is lost with the account (health data, wallets
 * saved on it, points, KNT still in the app), a verification code, a last confirmation whose
 * two answers cannot be mistaken for each other.
 */
export function AccountLogoffPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  // after the deletion the profile must not be read again (its 401 would clear storage)
  const [gone, setGone] = useState(false)
  const { data: user, error, refetch } = useUserInfoQuery({ enabled: !gone })
  const logoff = useLogoffMutation()
  const [form, setForm] = useState<Verification>({ code: '', google_code: '' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    const proof = verificationParams(user, form)
    if (Object.values(proof)[0] === '')
      return showToast(errorText(user.google_bound ? 'GOOGLE_CODE_REQUIRED' : 'CODE_REQUIRED'))
    const confirmed = await Dialog.confirm({
      content: t('account.logoff.confirm'),
      confirmText: t('account.logoff.submit'),
      cancelText: t('account.logoff.keep'),
    })
    if (!confirmed) return
    setGone(true)
    logoff.mutate(proof, {
      onSuccess: (remaining) => {
        showSuccess(t('account.logoff.done'))
        void navigate(remaining.length > 0 ? '/switchAccount' : '/login', { replace: true })
      },
      onError: () => setGone(false),
    })
  }

  return (
    <Page title={t('account.logoff.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
          <section className={mine.warning} aria-labelledby="logoff-what">
            <h2 id="logoff-what" className={mine.warningTitle}>
              {t('account.logoff.what')}
            </h2>
            <ul className={mine.warningList}>
              <li>{t('account.logoff.erased')}</li>
              <li>{t('account.logoff.lost')}</li>
              <li>{t('account.logoff.knt')}</li>
              <li>{t('account.logoff.wallets')}</li>
            </ul>
          </section>
          <VerifyFields
            user={user}
            scene="logoff"
            value={form}
            onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          />
          <Button className={formStyles.submit} type="submit" block color="danger" loading={logoff.isPending}>
            {t('account.logoff.submit')}
          </Button>
        </form>
      )}
    </Page>
  )
}
