/** The app's locales (UI, stored under `currentLanguage`) and the wire's `lang` values. */
export const LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const
export type Locale = (typeof LOCALES)[number]

export const WIRE_LANGS = ['zh-cn', 'us-en', 'zh-hk'] as const
export type WireLang = (typeof WIRE_LANGS)[number]

export const DEFAULT_LOCALE: Locale = 'zh-CN'
export const FALLBACK_LOCALE: Locale = 'en-US'
export const DEFAULT_WIRE_LANG: WireLang = 'zh-cn'
export const LANGUAGE_STORAGE_KEY = 'currentLanguage'

const toWire: Record<Locale, WireLang> = { 'zh-CN': 'zh-cn', 'en-US': 'us-en', 'zh-TW': 'zh-hk' }
const toLocale: Record<WireLang, Locale> = { 'zh-cn': 'zh-CN', 'us-en': 'en-US', 'zh-hk': 'zh-TW' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function isWireLang(value: unknown): value is WireLang {
  return typeof value === 'string' && (WIRE_LANGS as readonly string[]).includes(value)
}

/** Maps a stored language (anything, possibly missing) to the wire `lang`; unknown → the default. */
export function wireLang(locale: unknown): WireLang {
  return isLocale(locale) ? toWire[locale] : DEFAULT_WIRE_LANG
}

export function localeOf(lang: WireLang): Locale {
  return toLocale[lang]
}

/** A text in each of the three languages. */
export type Texts = Record<WireLang, string>

/** The wire language an `Accept-Language` header prefers, for requests whose body gave none. */
export function langFromAcceptLanguage(header: string | undefined): WireLang | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-hk'
    if (tag.startsWith('zh')) return 'zh-cn'
    if (tag.startsWith('en')) return 'us-en'
  }
  return undefined
}
