import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AuthHeader } from '../components/AuthHeader'
import { LoginForm } from '../components/LoginForm'

/** Signs in one more account on this device, then offers the account list. */
export function SwitchLoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Page title={t('account.login.addTitle')}>
      <AuthHeader heading={t('account.login.addTitle')} subtitle={t('account.login.subtitle')} />
      <LoginForm onSignedIn={() => void navigate('/switchAccount', { replace: true })} />
    </Page>
  )
}
