import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidAmountError } from './errors.ts'
import { fromUnits, toUnits } from './units.ts'

describe('toUnits', () => {
  it('converts whole units to base units exactly', () => {
    expect(toUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toUnits('0.000000000000000001', 18)).toBe(1n)
    expect(toUnits('123456789.123456789', 18)).toBe(123_456_789_123_456_789_000_000_000n)
    expect(toUnits('0', 18)).toBe(0n)
    expect(toUnits('007', 0)).toBe(7n)
  })

  it('accepts a leading or trailing point, trailing zeros and surrounding spaces', () => {
    expect(toUnits('.5', 1)).toBe(5n)
    expect(toUnits('2.', 6)).toBe(2_000_000n)
    expect(toUnits('1.50', 1)).toBe(15n)
    expect(toUnits('3.000', 0)).toBe(3n)
    expect(toUnits(' 1 ', 2)).toBe(100n)
  })

  it('refuses more fraction digits than the coin has', () => {
    expect(() => toUnits('0.0000000000000000001', 18)).toThrow(InvalidAmountError)
    expect(() => toUnits('1.05', 1)).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }))
  })

  it('refuses empty, negative, signed, exponent and other non-decimal text', () => {
    for (const amount of ['', ' ', '.', '-1', '+1', '1e3', '0x10', '1,5', '1.2.3', 'NaN', 'Infinity', '١']) {
      expect(() => toUnits(amount, 18), amount).toThrow(InvalidAmountError)
    }
  })

  it('refuses decimals outside 0 to 255', () => {
    expect(() => toUnits('1', -1)).toThrow(RangeError)
    expect(() => toUnits('1', 256)).toThrow(RangeError)
    expect(() => fromUnits(1n, 1.5)).toThrow(RangeError)
  })
})

describe('fromUnits', () => {
  it('gives whole units without trailing zeros', () => {
    expect(fromUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(fromUnits(1n, 18)).toBe('0.000000000000000001')
    expect(fromUnits(0n, 18)).toBe('0')
    expect(fromUnits(100n, 0)).toBe('100')
    expect(fromUnits(1_000_000n, 6)).toBe('1')
  })

  it('is undone by toUnits for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
        expect(toUnits(fromUnits(units, decimals), decimals)).toBe(units)
      }),
    )
  })
})
