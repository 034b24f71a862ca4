import { content, WIRE_LANGS, type WireLang } from '@kinetic/protocol'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, startTestApp, type TestApp } from '../../../test/harness.ts'
import { VERSION_CACHE_MS } from './content.service.ts'

let app: TestApp
let client: Client
beforeAll(async () => {
  app = await startTestApp()
  client = new Client(app.server)
})
afterAll(() => app.close())

const TITLES: Record<content.ArticleType, Record<WireLang, string>> = {
  privacy: { 'us-en': 'Privacy Policy', 'zh-cn': '隐私政策', 'zh-hk': '隱私政策' },
  protocol: { 'us-en': 'User Agreement', 'zh-cn': '用户协议', 'zh-hk': '用戶協議' },
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
