import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, formatDecimal, multiply, parseDecimal, toBaseUnits } from './money.ts'

describe('decimal money', () => {
  it('multiplies a token balance by a price without losing a digit', () => {
    const balance = { units: 1_234_567_890_123_456_789n, scale: 18 } // 1.234567890123456789 BNB
    expect(formatDecimal(multiply(balance, parseDecimal('600')))).toBe('740.7407340740740734')
    expect(formatDecimal(multiply({ units: 1n, scale: 18 }, parseDecimal('0.05')))).toBe('0.00000000000000000005')
  })

  it('adds values of different scales exactly', () => {
    expect(formatDecimal(add(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3')
    expect(formatDecimal(add(parseDecimal('999999999999999999.99'), parseDecimal('0.01')))).toBe('1000000000000000000')
  })

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (units, scale) => {
        const text = formatDecimal({ units, scale })
        const back = parseDecimal(text)
        expect(back.units * 10n ** BigInt(scale)).toBe(units * 10n ** BigInt(back.scale))
      }),
    )
  })

  it('refuses an amount with more decimals than the coin has, instead of rounding it', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toBaseUnits('1.50', 1)).toBe(15n)
    expect(toBaseUnits('0.001', 2)).toBeUndefined()
    expect(toBaseUnits('7', 0)).toBe(7n)
  })
})
