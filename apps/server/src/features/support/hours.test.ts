import { describe, expect, it } from 'vitest'
import { DEFAULT_SUPPORT_HOURS, expectedReplyBy, hoursTexts, momentTexts } from './hours.ts'

const shanghai = { ...DEFAULT_SUPPORT_HOURS } // Mon–Fri 09:00–18:00 Asia/Shanghai, 4 working hours
const at = (iso: string) => new Date(iso)

describe('the expected answer time', () => {
  it('is the reply hours later inside working hours', () => {
    // Tuesday 10:00 in Shanghai
    expect(expectedReplyBy(at('2026-11-24T02:00:00Z'), shanghai).toISOString()).toBe('2026-11-24T06:00:00.000Z')
  })

  it('carries what the day has no time for over the weekend to Monday', () => {
    // Friday 17:00 in Shanghai: one hour on Friday, three on Monday from 09:00
    expect(expectedReplyBy(at('2026-11-27T09:00:00Z'), shanghai).toISOString()).toBe('2026-11-30T04:00:00.000Z')
  })

  it('counts from the next opening outside working hours', () => {
    // Saturday noon and Monday 07:00 in Shanghai: Monday 13:00
    expect(expectedReplyBy(at('2026-11-28T04:00:00Z'), shanghai).toISOString()).toBe('2026-11-30T05:00:00.000Z')
    expect(expectedReplyBy(at('2026-11-29T23:00:00Z'), shanghai).toISOString()).toBe('2026-11-30T05:00:00.000Z')
  })

  it('follows the zone across a daylight-saving change', () => {
    const newYork = {
      timeZone: 'America/New_York',
      days: [1, 2, 3, 4, 5],
      open: '09:00',
      close: '17:00',
      replyHours: 2,
    }
    // Friday 16:00 EST; clocks go forward on Sunday; Monday 10:00 EDT
    expect(expectedReplyBy(at('2026-03-06T21:00:00Z'), newYork).toISOString()).toBe('2026-03-09T14:00:00.000Z')
  })

  it('is written in each language in the reader’s zone, with the working hours', () => {
    const moment = momentTexts(at('2026-11-30T04:00:00Z'), 'Asia/Shanghai')
    expect(moment['us-en']).toBe('Mon, Nov 30, 12:00')
    expect(moment['zh-cn']).toContain('12:00')
    const hours = hoursTexts(shanghai, {
      'us-en': '{days} {open}–{close} ({zone})',
      'zh-cn': '{days}',
      'zh-hk': '{days}',
    })
    expect(hours['us-en']).toBe('Mon–Fri 09:00–18:00 (Asia/Shanghai)')
    expect(hours['zh-cn']).toBe('周一至周五')
  })

  it('collapses three or more consecutive working days into a range and lists the rest', () => {
    const template = { 'us-en': '{days}', 'zh-cn': '{days}', 'zh-hk': '{days}' }
    const split = hoursTexts({ ...shanghai, days: [6, 5, 3, 2, 1] }, template)
    expect(split).toEqual({
      'us-en': 'Mon–Wed, Fri, Sat',
      'zh-cn': '周一至周三、周五、周六',
      'zh-hk': '週一至週三、週五、週六',
    })
    const twoDays = hoursTexts({ ...shanghai, days: [6, 1] }, template)
    expect(twoDays).toEqual({ 'us-en': 'Mon, Sat', 'zh-cn': '周一、周六', 'zh-hk': '週一、週六' })
  })
})
