import { describe, expect, it } from 'vitest'
import { formatAmount, formatList, formatUsd, formatWithUsd } from './format'

describe('wallet number formatting', () => {
  it('groups thousands and drops trailing zeros, 6 significant digits, at most 8 places', () => {
    expect(formatAmount('1000')).toBe('1,000')
    expect(formatAmount('1000.500000')).toBe('1,000.5')
    expect(formatAmount('0.000000000000000001')).toBe('<0.00000001')
    expect(formatAmount('9.9999999')).toBe('10')
    expect(formatAmount('0.1234564')).toBe('0.123456')
    expect(formatAmount('122.839505067283950506', 18)).toBe('122.84')
    expect(formatAmount('122.839505067283950506', 18, 'down')).toBe('122.839')
    expect(formatAmount('')).toBe('0')
  })

  it('rounds a fee up: a cost is never shown less than it is', () => {
    expect(formatWithUsd('0.000310000000000001', 'BNB', '0.19')).toBe('0.00031001 BNB ≈ $0.19')
  })

  it('lists coins the way each language does', () => {
    expect(formatList(['BNB', 'KNT'], 'en-US')).toBe('BNB and KNT')
    expect(formatList(['BNB', 'KNT'], 'zh-CN')).toBe('BNB和KNT')
    expect(formatList(['BNB', 'USDT', 'KNT'], 'zh-TW')).toBe('BNB、USDT和KNT')
    expect(formatList(['BNB'], 'zh-CN')).toBe('BNB')
  })

  it('shows USD with two places, or a dash when unpriced', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50')
    expect(formatUsd('')).toBe('—')
  })
})
