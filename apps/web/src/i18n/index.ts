import {
  errorMessage,
  FALLBACK_LOCALE,
  isLocale,
  LANGUAGE_STORAGE_KEY,
  LOCALES,
  wireLang,
  type ErrorCode,
  type Locale,
  type MessageArgs,
} from '@kinetic/protocol'
import i18n from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import { storedLocale } from './languages'
import { resources } from './resources'

export { LANGUAGE_NAMES } from './languages'

/** Starts i18next synchronously on the stored language (bundled resources, no loading). */
export function initI18n(): void {
  void i18n.use(initReactI18next).init({
    resources,
    lng: storedLocale(),
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: LOCALES,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  document.documentElement.lang = i18n.language
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : storedLocale()
}

/** Stores the choice under `currentLanguage` and switches the interface to it. */
export async function setLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  await followStoredLanguage()
}

/** Makes the interface match the stored language again (e.g. after storage was cleared). */
export async function followStoredLanguage(): Promise<void> {
  const locale = storedLocale()
  document.documentElement.lang = locale
  if (i18n.language !== locale) await i18n.changeLanguage(locale)
}

/** A protocol error message in the interface language: error texts live in protocol, not here. */
export function errorText(code: ErrorCode, args?: MessageArgs): string {
  return errorMessage(code, wireLang(currentLocale()), args)
}

/** `errorText` for components: re-renders them when the language changes. */
export function useErrorText(): typeof errorText {
  useTranslation()
  return errorText
}
