import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { earn, Locale, Result } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enDiscover from '@/i18n/locales/en-US/discover.json'
import cnDiscover from '@/i18n/locales/zh-CN/discover.json'
import twDiscover from '@/i18n/locales/zh-TW/discover.json'
import { FindPage } from './FindPage'

const TEXTS = { 'en-US': enDiscover, 'zh-CN': cnDiscover, 'zh-TW': twDiscover } as const

const aFind = (): Result<typeof earn.find> => ({
  node: { active: false, staked: '0', activate_min: '100', boost_pct: 20, cooldown_days: 7, cooling: [] },
  power: '10',
  effective_power: '10',
  total_power: '1000',
  balance: '250',
  unclaimed: { computing: '0', token: '0' },
  profits: { last: '1.5', total: '3' },
  stage: { number: 1, day: 3, days: 30, emission: '1000', next_emission: '500', token_share_pct: 30 },
  last_settlement: null,
  records: [],
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('discover')
})

describe('Discover', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names the card of profits, balance and deposit for all it holds, in ${locale}`, async () => {
      const t = TEXTS[locale]
      await renderPage(<FindPage />, { locale, answers: { '/v1/find': () => aFind() } })
      const card = await screen.findByRole('region', { name: t.kntCard })
      expect(within(card).getByRole('heading').textContent).toBe(t.kntCard)
      expect(within(card).getByRole('button', { name: t.deposit })).toBeTruthy()
      expect(screen.queryByRole('heading', { name: t.inKnt.replace('{{label}}', t.profits.title) })).toBeNull()
    })
  }
})
