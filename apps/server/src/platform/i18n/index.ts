import { DEFAULT_LOCALE, LOCALES, localeOf, type WireLang } from '@kinetic/protocol'
import i18next from 'i18next'
import { NAMESPACES, RESOURCES, type Namespace } from './resources.ts'

export { NAMESPACES, RESOURCES, type Namespace } from './resources.ts'

/**
 * The server's texts (docs/adr/2026-11-29-server-text-catalogs.md): i18next over JSON catalogs
 * laid out like the web's, `locales/<locale>/<namespace>.json`, one namespace per server area.
 * Code holds keys and values, never a sentence; the parity test keeps every language complete.
 */

/** Interpolated values (`{{name}}` in a text); a numeric `count` also picks the plural form (`key_one`, `key_other`). */
export type Values = Readonly<Record<string, string | number>>

const i18n = i18next.createInstance()
void i18n.init({
  resources: RESOURCES,
  lng: DEFAULT_LOCALE,
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: [...NAMESPACES],
  initAsync: false,
  // the texts go into mails, JSON answers and PDFs, not into HTML: values stay as they are
  interpolation: { escapeValue: false },
  missingInterpolationHandler: (text: string, match: RegExpExecArray) => {
    throw new Error(`server texts: no value for ${match[0]} in "${text}"`)
  },
})

/** A text of the server catalogs in the request's (or account's) language, with its values filled in. */
export function text(lang: WireLang, ns: Namespace, key: string, values: Values = {}): string {
  const count = values.count
  const options = { lng: localeOf(lang), ns, replace: values, ...(typeof count === 'number' ? { count } : {}) }
  if (!i18n.exists(key, options)) throw new Error(`server texts: no ${ns}:${key} in ${options.lng}`)
  return i18n.t(key, options)
}

/** `text` bound to one language and namespace: `const t = textsIn(lang, 'weekly'); t('summary.goal', { days })`. */
export const textsIn =
  (lang: WireLang, ns: Namespace) =>
  (key: string, values?: Values): string =>
    text(lang, ns, key, values)
