import { mainlandTerms } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { textVersion } from '../src/platform/db/seeded-texts.ts'
import { cloneDatabase, startAppOn, type TestApp } from './harness.ts'

/**
 * The zh-TW texts seeded into the database take Taiwan's wording in an existing database too
 * (docs/adr/2026-11-24-zh-tw-wording.md): an installation whose rows a seed wrote with the earlier
 * wording, with or without a stored version, is restarted; its unedited rows follow the catalog,
 * an operator's edit stays.
 */
let database: Awaited<ReturnType<typeof cloneDatabase>>
let app: TestApp
beforeAll(async () => {
  database = await cloneDatabase()
  app = await startAppOn(database.url)
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

const query = (sql: string, values: unknown[] = []) => app.database.pool.query(sql, values)
const restart = async () => {
  await app.close()
  // articles, ticket categories and goods are seeded at start
  app = await startAppOn(database.url)
}

async function zhTwTexts(): Promise<string[]> {
  const articles = await query(`SELECT title, content FROM articles WHERE lang = 'zh-hk'`)
  const categories = await query(`SELECT name->>'zh-hk' AS name FROM ticket_categories`)
  const goods = await query(`SELECT name->>'zh-hk' AS name, description->>'zh-hk' AS description FROM shop_goods`)
  return [
    ...articles.rows.flatMap((r) => [r.title, r.content]),
    ...categories.rows.map((r) => r.name),
    ...goods.rows.flatMap((r) => [r.name, r.description]),
  ]
}

describe('zh-TW seeded texts in an existing database', () => {
  it('take the Taiwan wording at the next start where a seed wrote the earlier one', async () => {
    await restart()
    // from before seed versions: the earlier wording, no version
    await query(
      `UPDATE ticket_categories SET name = jsonb_set(name, '{zh-hk}', '"設備與數據"'), seed_version = NULL WHERE id = 2`,
    )
    await query(
      `UPDATE shop_goods SET description = jsonb_set(description, '{zh-hk}', to_jsonb($1::text)), seed_version = NULL
       WHERE slug = 'physical-fitness-30d'`,
      ['兌換後 {days} 天內可查看基於您健康數據的體能分析。'],
    )
    // written by a seed that stored versions: the earlier wording and its version
    const oldIntro = { title: '關於 Kinetic', content: '用戶可以綁定智能手錶，數據自動同步。' }
    await query(
      `UPDATE articles SET title = $1, content = $2, seed_version = $3 WHERE type = 'introduce' AND lang = 'zh-hk'`,
      [oldIntro.title, oldIntro.content, textVersion(oldIntro)],
    )
    expect((await zhTwTexts()).filter((text) => mainlandTerms(text).length > 0)).toHaveLength(3)

    await restart()

    expect((await zhTwTexts()).flatMap((text) => mainlandTerms(text))).toEqual([])
    const category = await query(`SELECT name->>'zh-hk' AS name, seed_version FROM ticket_categories WHERE id = 2`)
    expect(category.rows[0].name).toBe('裝置與資料')
    expect(category.rows[0].seed_version).not.toBeNull()
    const fitness = await query(`SELECT description->>'zh-hk' AS d FROM shop_goods WHERE slug = 'physical-fitness-30d'`)
    expect(fitness.rows[0].d).toBe('兌換後 {days} 天內可查看基於您健康資料的體能分析。')
    const intro = await query(`SELECT title, content FROM articles WHERE type = 'introduce' AND lang = 'zh-hk'`)
    expect(intro.rows[0].content).toContain('智慧手錶')
  })

  it("keep an operator's edit, whatever its wording", async () => {
    const edited = { title: '關於我們', content: '營運團隊自己寫的介紹，提到用戶。' }
    await query(`UPDATE articles SET title = $1, content = $2 WHERE type = 'introduce' AND lang = 'zh-hk'`, [
      edited.title,
      edited.content,
    ])
    await query(`UPDATE ticket_categories SET name = jsonb_set(name, '{zh-hk}', '"設備問題"') WHERE id = 2`)
    await restart()
    const article = await query(`SELECT title, content FROM articles WHERE type = 'introduce' AND lang = 'zh-hk'`)
    expect(article.rows[0]).toEqual(edited)
    const category = await query(`SELECT name->>'zh-hk' AS name FROM ticket_categories WHERE id = 2`)
    expect(category.rows[0].name).toBe('設備問題')
  })
})
