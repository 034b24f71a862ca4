import { and, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { appSettings, articles } from './content.tables.ts'

export type SeededArticle = { type: string; lang: string; title: string; content: string; seedVersion: string }

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
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } })
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
          set: { title: row.title, content: row.content, updatedAt: new Date() },
        })
    },

    /** Every stored article with the version its seed wrote. */
    async seededArticles() {
      return db
        .select({
          type: articles.type,
          lang: articles.lang,
          title: articles.title,
          content: articles.content,
          seedVersion: articles.seedVersion,
        })
        .from(articles)
    },

    async insertArticles(rows: SeededArticle[]): Promise<void> {
      if (rows.length > 0) await db.insert(articles).values(rows).onConflictDoNothing()
    },

    /**
     * Writes a seed's texts and version over the row, only while it still holds `expected`
     * (an operator's save in between wins).
     */
    async reseedArticle(row: SeededArticle, expected: { title: string; content: string }): Promise<void> {
      const textsChange = row.title !== expected.title || row.content !== expected.content
      await db
        .update(articles)
        .set({
          title: row.title,
          content: row.content,
          seedVersion: row.seedVersion,
          ...(textsChange && { updatedAt: new Date() }),
        })
        .where(
          and(
            eq(articles.type, row.type),
            eq(articles.lang, row.lang),
            eq(articles.title, expected.title),
            eq(articles.content, expected.content),
          ),
        )
    },
  }
}
export type ContentRepo = ReturnType<typeof contentRepo>
