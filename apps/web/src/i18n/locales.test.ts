import { LOCALES } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' })

/** Every leaf of a locale file as `path → value`. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf)
    }
  } else {
    out.set(prefix, value)
  }
  return out
}

const byLocale = (locale: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./locales/${locale}/`))
      .map(([path, json]) => [path.slice(`./locales/${locale}/`.length), leaves(json)]),
  )

describe('locale files', () => {
  const reference = byLocale('en-US')

  it('exist for every language, with the same files', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(0)
    for (const locale of LOCALES) expect(Object.keys(byLocale(locale)).sort()).toEqual(Object.keys(reference).sort())
  })

  it.each(LOCALES)('%s has the same keys as en-US in every file', (locale) => {
    const texts = byLocale(locale)
    for (const [file, keys] of Object.entries(reference)) {
      expect([...(texts[file]?.keys() ?? [])].sort(), file).toEqual([...keys.keys()].sort())
    }
  })

  it.each(LOCALES)('%s has only non-empty strings', (locale) => {
    for (const [file, keys] of Object.entries(byLocale(locale))) {
      for (const [key, text] of keys) {
        expect(typeof text === 'string' && text.trim() !== '', `${file} ${key}`).toBe(true)
      }
    }
  })

  it.each(LOCALES)('%s keeps the interpolation and markup of en-US', (locale) => {
    const tokens = (text: unknown) => (String(text).match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort()
    const texts = byLocale(locale)
    for (const [file, keys] of Object.entries(reference)) {
      for (const [key, text] of keys) expect(tokens(texts[file]?.get(key)), `${file} ${key}`).toEqual(tokens(text))
    }
  })

  /**
   * One word for one act: staking KNT is "Stake" in en-US (the spec's Discover screen says
   * stake), 质押 / 質押 in Chinese, and taking it back "Unstake" / 解除质押 / 解除質押.
   */
  it.each([
    ['en-US', /\b(un)?pledg/i],
    ['zh-CN', /解押|抵押|锁仓/],
    ['zh-TW', /解押|抵押|鎖倉/],
  ] as const)('%s names staking with one word', (locale, other) => {
    for (const [file, keys] of Object.entries(byLocale(locale))) {
      for (const [key, text] of keys) expect(String(text), `${file} ${key}`).not.toMatch(other)
    }
  })
})
