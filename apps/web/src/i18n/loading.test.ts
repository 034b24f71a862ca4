import i18n from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { antdLocale, initI18n, setLanguage } from './index'

describe('text loading', () => {
  beforeAll(async () => {
    localStorage.setItem('currentLanguage', 'en-US')
    await initI18n()
  })

  it('starts with the shell texts of every language and the feature texts of the stored one only', () => {
    expect(i18n.language).toBe('en-US')
    expect(i18n.t('earn.copied')).toBe('Copy success')
    for (const locale of ['zh-CN', 'zh-TW']) {
      expect(i18n.getResource(locale, 'translation', 'app.launch.tagline')).toEqual(expect.any(String))
      expect(i18n.getResource(locale, 'translation', 'earn')).toBeUndefined()
    }
    expect(antdLocale('en-US').common.confirm).toBe('Confirm')
  })

  it('has the new language in before switching to it, antd-mobile texts included', async () => {
    const switching = setLanguage('zh-TW')
    expect(i18n.language).toBe('en-US')
    await switching
    expect(i18n.language).toBe('zh-TW')
    expect(document.documentElement.lang).toBe('zh-TW')
    expect(i18n.t('earn.copied')).toBe('複製成功')
    expect(antdLocale('zh-TW').common.confirm).toBe('確定')
  })
})
