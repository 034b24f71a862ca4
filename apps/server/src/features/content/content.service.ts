import type { content, WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { SEED_ARTICLES } from './articles.seed.ts'
import { contentRepo } from './content.repo.ts'

export const APP_VERSION_KEY = 'app_version'
/** The version a fresh install starts at; operators raise it (issue 6 console) to force updates. */
export const INITIAL_APP_VERSION = '1.0.0'

export function contentService(db: Db) {
  const repo = contentRepo(db)
  return {
    async appVersion() {
      return { app_version: (await repo.setting(APP_VERSION_KEY)) ?? INITIAL_APP_VERSION }
    },

    setAppVersion: (version: string) => repo.setSetting(APP_VERSION_KEY, version),

    async article(type: content.ArticleType, lang: WireLang) {
      const row = (await repo.article(type, lang)) ?? (await repo.article(type, 'us-en'))
      if (!row) throw new AppError('ARTICLE_NOT_FOUND', { field: 'type' })
      return { type, title: row.title, content: row.content, updated_at: row.updatedAt.toISOString() }
    },

    /** Content every installation has (not demo data): the version and the three articles. */
    async seed() {
      await repo.seedSetting(APP_VERSION_KEY, INITIAL_APP_VERSION)
      await repo.seedArticles([...SEED_ARTICLES])
    },
  }
}
export type ContentService = ReturnType<typeof contentService>
