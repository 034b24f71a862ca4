import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { appSettings, articles } from './content.tables.ts'

export function contentRepo(db: Db) {
  return {
    async setting(key: string): Promise<string | undefined> {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key))
      return row?.value
    },

    async setSetting(key: string, value: string): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } })
    },

    /** Writes the setting only when it has no value yet (seeding never overwrites an operator's). */
    async seedSetting(key: string, value: string): Promise<void> {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing()
    },

    async article(type: string, lang: string) {
      const [row] = await db
        .select()
        .from(articles)
        .where(and(eq(articles.type, type), eq(articles.lang, lang)))
      return row
    },

    async articles(type: string) {
      return db.select().from(articles).where(eq(articles.type, type))
    },

    async saveArticle(row: { type: string; lang: string; title: string; content: string }): Promise<void> {
      await db
        .insert(articles)
        .values(row)
        .onConflictDoUpdate({
          target: [articles.type, articles.lang],
          set: { title: row.title, content: row.content, updatedAt: sql`now()` },
        })
    },

    async seedArticles(rows: { type: string; lang: string; title: string; content: string }[]): Promise<void> {
      if (rows.length > 0) await db.insert(articles).values(rows).onConflictDoNothing()
    },
  }
}
export type ContentRepo = ReturnType<typeof contentRepo>
