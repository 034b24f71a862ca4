import { currentAccountId } from '@/api'
import { LANGUAGE_NAMES } from '@/i18n'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { useBack } from '@/shared/ui/useBack'
import { LOCALES } from '@kinetic/protocol'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from '../account.queries'

/**
 * The three languages, each under its own name; choosing one applies it and goes back (opened
 * directly: to Mine when an account is chosen, else to the log-in page, which links here).
 */
export function LanguageListPage() {
  const { t, i18n } = useTranslation()
  const changeLanguage = useChangeLanguage()
  const back = useBack(currentAccountId() === null ? '/login' : '/my')
  return (
    <Page title={t('account.language.title')}>
      <Menu label={t('account.language.title')}>
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            trailing={i18n.language === locale ? 'checked' : 'none'}
            onClick={() => void changeLanguage(locale).then(back)}
          >
            <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>
          </MenuItem>
        ))}
      </Menu>
    </Page>
  )
}
