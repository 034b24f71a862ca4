import { LANGUAGE_NAMES } from '@/i18n'
import { DEFAULT_LOCALE, isLocale } from '@kinetic/protocol'
import { GlobalOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styles from './AuthForm.module.css'

/** The language, in its own name, before sign-in: opens /languageList, which comes back here. */
export function LanguageLink() {
  const { t, i18n } = useTranslation()
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
  const name = LANGUAGE_NAMES[locale]
  return (
    <Link to="/languageList" className={styles.language} aria-label={t('account.language.current', { language: name })}>
      <GlobalOutline aria-hidden="true" />
      <span lang={locale}>{name}</span>
    </Link>
  )
}
