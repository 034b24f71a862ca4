import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import type { FeeTier } from '../lib/types'
import { FeeTiers } from './FeeTiers'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const

const tiers: FeeTier[] = [
  { tier: 'fast', gas_price: '1250000000', fee: '0.000125', fee_usd: '', seconds: 3 },
  { tier: 'recommend', gas_price: '1000000000', fee: '0.0001', fee_usd: '', seconds: 15 },
  { tier: 'slow', gas_price: '800000000', fee: '0.00008', fee_usd: '', seconds: 60 },
]

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

const render = (estimate: boolean, locale: Locale = 'en-US') =>
  renderPage(<FeeTiers tiers={tiers} value="recommend" onChange={() => {}} loading={false} estimate={estimate} />, {
    locale,
  })

describe('FeeTiers', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`says the fees are an estimate until the transfer itself was estimated, in ${locale}`, async () => {
      await render(true, locale)
      expect(await screen.findByText(TEXTS[locale].send.fee.estimate)).toBeTruthy()
    })
  }

  it('says nothing of an estimate once the fees are this transfer’s', async () => {
    await render(false)
    expect(await screen.findByText('Recommend')).toBeTruthy()
    expect(screen.queryByText(enWallet.send.fee.estimate)).toBeNull()
  })
})
