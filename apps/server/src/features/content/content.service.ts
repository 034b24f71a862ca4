import { isWireLang, type content, type WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { seedDecision, textVersion } from '../../platform/db/seeded-texts.ts'
import { articleCatalog, FORMER_ARTICLE_VERSIONS, type SeedArticle } from './articles.ts'
import { contentRepo } from './content.repo.ts'

export const APP_VERSION_KEY = 'app_version'
/** The version a fresh install starts at; operators raise it (the console) to force updates. */
export const INITIAL_APP_VERSION = '1.0.0'

/**
 * Every app start asks for the version, so it is read through a short cache: a raised
 * version reaches every server instance within this time.
 */
export const VERSION_CACHE_MS = 5_000

export function contentService(db: Db) {
  const repo = contentRepo(db)
  let cached: { value: string; until: number } | undefined
  return {
    async appVersion() {
      if (!cached || cached.until < Date.now()) {
        const value = (await repo.setting(APP_VERSION_KEY)) ?? INITIAL_APP_VERSION
        cached = { value, until: Date.now() + VERSION_CACHE_MS }
      }
      return { app_version: cached.value }
    },

    async setAppVersion(version: string) {
      await repo.setSetting(APP_VERSION_KEY, version)
      cached = undefined
    },

    async article(type: content.ArticleType, lang: WireLang) {
      const row = (await repo.article(type, lang)) ?? (await repo.article(type, 'us-en'))
      if (!row) throw new AppError('ARTICLE_NOT_FOUND', { field: 'type' })
      return { type, title: row.title, content: row.content, updated_at: row.updatedAt.toISOString() }
    },

    /** An article in every language it has (the console edits them). */
    async articleTexts(type: content.ArticleType) {
      const rows = await repo.articles(type)
      return {
        list: rows.flatMap((r) =>
          isWireLang(r.lang)
            ? [{ lang: r.lang, title: r.title, content: r.content, updated_at: r.updatedAt.toISOString() }]
            : [],
        ),
      }
    },

    async saveArticle(type: content.ArticleType, lang: WireLang, text: { title: string; content: string }) {
      await repo.saveArticle({ type, lang, ...text })
    },

    /**
     * Content every installation has (not demo data): the version and the articles of
     * `articles/*.md`. An article whose texts are still those a seed wrote takes the catalog's
     * when it changed; an article an operator edited stays as edited.
     */
    async seed(catalog: readonly SeedArticle[] = articleCatalog(), former = FORMER_ARTICLE_VERSIONS) {
      await repo.seedSetting(APP_VERSION_KEY, INITIAL_APP_VERSION)
      const stored = new Map((await repo.seededArticles()).map((row) => [`${row.type}/${row.lang}`, row]))
      const missing = []
      for (const article of catalog) {
        const texts = { title: article.title, content: article.content }
        const row = { ...article, seedVersion: textVersion(texts) }
        const current = stored.get(`${article.type}/${article.lang}`)
        if (!current) missing.push(row)
        else if (
          ['mark', 'update'].includes(
            seedDecision(storedTexts(current), texts, [], former[`${article.type}/${article.lang}`] ?? []),
          )
        ) {
          await repo.reseedArticle(row, { title: current.title, content: current.content })
        }
      }
      await repo.insertArticles(missing)
    },
  }
}
function storedTexts(row: { title: string; content: string; seedVersion: string | null }) {
  return { texts: { title: row.title, content: row.content }, seedVersion: row.seedVersion }
}

export type ContentService = ReturnType<typeof contentService>
