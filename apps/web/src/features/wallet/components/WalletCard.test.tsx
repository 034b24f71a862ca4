import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import type { Wallet } from '../lib/types'
import { WalletCard } from './WalletCard'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const

const aWallet = (patch: Partial<Wallet>): Wallet => ({
  id: 5,
  name: 'Main',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  kind: 'mnemonic',
  hint: '',
  backed_up: false,
  current: true,
  proven: true,
  created_at: '2026-11-24T10:00:00.000Z',
  ...patch,
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

async function card(wallet: Wallet, locale: Locale = 'en-US') {
  return renderPage(
    <WalletCard
      wallet={wallet}
      network={{ chain_id: 31337, key: 'dev', explorer: '' }}
      holdings={{ kind: 'read', totalUsd: '0', unpriced: [] }}
    />,
    { locale },
  )
}

describe('the wallet card', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`never asks to back up a mnemonic for a wallet imported by private key, in ${locale}`, async () => {
      // a key wallet stored before imports were marked backed up
      await card(aWallet({ kind: 'private_key', backed_up: false }), locale)
      expect(await screen.findByText('Main')).toBeTruthy()
      expect(screen.queryByText(TEXTS[locale].home.backupReminder)).toBeNull()
    })
  }

  it('reminds to back up words not yet verified, and links to them', async () => {
    await card(aWallet({ kind: 'mnemonic', backed_up: false }))
    const link = await screen.findByRole('link', { name: enWallet.home.backupReminder })
    expect(link.getAttribute('href')).toBe('/walletExportWords?id=5')
  })

  it('says nothing once the words are backed up', async () => {
    await card(aWallet({ kind: 'mnemonic', backed_up: true }))
    expect(await screen.findByText('Main')).toBeTruthy()
    expect(screen.queryByText(enWallet.home.backupReminder)).toBeNull()
  })
})
