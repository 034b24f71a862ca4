import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from '@kinetic/protocol'

/** Each language is shown under its own name, whatever the current language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
}

/** The stored language (`currentLanguage`), or the default when missing or unknown. */
export function storedLocale(): Locale {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
  return isLocale(value) ? value : DEFAULT_LOCALE
}
