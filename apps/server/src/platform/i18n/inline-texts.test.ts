import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { flatTexts } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { SERVER_ROOT } from '../config.ts'
import { RESOURCES } from './index.ts'

/**
 * Server code holds keys, never a sentence in a language (docs/adr/2026-11-29-server-text-catalogs.md):
 * every non-test `.ts` file under apps/server/src is scanned for CJK characters and for the English
 * sentences of the catalogs. The calling codes' country names (`phone-prefixes.ts`) are the one
 * exception: a data table in the three languages, read by the phone-number field only.
 */
const SRC = path.join(SERVER_ROOT, 'src')
const EXCEPTIONS = new Set(['features/account/phone-prefixes.ts'])

/** The non-test `.ts` files under `dir`, relative to apps/server/src. */
function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(rel)
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') && !EXCEPTIONS.has(rel) ? [rel] : []
  })
}

const FILES = sourceFiles().map((file) => ({ file, source: readFileSync(path.join(SRC, file), 'utf8') }))

/** Han, kana, hangul, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+/u

/** The English catalogs: the server's i18next namespaces and the features' seeded and message texts. */
function englishTexts(): string[] {
  const features = readdirSync(path.join(SRC, 'features')).flatMap((feature) => {
    const file = path.join(SRC, 'features', feature, 'texts', 'en-US.json')
    try {
      return [JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>]
    } catch {
      return []
    }
  })
  return [...Object.values(RESOURCES['en-US']), ...features].flatMap((catalog) => Object.values(flatTexts(catalog)))
}

/**
 * The runs of four words or more between a text's placeholders and punctuation: what code that
 * wrote the sentence inline (whole, concatenated or around template values) would still hold.
 */
const SENTENCES = [
  ...new Set(
    englishTexts().flatMap((text) =>
      text
        .split(/\{\{?\w+\}?\}|[.,:;!?()"“”→]/)
        .map((part) => part.trim())
        .filter((part) => /^[A-Za-z’'-]+(\s+[A-Za-z0-9’'-]+){3,}$/.test(part)),
    ),
  ),
]

/** The source without its comments: a comment may quote a text, code may not hold one. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1')

describe('texts outside the catalogs', () => {
  it('scans the server code and the catalogs', () => {
    expect(FILES.length).toBeGreaterThan(200)
    expect(SENTENCES.length).toBeGreaterThan(100)
    expect(SENTENCES).toContain('You reached your daily goal on')
  })

  it('finds no CJK character in server code outside phone-prefixes.ts', () => {
    const found = FILES.flatMap(({ file, source }) =>
      source.split('\n').flatMap((line, i) => (CJK.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })

  it('finds none of the catalogs’ English sentences in server code', () => {
    const found = FILES.flatMap(({ file, source }) => {
      const code = withoutComments(source)
      return SENTENCES.filter((sentence) => code.includes(sentence)).map((sentence) => `${file}: "${sentence}"`)
    })
    expect(found).toEqual([])
  })
})
