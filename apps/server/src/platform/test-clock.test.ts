import { afterEach, describe, expect, it } from 'vitest'
import { installTestClock, startClockAt, testZone } from './test-clock.ts'

// the Date of this file: the clock sweep (TEST_NOW) has shifted it already
const RealDate = globalThis.Date

describe('the test clock', () => {
  afterEach(() => {
    globalThis.Date = RealDate
  })

  it('starts at the given instant and runs on at real speed', async () => {
    startClockAt('2027-01-03T15:30:00Z')
    const first = Date.now()
    expect(Math.abs(first - Date.parse('2027-01-03T15:30:00Z'))).toBeLessThan(1_000)
    expect(Math.abs(new Date().getTime() - Date.now())).toBeLessThan(50)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(Date.now()).toBeGreaterThan(first)
    // an explicit instant is left alone, and dates stay dates
    expect(new Date('2020-02-29T00:00:00Z').toISOString()).toBe('2020-02-29T00:00:00.000Z')
    expect(Object.prototype.toString.call(new Date(0))).toBe('[object Date]')
    expect(new Date(0).getTime()).toBe(0)
  })

  it('reads on from where TEST_NOW was when TEST_NOW_SINCE says when that was', () => {
    const since = RealDate.now() - 90_000
    installTestClock({ NODE_ENV: 'test', TEST_NOW: '2027-01-03T15:30:00Z', TEST_NOW_SINCE: String(since) })
    expect(Math.abs(Date.now() - RealDate.parse('2027-01-03T15:31:30Z'))).toBeLessThan(1_000)
  })

  it('is honoured under NODE_ENV=test only, and refuses a non-instant', () => {
    installTestClock({ NODE_ENV: 'production', TEST_NOW: '2027-01-03T15:30:00Z' })
    expect(globalThis.Date).toBe(RealDate)
    expect(() => installTestClock({ NODE_ENV: 'test', TEST_NOW: 'tomorrow' })).toThrow(/TEST_NOW/)
    expect(testZone({})).toBe('Asia/Shanghai')
    expect(testZone({ TEST_ZONE: 'America/New_York' })).toBe('America/New_York')
  })
})
