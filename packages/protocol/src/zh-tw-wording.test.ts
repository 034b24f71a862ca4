import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mainlandTerms, TAIWAN_EXCEPTIONS } from './zh-tw-wording.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const SKIP_DIRS = new Set(['node_modules', 'dist', 'results', 'artifacts', 'coverage', '.git'])

/** Every file under `dir` (relative to the repository), without build output or dependencies. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : filesUnder(rel)
    return [rel]
  })
}

const FILES = [...filesUnder('apps'), ...filesUnder('packages')]

/** The strings of a JSON catalog, by dotted key. */
function jsonTexts(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => jsonTexts(v, key ? `${key}.${k}` : k))
  return []
}

/** zh-TW catalogs, found by their path: web and console locales, protocol messages, server catalogs and texts, articles. */
const CATALOG_FILES = FILES.filter((file) => /(^|[/.])zh-TW([/.])/.test(file) && /\.(json|md)$/.test(file))

/**
 * Traditional characters that simplified Chinese writes otherwise: a line of source code holding
 * one is a zh-TW text written inline (mails, seeded texts, pages), whoever added it.
 */
const TRADITIONAL =
  /[們這個時說請對會過還點與號帳證碼輸設錢將後開關發於從麼電話頁資訊實體應間無經驗並見讓語認識買賣單體據數戶臺檔裝錶鐘給約統務動態線變區鏈幣餘額轉寫讀圖傳處錄註冊郵綁當]/
const INLINE_FILES = FILES.filter(
  (file) =>
    /\.(ts|tsx|html)$/.test(file) &&
    !/\.(test|e2e|support)\.tsx?$/.test(file) &&
    !file.includes('/e2e/') &&
    file !== 'packages/protocol/src/zh-tw-wording.ts',
)

/**
 * The inline zh-TW lines of a source file. A `formerly` block keeps the texts an earlier catalog
 * seeded, word for word, so that existing rows are recognised (platform/db/seeded-texts.ts): skipped.
 */
function inlineTexts(source: string): [string, string][] {
  const found: [string, string][] = []
  let formerIndent: number | undefined
  source.split('\n').forEach((line, index) => {
    const indent = line.length - line.trimStart().length
    if (formerIndent !== undefined) {
      if (indent <= formerIndent && /^\s*[\]}]/.test(line)) formerIndent = undefined
      return
    }
    if (/^\s*(formerly|FORMER_\w+)\b|\bFORMER_\w+\s*[:=]/.test(line)) {
      const opens = (line.match(/[[{]/g) ?? []).length
      const closes = (line.match(/[\]}]/g) ?? []).length
      if (opens > closes) formerIndent = indent
      return
    }
    if (TRADITIONAL.test(line)) found.push([`line ${index + 1}`, line])
  })
  return found
}

const TEXTS: { where: string; text: string }[] = [
  ...CATALOG_FILES.flatMap((file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8')
    const texts: [string, string][] = file.endsWith('.json') ? jsonTexts(JSON.parse(source)) : [['', source]]
    return texts.map(([key, text]) => ({ where: key ? `${file} ${key}` : file, text }))
  }),
  ...INLINE_FILES.flatMap((file) =>
    inlineTexts(readFileSync(path.join(ROOT, file), 'utf8')).map(([line, text]) => ({
      where: `${file} ${line}`,
      text,
    })),
  ),
]

describe('zh-TW wording', () => {
  it('finds the zh-TW texts: locales (app and console), protocol messages, server catalogs and texts, articles', () => {
    const where = TEXTS.map((t) => t.where)
    for (const source of [
      'apps/web/src/i18n/locales/zh-TW/account.json',
      'apps/web/src/i18n/locales/zh-TW/admin.json',
      'packages/protocol/src/messages/zh-TW.json',
      'apps/server/src/features/shop/texts/zh-TW.json',
      'apps/server/src/features/support/texts/zh-TW.json',
      'apps/server/src/features/content/articles/privacy.zh-TW.md',
      'apps/server/src/platform/i18n/locales/zh-TW/mails.json',
      'apps/server/src/platform/i18n/locales/zh-TW/weekly.json',
      'apps/server/src/platform/i18n/locales/zh-TW/pdf.json',
      'apps/server/src/platform/i18n/locales/zh-TW/questionnaire.json',
      'apps/server/src/platform/i18n/locales/zh-TW/explain.json',
      'apps/server/src/platform/i18n/locales/zh-TW/review.json',
    ])
      expect(
        where.some((w) => w.startsWith(source)),
        source,
      ).toBe(true)
    expect(TEXTS.length).toBeGreaterThan(1000)
  })

  it('uses Taiwan vocabulary in every zh-TW text', () => {
    const problems = TEXTS.flatMap(({ where, text }) =>
      mainlandTerms(text).map(({ term, taiwan }) => `${where}: "${term}" → ${taiwan}`),
    )
    expect(problems).toEqual([])
  })

  it('names a mainland term with its Taiwan form, and keeps the exceptions few', () => {
    expect(mainlandTerms('請輸入郵箱地址以激活用戶')).toEqual([
      { term: '郵箱', taiwan: '電子郵件' },
      { term: '激活', taiwan: '啟用' },
      { term: '用戶', taiwan: '使用者' },
    ])
    expect(mainlandTerms('請輸入手機號碼')).toEqual([])
    expect(mainlandTerms('請輸入手機號')).toEqual([{ term: '手機號', taiwan: '手機號碼' }])
    expect(mainlandTerms('BNB 智能鏈')).toEqual([])
    expect(mainlandTerms('智能手錶')).toEqual([{ term: '智能', taiwan: '智慧' }])
    expect(TAIWAN_EXCEPTIONS.length).toBeLessThanOrEqual(5)
  })
})
