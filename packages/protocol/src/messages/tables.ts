// Every language's messages at once, for the server and tests (index.ts only: the browser
// entry loads one language at a time).
import { ERROR_CODES, type ErrorCode } from '../errors.ts'
import { WIRE_LANGS, type Texts, type WireLang } from '../lang.ts'
import type { LanguageFiles } from '../texts.ts'
import enUS from './en-US.json' with { type: 'json' }
import zhCN from './zh-CN.json' with { type: 'json' }
import zhTW from './zh-TW.json' with { type: 'json' }
import type { MessageCatalog } from './catalog.ts'

const CATALOGS: Record<WireLang, MessageCatalog> = { 'zh-cn': zhCN, 'us-en': enUS, 'zh-hk': zhTW }

/** The message catalogs as translators edit them, per language (the parity test reads them). */
export const MESSAGE_FILES: LanguageFiles = CATALOGS

/** Every code's message in the three languages. */
export const ERRORS = Object.fromEntries(
  ERROR_CODES.map((code) => [code, Object.fromEntries(WIRE_LANGS.map((lang) => [lang, CATALOGS[lang].errors[code]]))]),
) as Record<ErrorCode, Texts>

/** Field names as a person reads them, in the three languages. */
export const FIELD_LABELS: Record<string, Texts> = Object.fromEntries(
  Object.keys(zhCN.fields).map((field) => [
    field,
    Object.fromEntries(WIRE_LANGS.map((lang) => [lang, CATALOGS[lang].fields[field] ?? field])) as Texts,
  ]),
)
