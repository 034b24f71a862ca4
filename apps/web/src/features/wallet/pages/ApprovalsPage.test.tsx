import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import type { Wallet } from '../lib/types'
import { ApprovalsPage } from './ApprovalsPage'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const STRANGER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'

const aWallet: Wallet = {
  id: 5,
  name: 'Main',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  kind: 'mnemonic',
  hint: '',
  backed_up: true,
  current: true,
  proven: true,
  created_at: '2026-11-24T10:00:00.000Z',
}

const allowance = (spender: string, symbol: string) => ({
  symbol,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  decimals: 18,
  spender,
  amount: '100',
  unlimited: false,
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

const render = (locale: Locale) =>
  renderPage(<ApprovalsPage />, {
    locale,
    route: '/walletApprovals?id=5',
    answers: {
      '/v1/wallet': () => aWallet,
      '/v1/walletindex': () => ({ wallet: aWallet, assets: [], total_usd: '0', unpriced: [], network: {}, block: 1 }),
      // lower case as a log may carry it: shown checksummed all the same
      '/v1/approvals': () => ({
        list: [allowance(ROUTER.toLowerCase(), 'USDT'), allowance(STRANGER.toLowerCase(), 'KNT')],
      }),
      '/v1/known_contracts': () => ({ list: [{ name: 'router', address: ROUTER }] }),
    },
  })

describe('token approvals', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names a spender Kinetic knows, with its address on tap, in ${locale}`, async () => {
      const page = await render(locale)
      const known = await screen.findByRole('listitem', { name: `USDT ${ROUTER}` })
      const name = await within(known).findByRole('button', { name: TEXTS[locale].known.router })
      expect(within(known).queryByText(ROUTER)).toBeNull()
      await page.user.click(name)
      expect(within(known).getByText(ROUTER)).toBeTruthy()
    })
  }

  it('shows an unknown spender by its checksummed address', async () => {
    await render('en-US')
    const other = await screen.findByRole('listitem', { name: `KNT ${STRANGER}` })
    expect(within(other).getByText(STRANGER)).toBeTruthy()
  })
})
