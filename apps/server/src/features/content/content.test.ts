import { content, WIRE_LANGS, type WireLang } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, startTestApp, type TestApp } from '../../../test/harness.ts'
import { articleCatalog, readArticleFiles } from './articles.ts'
import { VERSION_CACHE_MS } from './content.service.ts'
import { saveArticle, seedArticles } from './content.testkit.ts'

let app: TestApp
let client: Client
beforeAll(async () => {
  app = await startTestApp()
  client = new Client(app.server)
})
afterAll(() => app.close())

const TITLES: Record<content.ArticleType, Record<WireLang, string>> = {
  privacy: { 'us-en': 'Privacy Policy', 'zh-cn': '隐私政策', 'zh-hk': '隱私政策' },
  protocol: { 'us-en': 'User Agreement', 'zh-cn': '用户协议', 'zh-hk': '使用者協議' },
  introduce: { 'us-en': 'About Kinetic', 'zh-cn': '关于 Kinetic', 'zh-hk': '關於 Kinetic' },
}

describe('/v1/articleinfo', () => {
  it.each(content.ARTICLE_TYPES)('answers the %s text in each language, signed out', async (type) => {
    const answers = await Promise.all(WIRE_LANGS.map((lang) => client.call('/v1/articleinfo', { type }, { lang })))
    const articles = answers.map(({ body }) => {
      expect(body.code).toBe(true)
      return body.data as { type: string; title: string; content: string; updated_at: string }
    })
    expect(articles.map((a) => a.title)).toEqual(WIRE_LANGS.map((lang) => TITLES[type][lang]))
    for (const article of articles) {
      expect(article.type).toBe(type)
      expect(article.content.length).toBeGreaterThan(100)
      expect(new Date(article.updated_at).toISOString()).toBe(article.updated_at)
    }
    // each language has its own text, not a copy of another's
    expect(new Set(articles.map((a) => a.content)).size).toBe(WIRE_LANGS.length)
  })
})

describe('/v1/version', () => {
  it('answers the seeded version, then the one an operator sets once the cache has run out', async () => {
    expect((await client.call('/v1/version')).body.data).toEqual({ app_version: '1.0.0' })
    await app.database.pool.query(`UPDATE app_settings SET value = '1.2.3' WHERE key = 'app_version'`)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + VERSION_CACHE_MS + 1)
      expect((await client.call('/v1/version')).body.data).toEqual({ app_version: '1.2.3' })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('/v1/code', () => {
  it.each([
    { lang: 'us-en', china: 'Mainland China', hongKong: 'Hong Kong, China' },
    { lang: 'zh-cn', china: '中国大陆', hongKong: '中国香港' },
    { lang: 'zh-hk', china: '中國大陸', hongKong: '中國香港' },
  ] as const)('lists the phone prefixes with $lang names, 86 first', async ({ lang, china, hongKong }) => {
    const { body } = await client.call('/v1/code', {}, { lang })
    expect(body.code).toBe(true)
    const list = body.data.list as { prefix: string; name: string }[]
    expect(list[0]).toEqual({ prefix: '86', name: china })
    expect(list).toContainEqual({ prefix: '852', name: hongKong })
    expect(new Set(list.map((p) => p.prefix)).size).toBe(list.length)
    for (const p of list) expect(p.prefix).toMatch(/^\d{1,4}$/)
  })
})

describe('seeded articles follow their catalog', () => {
  const article = async (type: content.ArticleType, lang: WireLang = 'us-en') =>
    (await client.call('/v1/articleinfo', { type }, { lang })).body.data as { title: string; content: string }
  /** The article files with `name`'s text changed, as a translator's edit of the catalog would. */
  const edited = (files: Record<string, string>, name: string, from: string, to: string) => {
    expect(files[name]).toContain(from)
    return { ...files, [name]: files[name]?.replace(from, to) ?? '' }
  }

  it('updates an article the catalog changed, and keeps one an operator edited', async () => {
    const files = readArticleFiles()
    const seedFrom = (source: Record<string, string>) => seedArticles(app, articleCatalog(source))
    await saveArticle(app, 'protocol', 'us-en', { title: 'Our terms', content: 'Written by us.' })
    const privacyBefore = await article('privacy')

    const changed = edited(
      edited(files, 'privacy.en-US.md', 'Effective date: 2026-11-22', 'Effective date: 2026-12-01'),
      'protocol.en-US.md',
      'Effective date: 2026-11-22',
      'Effective date: 2026-12-01',
    )
    await seedFrom(changed)

    const privacy = await article('privacy')
    expect(privacy.content).toContain('Effective date: 2026-12-01')
    expect(privacy.content.replace('2026-12-01', '2026-11-22')).toBe(privacyBefore.content)
    expect(await article('protocol')).toMatchObject({ title: 'Our terms', content: 'Written by us.' })
    // the other languages' files did not change, nor did their rows
    expect((await article('privacy', 'zh-cn')).content).toContain('生效日期：2026-11-22')

    // seeding the same catalog again changes nothing; the earlier catalog comes back the same way
    await seedFrom(changed)
    expect((await article('privacy')).content).toContain('Effective date: 2026-12-01')
    await seedFrom(files)
    expect(await article('privacy')).toMatchObject({ title: privacyBefore.title, content: privacyBefore.content })
    expect((await article('protocol')).title).toBe('Our terms')
  })

  it('takes up a row stored before versions with the catalog text, and keeps one that differs', async () => {
    const pool = app.database.pool
    await pool.query(`UPDATE articles SET seed_version = NULL WHERE type = 'introduce'`)
    await pool.query(
      `UPDATE articles SET content = 'An old text nobody can date.' WHERE type = 'introduce' AND lang = 'zh-hk'`,
    )
    const files = readArticleFiles()
    await seedArticles(app, articleCatalog(files))
    const versions = await pool.query(`SELECT lang, seed_version FROM articles WHERE type = 'introduce' ORDER BY lang`)
    expect(versions.rows.map((r) => [r.lang, r.seed_version !== null])).toEqual([
      ['us-en', true],
      ['zh-cn', true],
      ['zh-hk', false],
    ])

    await seedArticles(
      app,
      articleCatalog({
        ...files,
        'introduce.zh-CN.md': files['introduce.zh-CN.md']?.replace('Kinetic 让你', 'KINETIC 让你') ?? '',
      }),
    )
    expect((await article('introduce', 'zh-cn')).content).toMatch(/^KINETIC/)
    expect((await article('introduce', 'zh-hk')).content).toBe('An old text nobody can date.')
  })

  it('stops the seed naming the article a language lacks', () => {
    const { 'privacy.zh-TW.md': _, ...files } = readArticleFiles()
    expect(() => articleCatalog(files)).toThrow('privacy.title: missing in zh-hk')
  })
})
