import { describe, expect, it } from 'vitest'
import { formatAmount, formatList, formatUsd } from './format'

describe('wallet number formatting', () => {
  it('groups thousands and drops trailing zeros, keeping at most 6 places', () => {
    expect(formatAmount('1000')).toBe('1,000')
    expect(formatAmount('1000.500000')).toBe('1,000.5')
    expect(formatAmount('0.000000000000000001')).toBe('0')
    expect(formatAmount('9.9999999')).toBe('10')
    expect(formatAmount('0.1234564')).toBe('0.123456')
    expect(formatAmount('')).toBe('0')
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
