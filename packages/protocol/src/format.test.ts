import { describe, expect, it } from 'vitest'
import { formatNumber, shortenMiddle } from './format.ts'

describe('formatNumber', () => {
  it('adds thousands separators to a number', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.891')
    expect(formatNumber(1000)).toBe('1,000')
    expect(formatNumber(999)).toBe('999')
  })

  it('formats bigints', () => {
    expect(formatNumber(12345678901234567890n)).toBe('12,345,678,901,234,567,890')
  })

  it('formats decimal strings, keeping the sign', () => {
    expect(formatNumber('-1234')).toBe('-1,234')
    expect(formatNumber('1234567.891')).toBe('1,234,567.891')
  })

  it('keeps every digit of a 30-digit decimal string', () => {
    expect(formatNumber('123456789012345678901234567890')).toBe('123,456,789,012,345,678,901,234,567,890')
    expect(formatNumber('1234.123456789012345678')).toBe('1,234.123456789012345678')
  })

  it('pads to fixed decimals', () => {
    expect(formatNumber('1234', 2)).toBe('1,234.00')
    expect(formatNumber(0.5, 3)).toBe('0.500')
  })

  it('rounds half up to fixed decimals', () => {
    expect(formatNumber('1.234', 2)).toBe('1.23')
    expect(formatNumber('1.235', 2)).toBe('1.24')
    expect(formatNumber('-1.235', 2)).toBe('-1.24')
  })

  it('carries a rounding through the whole part', () => {
    expect(formatNumber('999.995', 2)).toBe('1,000.00')
    expect(formatNumber('0.995', 2)).toBe('1.00')
  })

  it('rounds to 0 decimals', () => {
    expect(formatNumber('1234.5', 0)).toBe('1,235')
    expect(formatNumber('1234.49', 0)).toBe('1,234')
    expect(formatNumber('999.5', 0)).toBe('1,000')
  })

  it('shows negative zero as 0', () => {
    expect(formatNumber(-0)).toBe('0')
    expect(formatNumber('-0')).toBe('0')
    expect(formatNumber('-0.001', 2)).toBe('0.00')
  })

  it('drops leading zeros of the whole part', () => {
    expect(formatNumber('0001234')).toBe('1,234')
  })

  it('writes very large and very small numbers without exponents', () => {
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000')
    expect(formatNumber(1.5e-7)).toBe('0.00000015')
  })

  it('returns text that is not a number unchanged', () => {
    expect(formatNumber('abc')).toBe('abc')
    expect(formatNumber('')).toBe('')
  })
})

describe('shortenMiddle', () => {
  const address = '0x1234567890abcdef1234567890abcdef12345678'

  it('keeps the head and tail around three dots', () => {
    expect(shortenMiddle(address)).toBe('0x1234...5678')
    expect(shortenMiddle(address, 4, 6)).toBe('0x12...345678')
  })

  it('leaves text that is not longer than the shortened form alone', () => {
    expect(shortenMiddle('short')).toBe('short')
    expect(shortenMiddle('a'.repeat(13))).toBe('a'.repeat(13))
    expect(shortenMiddle('a'.repeat(14))).toBe('aaaaaa...aaaa')
  })
})
