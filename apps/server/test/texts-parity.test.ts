import {
  catalogProblems,
  ERROR_CODES,
  flatTexts,
  localeOf,
  MESSAGE_FILES,
  WIRE_LANGS,
  type LanguageFiles,
} from '@kinetic/protocol'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { articleLanguageFiles, readArticleFiles, SYSTEM_MESSAGE_TEXT_FILES } from '../src/features/content/index.ts'
import { SHOP_TEXT_FILES } from '../src/features/shop/index.ts'
import { SUPPORT_TEXT_FILES } from '../src/features/support/index.ts'
import { NAMESPACES, RESOURCES } from '../src/platform/i18n/index.ts'

/**
 * The parity test of every server text catalog (docs/adr/2026-11-24-text-catalogs.md): each
 * key in each language, no empty text, the same `{placeholders}` in every language. The web's
 * own texts have theirs (apps/web/src/i18n/locales.test.ts).
 */
const CATALOGS = {
  'protocol messages (packages/protocol/src/messages)': MESSAGE_FILES,
  'articles (apps/server/src/features/content/articles)': articleLanguageFiles(readArticleFiles()),
  'shop: goods, order messages (apps/server/src/features/shop/texts)': SHOP_TEXT_FILES,
  'support: ticket categories, reply messages (apps/server/src/features/support/texts)': SUPPORT_TEXT_FILES,
  'system messages: security, orders, settlement, transfers (apps/server/src/features/content/texts)':
    SYSTEM_MESSAGE_TEXT_FILES,
  ...serverCatalogs(),
}

const SERVER_CATALOGS = path.join(import.meta.dirname, '../src/platform/i18n/locales')

/** The i18next catalogs of the server (apps/server/src/platform/i18n/locales/<locale>/<namespace>.json), one per namespace. */
function serverCatalogs() {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [
      `server texts: ${ns} (apps/server/src/platform/i18n/locales/<locale>/${ns}.json)`,
      Object.fromEntries(WIRE_LANGS.map((lang) => [lang, RESOURCES[localeOf(lang)][ns]])) as LanguageFiles,
    ]),
  )
}

describe('text catalogs', () => {
  it.each(Object.entries(CATALOGS))('%s: every key in every language, no empty text, same placeholders', (_, files) => {
    expect(Object.keys(flatTexts(files['zh-cn'])).length).toBeGreaterThan(0)
    expect(catalogProblems(files)).toEqual([])
  })

  it('has the same server catalog files in every language, each one a namespace the server loads', () => {
    for (const lang of WIRE_LANGS) {
      const files = readdirSync(path.join(SERVER_CATALOGS, localeOf(lang))).sort()
      expect(files, lang).toEqual(NAMESPACES.map((ns) => `${ns}.json`))
    }
  })

  it('has a message for every error code and none for a code that does not exist', () => {
    for (const lang of WIRE_LANGS) {
      expect(Object.keys(MESSAGE_FILES[lang].errors as object).sort()).toEqual([...ERROR_CODES].sort())
    }
  })
})
