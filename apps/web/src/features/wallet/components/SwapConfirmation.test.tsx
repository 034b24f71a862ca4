import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { aUser, renderPage } from '@/test/renderPage'
import type { swap } from '@kinetic/protocol'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { SwapConfirmation } from './SwapConfirmation'

const coin = (id: number, symbol: string, contract: string | null) => ({
  id,
  symbol,
  name: symbol,
  decimals: 18,
  contract,
  logo: '',
})
const call = { to: '0x0000000000000000000000000000000000000001', data: '0x', value: '0', gas_limit: '200000' }

const aQuote = (patch: Partial<swap.SwapQuote> = {}): swap.SwapQuote => ({
  from: coin(1, 'USDT', '0x55d398326f99059fF775485246999027B3197955'),
  to: coin(2, 'KNT', '0x1111111111111111111111111111111111111111'),
  amount_in: '40',
  amount_out: '123.456789012345678901',
  minimum_received: '122.839505067283950506',
  slippage: '0.5',
  price_impact: '0.12',
  route: ['USDT', 'KNT'],
  deadline: '2026-11-24T12:00:00.000Z',
  lp_fee: '0.12',
  lp_fee_usd: '0.12',
  network_fee: '0.00031',
  network_fee_usd: '0.19',
  gas_price: '3000000000',
  balance: '1000',
  chain_id: 31337,
  approval: null,
  swap: call,
  simulation: { status: 'ok', reason: '', amount_out: '123.456789012345678901' },
  ...patch,
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

const row = (label: string) =>
  within(screen.getByText(label, { exact: true }).closest('div') as HTMLElement).getAllByRole('definition')

const answers = { '/v1/userinfo': () => aUser({ time_zone: 'America/New_York' }) }

describe('SwapConfirmation', () => {
  it('shows the preview every signature shows, then the swap’s own rows, each amount by the one rule', async () => {
    await renderPage(<SwapConfirmation quote={aQuote()} />, { answers })
    expect(row('You send').map((dd) => dd.textContent)).toEqual(['-40 USDT'])
    expect(row('You receive').map((dd) => dd.textContent)).toEqual(['+123.457 KNT'])
    expect(row('Fee (at most)')[0]?.textContent).toBe('0.00031 BNB ≈ $0.19')
    expect(row('Approvals granted')[0]?.textContent).toBe('None')
    // a minimum is rounded down: it never promises more than the swap guarantees
    expect(row('Minimum received')[0]?.textContent).toBe('122.839 KNT')
    expect(row('Liquidity provider fee')[0]?.textContent).toBe('0.12 USDT ≈ $0.12')
    // the deadline on the account's clock (New York), not the device's
    expect((await screen.findByText('Nov 24, 07:00')).tagName).toBe('DD')
  })

  it('keeps the exact value of every amount, to the wei, on tap and in the page', async () => {
    await renderPage(<SwapConfirmation quote={aQuote()} />, { answers })
    const received = row('You receive')[0]!.querySelector('data')!
    expect(received.value).toBe('123.456789012345678901')
    const minimum = row('Minimum received')[0]!.querySelector('data')!
    expect(minimum.value).toBe('122.839505067283950506')
    fireEvent.click(within(row('Minimum received')[0]!).getByRole('button'))
    expect(row('Minimum received')[0]?.textContent).toBe('122.839505067283950506 KNT')
    fireEvent.click(within(row('You receive')[0]!).getByRole('button'))
    expect(row('You receive')[0]?.textContent).toBe('+123.456789012345678901 KNT')
  })

  it('shows only why the swap would revert when the simulation fails', async () => {
    await renderPage(
      <SwapConfirmation
        quote={aQuote({ simulation: { status: 'reverted', reason: 'INSUFFICIENT_OUTPUT_AMOUNT', amount_out: '' } })}
      />,
      { answers },
    )
    expect(screen.getByRole('alert').textContent).toContain('INSUFFICIENT_OUTPUT_AMOUNT')
    expect(screen.queryByText('You receive', { exact: true })).toBeNull()
  })
})
