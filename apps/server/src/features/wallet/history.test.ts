import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeData, feeOf } from './history.ts'

describe('transaction data', () => {
  it('shows printable UTF-8 as text beside its hex', () => {
    const hex = stringToHex('rent for May 🏠')
    expect(decodeData(hex)).toEqual({ data_hex: hex, data_text: 'rent for May 🏠' })
  })

  it('shows binary data (a contract call) as hex only', () => {
    const call = '0xa9059cbb000000000000000000000000'
    expect(decodeData(call)).toEqual({ data_hex: call, data_text: '' })
    expect(decodeData(stringToHex('a\u0000b'))).toMatchObject({ data_text: '' })
  })

  it('shows nothing when there is no data', () => {
    expect(decodeData('')).toEqual({ data_hex: '', data_text: '' })
    expect(decodeData('0x')).toEqual({ data_hex: '', data_text: '' })
  })
})

describe('transaction fee', () => {
  it('is gas used × gas price in BNB once mined, empty before', () => {
    expect(feeOf({ blockNumber: 5, gasUsed: '21000', gasPrice: '3000000000' })).toBe('0.000063')
    expect(feeOf({ blockNumber: null, gasUsed: null, gasPrice: '3000000000' })).toBe('')
  })
})
