import { describe, expect, it } from 'vitest'
import { exactTokenAmount, formatNumber, formatTokenAmount, shortenMiddle } from './format.ts'

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

describe('formatTokenAmount (amounts for people, one rule on every wallet screen)', () => {
  it('keeps 6 significant digits, at least 2 places when there is a whole part, at most 8', () => {
    expect(formatTokenAmount('122.839505067283950506')).toBe('122.84')
    expect(formatTokenAmount('123.456789012345678901')).toBe('123.457')
    expect(formatTokenAmount('1234567.891')).toBe('1,234,567.89')
    expect(formatTokenAmount('0.000123456789012345')).toBe('0.00012346')
    expect(formatTokenAmount('0.12345678901')).toBe('0.123457')
    expect(formatTokenAmount('1000.500000')).toBe('1,000.5')
    expect(formatTokenAmount('40')).toBe('40')
    expect(formatTokenAmount('-0.5')).toBe('-0.5')
    expect(formatTokenAmount('9.99999999')).toBe('10')
  })

  it('never shows more places than the coin has', () => {
    expect(formatTokenAmount('0.123456789', { decimals: 4 })).toBe('0.1235')
    expect(formatTokenAmount('12.5', { decimals: 0 })).toBe('13')
  })

  it('shows a tiny amount as less than the smallest shown place, never as 0', () => {
    expect(formatTokenAmount('0.000000000000000001')).toBe('<0.00000001')
    expect(formatTokenAmount('0')).toBe('0')
    expect(formatTokenAmount('0.000000000000000001', { round: 'up' })).toBe('0.00000001')
  })

  it('rounds a minimum down and a cost up, so neither says more or less than it is', () => {
    expect(formatTokenAmount('0.1234569', { round: 'down' })).toBe('0.123456')
    expect(formatTokenAmount('0.1234561', { round: 'up' })).toBe('0.123457')
    expect(formatTokenAmount('0.00031', { round: 'up' })).toBe('0.00031')
  })

  it('groups and marks decimals as the language does, without passing through a float', () => {
    expect(formatTokenAmount('1234567.891', { locale: 'zh-CN' })).toBe('1,234,567.89')
    expect(formatTokenAmount('1234567.891', { locale: 'zh-TW' })).toBe('1,234,567.89')
    expect(formatTokenAmount('1234567.891', { locale: 'de-DE' })).toBe('1.234.567,89')
    expect(formatTokenAmount('98765432109876543210.5')).toBe('98,765,432,109,876,543,210.5')
  })

  it('gives the exact value grouped, every digit kept', () => {
    expect(exactTokenAmount('122.839505067283950506')).toBe('122.839505067283950506')
    expect(exactTokenAmount('1234.500', 'en-US')).toBe('1,234.5')
  })
})
