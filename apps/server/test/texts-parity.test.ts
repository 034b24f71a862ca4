import { catalogProblems, ERROR_CODES, flatTexts, languageFiles, MESSAGE_FILES, WIRE_LANGS } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { articleLanguageFiles, readArticleFiles } from '../src/features/content/articles.ts'
import { SEED_GOODS } from '../src/features/shop/goods.seed.ts'
import { SEED_TICKET_CATEGORIES } from '../src/features/support/ticket-categories.seed.ts'

/**
 * The parity test of every server text catalog (docs/adr/2026-11-24-text-catalogs.md): each
 * key in each language, no empty text, the same `{placeholders}` in every language. The web's
 * own texts have theirs (apps/web/src/i18n/locales.test.ts).
 */
const CATALOGS = {
  'protocol messages (packages/protocol/src/messages)': MESSAGE_FILES,
  'articles (apps/server/src/features/content/articles)': articleLanguageFiles(readArticleFiles()),
  'seeded goods': languageFiles(
    Object.fromEntries(SEED_GOODS.map(({ slug, name, description }) => [slug, { name, description }])),
  ),
  'ticket categories': languageFiles(Object.fromEntries(SEED_TICKET_CATEGORIES.map(({ id, name }) => [id, name]))),
}

describe('text catalogs', () => {
  it.each(Object.entries(CATALOGS))('%s: every key in every language, no empty text, same placeholders', (_, files) => {
    expect(Object.keys(flatTexts(files['zh-cn'])).length).toBeGreaterThan(0)
    expect(catalogProblems(files)).toEqual([])
  })

  it('has a message for every error code and none for a code that does not exist', () => {
    for (const lang of WIRE_LANGS) {
      expect(Object.keys(MESSAGE_FILES[lang].errors as object).sort()).toEqual([...ERROR_CODES].sort())
    }
  })
})
