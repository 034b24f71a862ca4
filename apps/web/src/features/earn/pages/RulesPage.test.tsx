import enEarn from '@/i18n/locales/en-US/earn.json'
import cnEarn from '@/i18n/locales/zh-CN/earn.json'
import twEarn from '@/i18n/locales/zh-TW/earn.json'
import { initI18n } from '@/i18n'
import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { RulesPage } from './RulesPage'

const TEXTS = { 'en-US': enEarn, 'zh-CN': cnEarn, 'zh-TW': twEarn } as const
/** What the staking pool's rule and the settlement day's basis are called in each language. */
const WORDS = {
  'en-US': { pool: 'staking pool', active: 'active' },
  'zh-CN': { pool: '质押奖池', active: '激活' },
  'zh-TW': { pool: '質押獎池', active: '啟用' },
} as const

beforeAll(async () => {
  await initI18n()
})

describe('the rules page', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`says who shares the staking pool and that settlement days are UTC days in ${locale}`, async () => {
      const items = TEXTS[locale].rules.items
      await renderPage(<RulesPage />, {
        locale,
        answers: {
          '/v1/rules': () => ({ rules: { node_activate_knt: '100', token_share_pct: 20, stage_days: 90 } }),
        },
      })
      const rule = async (key: string) =>
        (await screen.findByText(items[key as keyof typeof items])).parentElement?.querySelector('dd')?.textContent
      expect(await rule('node_activate_knt')).toBe('100')
      expect(await rule('token_share_pct')).toBe('20')
      expect(await rule('stage_days')).toBe('90')
      expect(items.node_activate_knt).toContain(WORDS[locale].pool)
      expect(items.token_share_pct).toContain(WORDS[locale].active)
      expect(items.stage_days).toContain('UTC')
    })
  }
})
