import {
  FALLBACK_LOCALE,
  isLocale,
  LANGUAGE_STORAGE_KEY,
  loadMessages,
  LOCALES,
  wireLang,
  type Locale,
} from '@kinetic/protocol'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'

// Only the console's texts: none of the app's locale files come into this entry.
const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/admin.json', {
  eager: true,
  import: 'default',
})

/** `locales/<lng>/admin.json` mounted under `admin`, as the app mounts its files. */
function resources() {
  const out: Record<string, { translation: { admin: Record<string, unknown> } }> = {}
  for (const [path, texts] of Object.entries(files)) {
    const locale = /\/locales\/([^/]+)\/admin\.json$/.exec(path)?.[1]
    if (locale) out[locale] = { translation: { admin: texts } }
  }
  return out
}

/**
 * The console follows the language stored for the app on this browser (zh-CN by default);
 * resolves once that language's protocol messages are in.
 */
export function initConsoleI18n(): Promise<void> {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
  void i18n.use(initReactI18next).init({
    resources: resources(),
    lng: isLocale(stored) ? stored : 'zh-CN',
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: LOCALES,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  document.documentElement.lang = i18n.language
  return loadMessages(wireLang(i18n.language))
}

export async function setConsoleLanguage(locale: Locale): Promise<void> {
  await loadMessages(wireLang(locale))
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  document.documentElement.lang = locale
  await i18n.changeLanguage(locale)
}
