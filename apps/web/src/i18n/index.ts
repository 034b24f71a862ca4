import {
  DEFAULT_WIRE_LANG,
  errorMessage,
  loadMessages,
  FALLBACK_LOCALE,
  isLocale,
  LANGUAGE_STORAGE_KEY,
  localeOf,
  LOCALES,
  wireLang,
  type ErrorCode,
  type Locale,
  type MessageArgs,
  type WireLang,
} from '@kinetic/protocol'
import i18n from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import { loadAntdLocale } from './antdLocales'
import { storedLocale } from './languages'
import { loadFeatureTexts, shellResources } from './resources'

export { antdLocale } from './antdLocales'
export { LANGUAGE_NAMES } from './languages'

/**
 * Starts i18next synchronously on the stored language with the shell's texts; resolves once
 * that language's feature texts are in (the router renders only then, after the launch screen).
 */
export function initI18n(): Promise<void> {
  void i18n.use(initReactI18next).init({
    resources: shellResources,
    lng: storedLocale(),
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: LOCALES,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  setDocumentLanguage(i18n.language)
  return loadLanguage(storedLocale())
}

const loadedLanguages = new Map<Locale, Promise<void>>()

/**
 * Adds one language's feature texts, antd-mobile's and the protocol's messages (once; a failed
 * load is tried again next time). The Chinese messages come too: spec §8 shows one in Chinese
 * whatever the language.
 */
function loadLanguage(locale: Locale): Promise<void> {
  let loading = loadedLanguages.get(locale)
  if (!loading) {
    const texts = loadFeatureTexts(locale).then((resources) => {
      for (const [lng, bundle] of Object.entries(resources)) {
        i18n.addResourceBundle(lng, 'translation', bundle.translation, true, true)
      }
    })
    const messages = [loadMessages(wireLang(locale)), loadMessages(DEFAULT_WIRE_LANG)]
    loading = Promise.all([texts, loadAntdLocale(locale), ...messages]).then(() => undefined)
    loading.catch(() => loadedLanguages.delete(locale))
    loadedLanguages.set(locale, loading)
  }
  return loading
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : storedLocale()
}

/** Stores the choice under `currentLanguage` and switches the interface to it. */
export async function setLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  await followStoredLanguage()
}

/**
 * At sign-in: a device with no language chosen on it takes the account's (a new device, or
 * one whose storage was cleared), so the account does not switch to the default language.
 */
export async function adoptAccountLanguage(lang: WireLang): Promise<void> {
  if (isLocale(localStorage.getItem(LANGUAGE_STORAGE_KEY))) return
  await setLanguage(localeOf(lang))
}

/** Makes the interface match the stored language again (e.g. after storage was cleared). */
export async function followStoredLanguage(): Promise<void> {
  const locale = storedLocale()
  await loadLanguage(locale)
  setDocumentLanguage(locale)
  if (i18n.language !== locale) await i18n.changeLanguage(locale)
}

/**
 * The page speaks `locale`: its lang attribute, and the web app manifest it links (one per
 * language, with the app's name in it: apps/web/manifests.ts).
 */
function setDocumentLanguage(locale: string): void {
  document.documentElement.lang = locale
  const manifest = document.querySelector('link[rel="manifest"]')
  const href = `/manifest.${locale}.webmanifest`
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href)
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
