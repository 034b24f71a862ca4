import { describe, expect, it } from 'vitest'
import { shownTransfers } from './txView'
import type { Transfer } from './types'

const coin = { id: 1, symbol: 'BNB', name: 'BNB', decimals: 18, contract: null, logo: '' }
const base: Transfer = {
  hash: '0x' + 'a'.repeat(64),
  log_index: -1,
  coin,
  from: '0x' + '1'.repeat(40),
  to: '0x' + '2'.repeat(40),
  amount: '0',
  fee: '',
  direction: 'outgo',
  status: 'success',
  block_number: 1,
  confirmations: 1,
  data_hex: '',
  data_text: '',
  time: '2026-01-01T00:00:00.000Z',
  nonce: 0,
  gas_price: '1000000000',
  replaced_by: '',
  replaced_as: '',
  suspicious: false,
  swap: null,
}

describe('the transfers a transaction detail shows', () => {
  it('shows the token transfer of a token transaction, not its zero-value contract call', () => {
    const token = { ...base, log_index: 0, amount: '12.5', coin: { ...coin, id: 2, symbol: 'USDT' } }
    expect(shownTransfers([base, token])).toEqual([token])
  })

  it('keeps a plain BNB transfer, and a zero-value call when that is all there is', () => {
    const bnb = { ...base, amount: '0.01' }
    expect(shownTransfers([bnb])).toEqual([bnb])
    expect(shownTransfers([base])).toEqual([base])
  })
})
