import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AuthHeader } from '../components/AuthHeader'
import { LanguageLink } from '../components/LanguageLink'
import { LoginForm } from '../components/LoginForm'

export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Page title={t('account.login.title')} right={<LanguageLink />}>
      <AuthHeader heading={t('account.login.heading')} subtitle={t('account.login.subtitle')} />
      <LoginForm onSignedIn={() => void navigate('/homePage', { replace: true })} />
    </Page>
  )
}
