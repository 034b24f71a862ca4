import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { catalogProblems, isLocale, textsByKey, WIRE_LANGS, wireLang, type LanguageFiles } from '@kinetic/protocol'
import { SERVER_ROOT } from '../../platform/config.ts'

/**
 * The articles of `/v1/articleinfo` (privacy policy, user agreement, introduction) as
 * translators write them: `articles/<type>.<locale>.md`, a `title:` front matter and the
 * text (paragraphs split by a blank line, a short numbered heading on its own line). The
 * languages say the same thing; the parity test checks that each has every article.
 */
export const ARTICLES_DIR = path.join(SERVER_ROOT, 'src/features/content/articles')

export type SeedArticle = { type: string; lang: string; title: string; content: string }

/** The folder's article files, by file name. */
export function readArticleFiles(dir = ARTICLES_DIR): Record<string, string> {
  const names = readdirSync(dir).filter((name) => name.endsWith('.md'))
  return Object.fromEntries(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]))
}

/** One file's title and text: `---\ntitle: …\n---\n\n<text>\n`. */
function parseArticle(name: string, source: string): { title: string; content: string } {
  const match = /^---\r?\ntitle:[ \t]*(.*?)[ \t]*\r?\n---\r?\n(?:\r?\n)?([\s\S]*?)\s*$/.exec(source)
  if (!match) throw new Error(`articles/${name}: expected a "title:" front matter between --- lines`)
  return { title: match[1] ?? '', content: match[2] ?? '' }
}

/** The files as one catalog per language, `{ <type>: { title, content } }`, for the loader and the parity test. */
export function articleLanguageFiles(files: Record<string, string>): LanguageFiles {
  const byLang = Object.fromEntries(WIRE_LANGS.map((lang) => [lang, {}])) as LanguageFiles
  for (const [name, source] of Object.entries(files)) {
    const [, type, locale] = /^([a-z_-]+)\.([A-Za-z-]+)\.md$/.exec(name) ?? []
    if (!type || !isLocale(locale)) throw new Error(`articles/${name}: expected <type>.<zh-CN|en-US|zh-TW>.md`)
    byLang[wireLang(locale)][type] = parseArticle(name, source)
  }
  return byLang
}

/** The seed rows, one per article and language; an incomplete catalog stops the start, naming what is missing. */
export function articleCatalog(files: Record<string, string> = readArticleFiles()): SeedArticle[] {
  const byLang = articleLanguageFiles(files)
  const problems = catalogProblems(byLang)
  if (problems.length > 0) throw new Error(`articles: ${problems.join('; ')}`)
  const texts = textsByKey(byLang)
  return Object.keys(byLang['zh-cn']).flatMap((type) =>
    WIRE_LANGS.map((lang) => ({
      type,
      lang,
      title: texts[`${type}.title`]?.[lang] ?? '',
      content: texts[`${type}.content`]?.[lang] ?? '',
    })),
  )
}

/**
 * Versions ({@link textVersion} of `{ title, content }`) of articles an earlier catalog seeded, by
 * `<type>/<wire lang>`: a row stored before seed versions existed with one of these texts is
 * still the seed's and takes today's (platform/db/seeded-texts.ts). The zh-TW articles before their
 * Taiwan wording (docs/adr/2026-11-24-zh-tw-wording.md), as of commit fd43e09.
 */
export const FORMER_ARTICLE_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  'introduce/zh-hk': ['054c0f57d0b00f17fd58d88f87141f88'],
  'privacy/zh-hk': ['0c81b7c407ec9cbb1d598a607f1f2dba'],
  'protocol/zh-hk': ['0647bda4aea02cf77060b119a24f60fe'],
}
