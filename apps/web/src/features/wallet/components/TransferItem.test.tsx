import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { aUser, renderPage } from '@/test/renderPage'
import { screen } from '@testing-library/react'
import { encodeFunctionData, erc20Abi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Transfer } from '../lib/types'
import { TransferItem } from './TransferItem'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A 0-BNB call to the token: approve(SPENDER, amount). */
const anApproveCall = (amount: bigint): Transfer => ({
  hash: '0x' + 'ab'.repeat(32),
  log_index: -1,
  coin: { id: 1, symbol: 'BNB', name: 'BNB', decimals: 18, contract: null, logo: '' },
  from: ME,
  to: TOKEN,
  amount: '0',
  fee: '0.000046',
  direction: 'outgo',
  status: 'success',
  block_number: 12,
  confirmations: 3,
  data_hex: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] }),
  data_text: '',
  time: '2026-11-24T10:00:00.000Z',
  nonce: 4,
  gas_price: '1000000000',
  replaced_by: '',
  replaced_as: '',
  suspicious: false,
  swap: null,
})

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

const answers = {
  '/v1/userinfo': () => aUser({ time_zone: 'UTC' }),
  '/v1/known_contracts': () => ({ list: [] }),
}

describe('TransferItem', () => {
  it('lists approve(spender, 0) as a revoke, with no value', async () => {
    await renderPage(<TransferItem transfer={anApproveCall(0n)} symbolOf={() => 'KNT'} />, { answers })
    const link = await screen.findByRole('link')
    expect(link.textContent).toContain('Revoke KNT from 0x9fE4')
    expect(link.textContent).not.toContain('Approval')
    expect(link.textContent).not.toMatch(/BNB/)
  })

  it('lists an approval by what it allows, not as -0 BNB', async () => {
    await renderPage(<TransferItem transfer={anApproveCall(10n ** 18n)} symbolOf={() => 'KNT'} />, { answers })
    const link = await screen.findByRole('link')
    expect(link.textContent).toContain('Approval of KNT to 0x9fE4')
    expect(link.textContent).not.toMatch(/BNB/)
  })

  it('names a spender Kinetic knows', async () => {
    await renderPage(<TransferItem transfer={anApproveCall(0n)} symbolOf={() => 'KNT'} />, {
      answers: { ...answers, '/v1/known_contracts': () => ({ list: [{ name: 'router', address: SPENDER }] }) },
    })
    const link = await screen.findByRole('link')
    await expect.poll(() => link.textContent).toContain('Revoke KNT from Kinetic exchange router')
  })
})
