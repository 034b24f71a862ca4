import { describe, expect, it } from 'vitest'
import { addDays, formatDay, isDay, weekday } from './dates'
import { clockDuration, hoursMinutes, km, pace, signedPercent } from './format'

describe('health numbers', () => {
  it('shows kilometres with two decimals', () => {
    expect([km(4500), km(0), km(12_345), km(-3)]).toEqual(['4.50', '0.00', '12.35', '0.00'])
  })

  it('splits minutes into hours and minutes', () => {
    expect(hoursMinutes(452)).toEqual({ h: 7, m: 32 })
    expect(hoursMinutes(59.6)).toEqual({ h: 1, m: 0 })
  })

  it('writes durations as a clock and paces as runners do', () => {
    expect([clockDuration(3725), clockDuration(605), clockDuration(59)]).toEqual(['1:02:05', '10:05', '0:59'])
    expect([pace(330), pace(299.6), pace(62)]).toEqual([`5'30"`, `5'00"`, `1'02"`])
  })

  it('signs a change', () => {
    expect([signedPercent(12), signedPercent(-5), signedPercent(0)]).toEqual(['+12%', '-5%', '0%'])
  })
})

describe('local days', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it('accepts only real calendar days', () => {
    expect([isDay('2026-11-20'), isDay('2026-02-30'), isDay('2026-1-2'), isDay(null)]).toEqual([
      true,
      false,
      false,
      false,
    ])
  })

  it('names a day in the interface language', () => {
    expect(formatDay('2026-11-20', 'en-US')).toBe('Fri, Nov 20')
    expect(weekday('2026-11-23', 'en-US')).toBe('Mon')
  })
})
