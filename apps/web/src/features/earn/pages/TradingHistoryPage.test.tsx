import { renderPage } from '@/test/renderPage'
import { earn, type Locale, type Result } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enEarn from '@/i18n/locales/en-US/earn.json'
import cnEarn from '@/i18n/locales/zh-CN/earn.json'
import twEarn from '@/i18n/locales/zh-TW/earn.json'
import { TradingHistoryPage } from './TradingHistoryPage'

const TEXTS = { 'en-US': enEarn, 'zh-CN': cnEarn, 'zh-TW': twEarn } as const

/**
 * Two energy credits made the same minute: today's walk and one the watch uploaded three days
 * late. Both rows carry the crediting time; only the day each was earned on tells them apart.
 */
const history: Result<typeof earn.ledgerHistory> = {
  list: [
    {
      id: 9,
      asset: 'energy',
      amount: '100',
      balance: '162.05',
      kind: 'energy',
      detail: '',
      time: '2026-11-24T20:30:26.000Z',
      effort: { day: '2026-11-21', verdict: 'ok', reasons: [] },
    },
    {
      id: 8,
      asset: 'energy',
      amount: '62.05',
      balance: '62.05',
      kind: 'energy',
      detail: '',
      time: '2026-11-24T20:29:50.000Z',
      effort: { day: '2026-11-24', verdict: 'ok', reasons: [] },
    },
  ],
  total: 2,
  page: 1,
  limit: 20,
}

describe('the energy record', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names the day each credit was earned on in ${locale}`, async () => {
      const t = TEXTS[locale]
      await renderPage(<TradingHistoryPage />, { locale, answers: { '/v1/ledger': () => history } })
      const rows = within(await screen.findByRole('list', { name: t.history.title })).getAllByRole('listitem')
      expect(rows).toHaveLength(2)
      expect(rows[0]?.textContent).toContain(t.effort.day.replace('{{day}}', '2026-11-21'))
      expect(rows[1]?.textContent).toContain(t.effort.day.replace('{{day}}', '2026-11-24'))
    })
  }
})

/** A collect to the wallet: the ledger names the address it went to, in full. */
const ADDRESS = '0x1234567890AbcdEF1234567890aBcdef12345678'
const collect: Result<typeof earn.ledgerHistory> = {
  list: [
    {
      id: 12,
      asset: 'knt',
      amount: '-10.123456789012345678',
      balance: '2.000000000000000001',
      kind: 'payout',
      detail: ADDRESS,
      time: '2026-11-24T20:30:26.000Z',
      effort: null,
    },
  ],
  total: 1,
  page: 1,
  limit: 20,
}

describe('a collect in the history', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`shows its address as 0x1234…5678, the full one on tap, and the amounts for people in ${locale}`, async () => {
      const t = TEXTS[locale]
      await renderPage(<TradingHistoryPage />, { locale, answers: { '/v1/ledger': () => collect } })
      const [row] = within(await screen.findByRole('list', { name: t.history.title })).getAllByRole('listitem')
      expect(row?.textContent).not.toContain(ADDRESS)
      const address = within(row!).getByRole('button', { name: new RegExp(ADDRESS) })
      expect(address.textContent).toBe('0x1234…5678')
      expect(address.getAttribute('title')).toBe(ADDRESS)
      expect(row?.textContent).toContain(`-10.1235 ${t.asset.knt}`)
      expect(row?.textContent).toContain(t.history.balance.replace('{{balance}}', '2'))
    })
  }
})
