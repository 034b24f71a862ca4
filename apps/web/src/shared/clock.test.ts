import { describe, expect, it } from 'vitest'
import { clockTime, dayIn, formatInstant } from './clock'

// 2026-11-20 12:05 UTC: 07:05 in New York, 20:05 in Shanghai
const AT = '2026-11-20T12:05:00Z'

describe('the account clock', () => {
  it("writes an instant's time and day in the zone given, whatever the device's zone", () => {
    expect(clockTime(AT, 'America/New_York')).toBe('07:05')
    expect(clockTime(AT, 'Asia/Shanghai')).toBe('20:05')
    expect(dayIn('Pacific/Kiritimati', AT)).toBe('2026-11-21')
    expect(dayIn('America/New_York', Date.parse(AT))).toBe('2026-11-20')
  })

  it('writes day and time in the interface language, in that zone', () => {
    expect(formatInstant(AT, 'en-US', 'America/New_York')).toBe('Nov 20, 07:05')
    expect(formatInstant(AT, 'zh-CN', 'Asia/Shanghai')).toContain('20:05')
  })
})
