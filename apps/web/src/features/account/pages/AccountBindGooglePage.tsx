import { useErrorText } from '@/i18n'
import { copyText, SECRET_CLIPBOARD_MS } from '@/shared/ui/clipboard'
import { Page } from '@/shared/ui/Page'
import { QrCode } from '@/shared/ui/QrCode'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useUserInfoQuery } from '../account.queries'
import formStyles from '@/shared/ui/Form.module.css'
import { TextField } from '../components/TextField'
import { useGoogleAuthMutation } from '../mine.queries'
import mine from './MinePages.module.css'

type Setup = { secret: string; url: string }

/**
 * /accountBindGoogle: get a key (QR and text), confirm it with a current code, then keep
 * the recovery codes shown once; when bound, unbind with a code.
 */
export function AccountBindGooglePage() {
  const { t } = useTranslation()
  const { data: user, error, refetch } = useUserInfoQuery()
  const [recovery, setRecovery] = useState<string[] | null>(null)
  return (
    <Page title={t('account.google.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : recovery ? (
        <RecoveryCodes codes={recovery} />
      ) : !user ? (
        <Loading />
      ) : user.google_bound ? (
        <Unbind />
      ) : (
        <Bind onBound={setRecovery} />
      )}
    </Page>
  )
}

function CodeForm({
  label,
  submitText,
  pending,
  onSubmit,
}: {
  label: string
  submitText: string
  pending: boolean
  onSubmit: (code: string) => void
}) {
  const errorText = useErrorText()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim() === '') return showToast(errorText('GOOGLE_CODE_REQUIRED'))
    onSubmit(code.trim())
  }
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField label={label} value={code} onChange={setCode} autoComplete="one-time-code" maxLength={9} />
      <Button className={formStyles.submit} type="submit" block color="primary" loading={pending}>
        {submitText}
      </Button>
    </form>
  )
}

function Bind({ onBound }: { onBound: (codes: string[]) => void }) {
  const { t } = useTranslation()
  const google = useGoogleAuthMutation()
  const [setup, setSetup] = useState<Setup | null>(null)

  const getKey = () =>
    google.mutate(
      { action: 'create' },
      { onSuccess: (data) => setSetup({ secret: data.secret ?? '', url: data.otpauth_url ?? '' }) },
    )
  const bind = (code: string) =>
    google.mutate(
      { action: 'bind', google_code: code },
      {
        onSuccess: (data) => {
          showSuccess(t('account.toast.bound'))
          onBound(data.recovery_codes ?? [])
        },
      },
    )

  if (!setup) {
    return (
      <>
        <p className={mine.hint}>{t('account.google.intro')}</p>
        <Button className={formStyles.submit} block color="primary" loading={google.isPending} onClick={getKey}>
          {t('account.google.getKey')}
        </Button>
      </>
    )
  }
  return (
    <>
      <p className={mine.hint}>{t('account.google.scan')}</p>
      <div className={mine.center}>
        <QrCode value={setup.url} label={t('account.google.qrLabel')} />
      </div>
      <p className={mine.hint}>{t('account.google.secret')}</p>
      <div className={mine.secret} data-testid="totp-secret">
        {setup.secret}
      </div>
      <Button
        className={mine.copySecret}
        block
        onClick={() =>
          void copyText(setup.secret, { clearAfterMs: SECRET_CLIPBOARD_MS }).then(() =>
            showSuccess(t('account.toast.copied')),
          )
        }
      >
        {t('account.google.copyKey')}
      </Button>
      <CodeForm
        label={t('account.form.googleCode')}
        submitText={t('account.google.bind')}
        pending={google.isPending}
        onSubmit={bind}
      />
    </>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <>
      <h2 className={mine.sectionTitle}>{t('account.google.recoveryTitle')}</h2>
      <p className={mine.warning}>{t('account.google.recoveryIntro')}</p>
      <ul className={mine.codes} aria-label={t('account.google.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        className={mine.copySecret}
        block
        onClick={() =>
          void copyText(codes.join('\n'), { clearAfterMs: SECRET_CLIPBOARD_MS }).then(() =>
            showSuccess(t('account.toast.copied')),
          )
        }
      >
        {t('account.google.copyCodes')}
      </Button>
      <Button
        className={formStyles.submit}
        block
        color="primary"
        onClick={() => void navigate('/my', { replace: true })}
      >
        {t('account.google.saved')}
      </Button>
    </>
  )
}

function Unbind() {
  const { t } = useTranslation()
  const google = useGoogleAuthMutation()
  return (
    <>
      <p className={mine.hint}>{t('account.google.boundIntro')}</p>
      <CodeForm
        label={t('account.form.googleOrRecovery')}
        submitText={t('account.google.unbind')}
        pending={google.isPending}
        onSubmit={(code) =>
          google.mutate(
            { action: 'unbind', google_code: code },
            { onSuccess: () => showSuccess(t('account.toast.unbound')) },
          )
        }
      />
    </>
  )
}
