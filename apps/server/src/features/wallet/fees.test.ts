import { describe, expect, it } from 'vitest'
import { feeTiers, withMargin } from './fees.ts'
import { parseDecimal } from './money.ts'

const GWEI = 1_000_000_000n

describe('fee tiers', () => {
  it('are 1.25×, 1× and 0.8× the node price with their time estimates and BNB fees', () => {
    const tiers = feeTiers(3n * GWEI, 21_000n)
    expect(tiers).toEqual([
      { tier: 'fast', gas_price: '3750000000', fee: '0.00007875', fee_usd: '', seconds: 3 },
      { tier: 'recommend', gas_price: '3000000000', fee: '0.000063', fee_usd: '', seconds: 15 },
      { tier: 'slow', gas_price: '2400000000', fee: '0.0000504', fee_usd: '', seconds: 60 },
    ])
  })

  it('are in USD too, exactly, when BNB has a price', () => {
    const tiers = feeTiers(3n * GWEI, 21_000n, parseDecimal('612.5'))
    expect(tiers.map((t) => t.fee_usd)).toEqual(['0.048234375', '0.0385875', '0.03087'])
  })

  it('round to whole wei and never go below 1 wei', () => {
    expect(feeTiers(7n, 1n).map((t) => t.gas_price)).toEqual(['9', '7', '6'])
    expect(feeTiers(0n, 21_000n).map((t) => t.gas_price)).toEqual(['1', '1', '1'])
  })

  it('adds a 10% margin to a gas estimate, rounded up', () => {
    expect(withMargin(21_000n)).toBe(23_100n)
    expect(withMargin(51_234n)).toBe(56_358n)
  })
})
