import { WIRE_LANGS, type Texts, type WireLang } from './lang.ts'

/**
 * The one loader of text catalogs (docs/adr/2026-11-24-text-catalogs.md). A catalog is written
 * per language, as translators edit it (JSON, or Markdown read into the same shape); the code
 * reads it per key: `{ key: { 'zh-cn': …, 'us-en': …, 'zh-hk': … } }`.
 */
export type LanguageFiles = Record<WireLang, Record<string, unknown>>

/** Nested objects as dotted keys: `{ errors: { A: 'x' } }` → `{ 'errors.A': 'x' }`. */
export function flatTexts(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value
    else if (value && typeof value === 'object')
      Object.assign(flat, flatTexts(value as Record<string, unknown>, `${prefix}${key}.`))
  }
  return flat
}

/** Joins the languages' catalogs into texts per key (the keys of the default language's). */
export function textsByKey(files: LanguageFiles): Record<string, Texts> {
  const flat = Object.fromEntries(WIRE_LANGS.map((lang) => [lang, flatTexts(files[lang])])) as Record<
    WireLang,
    Record<string, string>
  >
  const texts: Record<string, Texts> = {}
  for (const key of Object.keys(flat['zh-cn'])) {
    texts[key] = Object.fromEntries(WIRE_LANGS.map((lang) => [lang, flat[lang][key] ?? ''])) as Texts
  }
  return texts
}

/** The `{name}` placeholders of a text, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
}

/** The names a text fills in, each once: a language may need a value twice where another says it once. */
const placeholderNames = (text: string) => [...new Set(placeholders(text))]

/**
 * What is wrong with a catalog, one line per problem: a key some language lacks, an empty
 * text, placeholders that differ between languages. Empty when every language is complete.
 */
export function catalogProblems(files: LanguageFiles): string[] {
  const flat = WIRE_LANGS.map((lang) => [lang, flatTexts(files[lang])] as const)
  const keys = new Set(flat.flatMap(([, texts]) => Object.keys(texts)))
  const problems: string[] = []
  for (const key of keys) {
    const [, first] = flat[0] ?? []
    const expected = placeholderNames(first?.[key] ?? '').join()
    for (const [lang, texts] of flat) {
      const text = texts[key]
      if (text === undefined) problems.push(`${key}: missing in ${lang}`)
      else if (!text.trim()) problems.push(`${key}: empty in ${lang}`)
      else if (placeholderNames(text).join() !== expected)
        problems.push(`${key}: placeholders {${placeholderNames(text).join('}, {')}} in ${lang} differ`)
    }
  }
  return problems
}

/** The inverse of `textsByKey`: texts per key (nested or not) as one catalog per language. */
export function languageFiles(texts: Record<string, unknown>): LanguageFiles {
  const pick = (value: unknown, lang: WireLang): unknown => {
    if (!value || typeof value !== 'object') return value
    if (WIRE_LANGS.every((l) => typeof (value as Record<string, unknown>)[l] === 'string'))
      return (value as Record<string, unknown>)[lang]
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pick(item, lang)]))
  }
  return Object.fromEntries(WIRE_LANGS.map((lang) => [lang, pick(texts, lang)])) as LanguageFiles
}

/** Texts with their `{name}` placeholders filled, each by a value for every language or one per language. */
export function fillTexts(texts: Texts, args: Record<string, string | number | Texts>): Texts {
  const fill = (lang: WireLang) =>
    texts[lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = args[name]
      if (value === undefined) return whole
      return typeof value === 'object' ? value[lang] : String(value)
    })
  return Object.fromEntries(WIRE_LANGS.map((lang) => [lang, fill(lang)])) as Texts
}
