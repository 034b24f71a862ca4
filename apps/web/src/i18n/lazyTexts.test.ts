import i18n from 'i18next'
import { describe, expect, it } from 'vitest'
import enHealth from './locales/en-US/health.json'
import { initI18n } from './index'
import { loadTexts } from './lazyTexts'

const healthFiles = import.meta.glob<Record<string, unknown>>('./locales/*/health.json', { import: 'default' })

describe('a feature’s texts', () => {
  it('asked for before i18next is initialized (the router starts the first page before main runs) are added once it is', async () => {
    localStorage.setItem('currentLanguage', 'en-US')
    expect(i18n.isInitialized).toBeFalsy()
    const texts = loadTexts('health').then(
      () => 'added',
      (error: unknown) => error,
    )
    // the files are in before the app initializes i18next
    await Promise.all(Object.values(healthFiles).map((load) => load()))
    await new Promise((resolve) => setTimeout(resolve))
    await initI18n()
    expect(await texts).toBe('added')
    expect(i18n.t('health.weekly.title')).toBe(enHealth.weekly.title)
  })
})
