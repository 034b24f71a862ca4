import { errorMessage, LANGUAGE_STORAGE_KEY } from '@kinetic/protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '@/i18n'
import { kntProblem, kntText, kntUnits } from './knt'

beforeAll(() => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US')
  initI18n()
})

describe('KNT amounts in the pledge sheet', () => {
  it('keeps every one of 18 decimals', () => {
    expect(kntUnits('1.000000000000000001')).toBe(10n ** 18n + 1n)
    expect(kntText(kntUnits('7790.5') - kntUnits('0.000000000000000001'))).toBe('7790.499999999999999999')
    expect(kntText(-kntUnits('50'))).toBe('-50')
  })

  it('names the problem as the server does', () => {
    const over = 'PLEDGE_EXCEEDED'
    expect(kntProblem('', '10', over)).toBe(errorMessage('AMOUNT_INVALID', 'us-en'))
    expect(kntProblem('0.0', '10', over)).toBe(errorMessage('AMOUNT_INVALID', 'us-en'))
    expect(kntProblem('-1', '10', over)).toBe(errorMessage('FIELD_INVALID', 'us-en', { field: 'amount' }))
    expect(kntProblem('1e3', '10', over)).toBe(errorMessage('FIELD_INVALID', 'us-en', { field: 'amount' }))
    expect(kntProblem(`0.${'1'.repeat(19)}`, '10', over)).toBe(
      errorMessage('FIELD_INVALID', 'us-en', { field: 'amount' }),
    )
    expect(kntProblem('10.000000000000000001', '10', over)).toBe(errorMessage(over, 'us-en'))
    expect(kntProblem('10', '10', over)).toBeNull()
  })
})
