import enDiscover from '@/i18n/locales/en-US/discover.json'
import cnDiscover from '@/i18n/locales/zh-CN/discover.json'
import twDiscover from '@/i18n/locales/zh-TW/discover.json'
import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { earn, Locale, Result } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { FindPage } from './FindPage'

const TEXTS = { 'en-US': enDiscover, 'zh-CN': cnDiscover, 'zh-TW': twDiscover } as const

/** Discover's answer for a user with 90 KNT staked (below the 100 that activates a node), typed by the protocol. */
const aFind = (): Result<typeof earn.find> => ({
  node: { active: false, staked: '90', activate_min: '100', boost_pct: 20, cooldown_days: 7, cooling: [] },
  power: '10',
  effective_power: '10',
  total_power: '42.5',
  balance: '60',
  unclaimed: { computing: '0', token: '0' },
  profits: { last: '0', total: '0' },
  stage: {
    number: 1,
    day: 2,
    days: 90,
    settlement_day: '2026-11-28',
    emission: '10000',
    next_emission: '5000',
    token_share_pct: 20,
    token_min: '100',
  },
  estimate: { per_power: '188.235294117647058823', per_staked: '13.333333333333333333' },
  last_settlement: { day: '2026-11-27', emission: '10000', total_power: '10' },
  records: [],
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('discover')
})

describe('Discover', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names the UTC settlement day, estimates what a unit earns and states the staking pool's rule before staking in ${locale}`, async () => {
      const t = TEXTS[locale]
      const page = await renderPage(<FindPage />, { locale, answers: { '/v1/find': aFind } })
      expect((await screen.findByTestId('stage-day')).textContent).toBe(
        t.stage.day.replace('{{day}}', '2').replace('{{days}}', '90').replace('{{date}}', '2026-11-28'),
      )
      expect(t.stage.day).toMatch(/UTC/)
      expect(screen.getByRole('group', { name: t.settlement.day }).textContent).toContain('2026-11-27')
      expect(t.settlement.day).toMatch(/UTC/)

      expect(screen.getByTestId('estimate-power').textContent).toBe('≈ 188.235294')
      expect(screen.getByTestId('estimate-staked').textContent).toBe('≈ 13.333333')
      expect(screen.getByText(t.estimate.note.replace('{{day}}', '2026-11-28'))).toBeTruthy()

      await page.user.click(screen.getByRole('button', { name: t.stake }))
      expect(
        await screen.findByText(t.sheet.stakeNote.replace('{{balance}}', '60').replace('{{min}}', '100')),
      ).toBeTruthy()
      expect(t.sheet.stakeNote).toMatch(/UTC/)
    })

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
