import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { approvalCall, shownTransfers } from './txView'
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

describe('an approval in history', () => {
  const spender = '0x10ED43C718714eb63d5aA57B78B54704E256024E'
  const approve = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

  it('is a 0-BNB approve call to a token: the token, the spender and the amount', () => {
    expect(approvalCall({ ...base, data_hex: approve(40n * 10n ** 18n) })).toEqual({
      token: base.to,
      spender,
      amount: 40n * 10n ** 18n,
    })
    expect(approvalCall({ ...base, data_hex: approve(maxUint256) })?.amount).toBe(maxUint256)
  })

  it('is not a transfer call, a call carrying BNB, a token log or a truncated approve', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, 1n] })
    expect(approvalCall({ ...base, data_hex: transfer })).toBeNull()
    expect(approvalCall({ ...base, amount: '0.1', data_hex: approve(1n) })).toBeNull()
    expect(approvalCall({ ...base, log_index: 3, data_hex: approve(1n) })).toBeNull()
    expect(approvalCall({ ...base, data_hex: approve(1n).slice(0, 20) })).toBeNull()
    expect(approvalCall(base)).toBeNull()
  })
})
