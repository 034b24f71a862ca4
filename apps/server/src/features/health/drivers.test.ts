import { describe, expect, it } from 'vitest'
import { addDays } from './dates.ts'
import { weekDrivers, type DriverDay } from './drivers.ts'
import { driverInWords } from './weekly-words.ts'

/** A week from `monday` whose days have `steps` and `sleep` (null: no data that day). */
const week = (monday: string, days: { steps: number; sleep: number | null }[]): DriverDay[] =>
  Array.from({ length: 7 }, (_, i) => ({
    date: addDays(monday, i),
    steps: days[i]?.steps ?? 0,
    active_minutes: days[i] && days[i].steps > 0 ? 30 : 0,
    sleep_min: days[i]?.sleep ?? null,
    bedtime: null,
    hr_resting: null,
  }))
const full = (steps: number, sleep: number) => Array.from({ length: 7 }, () => ({ steps, sleep }))
const none = week('2026-10-19', [])

describe('the weekly drivers', () => {
  it('compares a week of fewer days with data per day, not as a smaller total', () => {
    // three days of 8,000 steps and 7 h against last week's seven days of 8,000 and 7 h
    const short = week(
      '2026-11-16',
      Array.from({ length: 3 }, () => ({ steps: 8000, sleep: 420 })),
    )
    const { drivers } = weekDrivers([short, week('2026-11-09', full(8000, 420)), none, none, none], [])
    const [steps, active, sleep] = drivers
    expect(steps).toMatchObject({ value: 8000, last_week: 8000, change_pct: 0 })
    expect(active).toMatchObject({ value: 30, last_week: 30, change_pct: 0 })
    expect(sleep).toMatchObject({ value: 420, last_week: 420, change_pct: 0 })
  })

  it('leaves the baseline out with one earlier week of data and says so, in each language', () => {
    const now = week('2026-11-16', full(10000, 420))
    const { drivers, activities, bedtime, baselineWeeks } = weekDrivers(
      [now, week('2026-11-09', full(8000, 400)), none, none, none],
      [],
    )
    const steps = drivers[0]!
    expect(steps).toMatchObject({ value: 10000, last_week: 8000, change_pct: 25, baseline: null, baseline_pct: null })
    const extra = { activities, bedtime, baselineWeeks: baselineWeeks.steps }
    expect(driverInWords(steps, extra, 'us-en')).toContain('no baseline yet (only 1 earlier week has data, it takes 2)')
    expect(driverInWords(steps, extra, 'zh-cn')).toContain('尚无基线（之前有数据的只有1周，需要2周）')
    expect(driverInWords(steps, extra, 'zh-hk')).toContain('尚無基線（之前有資料的只有1週，需要2週）')
  })

  it('names how many weeks the baseline holds', () => {
    const now = week('2026-11-16', full(10000, 420))
    const older = [week('2026-11-09', full(8000, 400)), week('2026-11-02', full(8000, 400)), none, none]
    const { drivers, activities, bedtime, baselineWeeks } = weekDrivers([now, ...older], [])
    const steps = drivers[0]!
    expect(steps).toMatchObject({ baseline: 8000, baseline_pct: 25 })
    const extra = { activities, bedtime, baselineWeeks: baselineWeeks.steps }
    expect(driverInWords(steps, extra, 'us-en')).toContain('25% above your average of the 2 weeks before (8,000)')
    expect(driverInWords(steps, extra, 'zh-cn')).toContain('比前2周平均高25%（前2周平均8,000步）')
    expect(driverInWords(steps, extra, 'zh-hk')).toContain('比前2週平均高25%（前2週平均8,000步）')
  })
})
