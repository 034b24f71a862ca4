import enDiscover from '@/i18n/locales/en-US/discover.json'
import cnDiscover from '@/i18n/locales/zh-CN/discover.json'
import twDiscover from '@/i18n/locales/zh-TW/discover.json'
import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import { formatNumber, type earn, type Locale, type Result } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { EconomyPage } from './EconomyPage'

const TEXTS = { 'en-US': enDiscover, 'zh-CN': cnDiscover, 'zh-TW': twDiscover } as const
const HASH = `0x${'ab'.repeat(32)}`
const TREASURY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The server's answer, typed by the protocol like a real one. */
function anEconomy(chain: Result<typeof earn.economy>['chain']): Result<typeof earn.economy> {
  return {
    stage: {
      number: 1,
      day: 2,
      days: 90,
      settlement_day: '2026-11-24',
      emission: '10000',
      next_emission: '5000',
      token_share_pct: 20,
      token_min: '100',
    },
    estimate: { per_power: '188.235294117647058823', per_staked: null },
    today: {
      day: '2026-11-24',
      stage: 1,
      emission: '10000',
      computing_pool: '8000',
      token_pool: '2000',
      settled: false,
    },
    last_settlement: {
      day: '2026-11-23',
      stage: 1,
      emission: '10000',
      computing_pool: '8000',
      token_pool: '2000',
      issued: '7999.999999999999999999',
      unissued: '2000.000000000000000001',
      total_power: '42.5',
      total_staked: '400',
    },
    total_power: '1234.5678',
    total_staked: '12500',
    issued: '9999.999999999999999999',
    paid_out: { count: 1, amount: '12.5' },
    payouts: {
      list: [
        {
          id: 3,
          amount: '12.5',
          status: 'confirmed',
          hash: HASH,
          time: '2026-11-24T08:00:00.000Z',
          explorer_url: `https://bscscan.com/tx/${HASH}`,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    },
    chain,
  }
}

const up: Result<typeof earn.economy>['chain'] = {
  available: true,
  treasury: TREASURY,
  knt: '987654.321',
  bnb: '9.999942948015195471',
  read_at: '2026-11-24T09:00:00.000Z',
  block_time: '2026-11-24T08:59:58.000Z',
}

const figure = (name: string) => screen.getByRole('group', { name }).querySelector('strong')?.textContent

// the page's route loads the Discover texts with it; here they are loaded once, after i18next starts
beforeAll(async () => {
  await initI18n()
  await loadTexts('discover')
})

describe('the economy page', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`shows the figures, the treasury read from the chain and each payout's transaction in ${locale}`, async () => {
      const t = TEXTS[locale].economy
      const page = await renderPage(<EconomyPage />, {
        locale,
        answers: { '/v1/economy': () => anEconomy(up) },
      })
      expect(await screen.findByRole('heading', { name: t.treasury.title })).toBeTruthy()
      expect(screen.getByTestId('treasury-knt').textContent).toBe(formatNumber('987654.321'))
      expect(screen.getByTestId('treasury-bnb').textContent).toBe('9.999943')
      expect(screen.getByTestId('economy-emission').textContent).toBe('10,000')
      expect(screen.getByTestId('today-computing').textContent).toBe('8,000')
      expect(screen.getByTestId('today-token').textContent).toBe('2,000')
      expect(screen.getByTestId('last-issued').textContent).toBe(formatNumber('7999.999999999999999999'))
      expect(figure(t.network.power)).toBe(formatNumber('1234.5678'))
      expect(screen.getByTestId('total-staked').textContent).toBe('12,500')
      expect(screen.getByTestId('paid-out').textContent).toBe('12.5')
      expect(screen.getByText(t.pools.today.replace('{{day}}', '2026-11-24'))).toBeTruthy()
      expect(screen.queryByRole('alert')).toBeNull()

      // settlement days are named as the UTC days they are
      expect(t.pools.today).toMatch(/UTC/)
      expect(screen.getByText(t.pools.last.replace('{{day}}', '2026-11-23'))).toBeTruthy()
      expect(t.pools.last).toMatch(/UTC/)
      expect(screen.getByTestId('economy-stage-day').textContent).toBe(
        TEXTS[locale].stage.day.replace('{{day}}', '2').replace('{{days}}', '90').replace('{{date}}', '2026-11-24'),
      )
      // the settled day's row: what was not issued beside what was, and the staking pool's rule
      expect(screen.getByTestId('last-unissued').textContent).toBe(formatNumber('2000.000000000000000001'))
      const rule = t.pools.stakingRule.replace('{{min}}', '100')
      expect(screen.getAllByTestId('staking-rule').map((p) => p.textContent)).toEqual([rule, rule])
      // what a unit earns from today's pools, as an estimate; nobody staked yet: the whole pool
      const estimate = TEXTS[locale].estimate
      expect(screen.getByTestId('estimate-power').textContent).toBe('≈ 188.235294')
      expect(screen.getByTestId('estimate-staked').textContent).toBe(estimate.whole)
      expect(screen.getByText(estimate.note.replace('{{day}}', '2026-11-24'))).toBeTruthy()

      const payouts = within(await screen.findByRole('list', { name: t.payouts.title }))
      const link = payouts.getByRole('link', {
        name: (name) => name.endsWith(t.payouts.explorer.replace('{{hash}}', HASH)),
      })
      expect(link.getAttribute('href')).toBe(`https://bscscan.com/tx/${HASH}`)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(payouts.getByText(t.payouts.status.confirmed)).toBeTruthy()
      expect(page.requests).toEqual([{ method: '/v1/economy', params: { page: '1', limit: '20' } }])
    })
  }

  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`says the chain part is unavailable in ${locale} and still shows the ledger figures`, async () => {
      const t = TEXTS[locale].economy
      await renderPage(<EconomyPage />, {
        locale,
        answers: { '/v1/economy': () => anEconomy({ available: false, treasury: TREASURY }) },
      })
      expect((await screen.findByRole('alert')).textContent).toBe(t.treasury.unavailable)
      expect(screen.queryByTestId('treasury-knt')).toBeNull()
      expect(screen.getByTestId('economy-emission').textContent).toBe('10,000')
      expect(screen.getByTestId('issued').textContent).toBe(formatNumber('9999.999999999999999999'))
      expect(screen.getByTestId('last-unissued').textContent).toBe(formatNumber('2000.000000000000000001'))
      expect(
        await screen.findByRole('link', {
          name: (name) => name.endsWith(t.payouts.explorer.replace('{{hash}}', HASH)),
        }),
      ).toBeTruthy()
    })
  }
})
