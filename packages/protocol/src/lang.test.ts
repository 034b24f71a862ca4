import { describe, expect, it } from 'vitest'
import { LOCALES, WIRE_LANGS, isLocale, isWireLang, localeOf, wireLang } from './lang.ts'

describe('wireLang', () => {
  it('maps each app locale to its wire lang', () => {
    expect(wireLang('zh-CN')).toBe('zh-cn')
    expect(wireLang('en-US')).toBe('us-en')
    expect(wireLang('zh-TW')).toBe('zh-hk')
  })

  it('falls back to zh-cn for an unknown or missing locale', () => {
    expect(wireLang('fr-FR')).toBe('zh-cn')
    expect(wireLang('en-us')).toBe('zh-cn')
    expect(wireLang('')).toBe('zh-cn')
    expect(wireLang(undefined)).toBe('zh-cn')
    expect(wireLang(null)).toBe('zh-cn')
    expect(wireLang(42)).toBe('zh-cn')
  })
})

describe('localeOf', () => {
  it('maps each wire lang back to its locale', () => {
    expect(localeOf('zh-cn')).toBe('zh-CN')
    expect(localeOf('us-en')).toBe('en-US')
    expect(localeOf('zh-hk')).toBe('zh-TW')
  })

  it('round-trips every locale and every wire lang', () => {
    for (const locale of LOCALES) expect(localeOf(wireLang(locale))).toBe(locale)
    for (const lang of WIRE_LANGS) expect(wireLang(localeOf(lang))).toBe(lang)
  })
})

describe('isLocale and isWireLang', () => {
  it('tell the two vocabularies apart', () => {
    expect(isLocale('en-US')).toBe(true)
    expect(isLocale('us-en')).toBe(false)
    expect(isWireLang('us-en')).toBe(true)
    expect(isWireLang('en-US')).toBe(false)
    expect(isWireLang(undefined)).toBe(false)
  })
})
