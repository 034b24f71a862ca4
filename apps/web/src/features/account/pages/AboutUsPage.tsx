import { useAppVersionQuery } from '@/features/content'
import { Logo } from '@/shared/ui/Logo'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import mine from './MinePages.module.css'

/** /aboutUs: the installed and the latest app version, and the provider's documents. */
export function AboutUsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data } = useAppVersionQuery()
  return (
    <Page title={t('account.about.title')}>
      <div className={mine.center}>
        <Logo />
        <div className={mine.version}>{t('account.about.version', { version: window.appVersion ?? '—' })}</div>
      </div>
      <Menu>
        <MenuItem trailing="none" onClick={() => undefined} extra={window.appVersion ?? '—'}>
          {t('account.about.installed')}
        </MenuItem>
        <MenuItem trailing="none" onClick={() => undefined} extra={data?.app_version ?? '—'}>
          {t('account.about.latest')}
        </MenuItem>
      </Menu>
      <Menu>
        <MenuItem onClick={() => void navigate('/privacy')}>{t('account.about.privacy')}</MenuItem>
        <MenuItem onClick={() => void navigate('/protocol')}>{t('account.about.protocol')}</MenuItem>
        <MenuItem onClick={() => void navigate('/introduceTxt')}>{t('account.about.introduction')}</MenuItem>
      </Menu>
    </Page>
  )
}
