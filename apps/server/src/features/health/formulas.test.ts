import { describe, expect, it } from 'vitest'
import {
  activityCalories,
  ageOn,
  cadenceOf,
  distanceM,
  fitnessLevel,
  hrMax,
  paceSPerKm,
  percentChange,
  sleepScore,
  strideCm,
  vo2max,
  workoutCalories,
  zoneBounds,
  zoneOf,
} from './formulas.ts'

describe('the health formulas, on worked examples', () => {
  it('takes HRmax from the profile setting, else 220 − age, else age 30', () => {
    expect(ageOn('1990-05-01', '2026-04-30')).toBe(35)
    expect(ageOn('1990-05-01', '2026-05-01')).toBe(36)
    expect(hrMax({ birthday: '1990-05-01', hrZone: null }, '2026-11-23')).toBe(184)
    expect(hrMax({ birthday: '1990-05-01', hrZone: 195 }, '2026-11-23')).toBe(195)
    expect(hrMax({ birthday: null, hrZone: 12 }, '2026-11-23')).toBe(190)
  })

  it('puts heart rates in zones by % of HRmax', () => {
    // HRmax 200: warm-up 100–119, fat burn 120–139, aerobic 140–159, anaerobic 160–179, limit 180+
    expect(zoneOf(99.9, 200)).toBeNull()
    expect(zoneOf(100, 200)).toBe('warmup')
    expect(zoneOf(139.5, 200)).toBe('fatburn')
    expect(zoneOf(140, 200)).toBe('aerobic')
    expect(zoneOf(179, 200)).toBe('anaerobic')
    expect(zoneOf(205, 200)).toBe('limit')
    expect(zoneBounds(184)).toEqual([
      { zone: 'warmup', min_bpm: 92, max_bpm: 110 },
      { zone: 'fatburn', min_bpm: 111, max_bpm: 128 },
      { zone: 'aerobic', min_bpm: 129, max_bpm: 147 },
      { zone: 'anaerobic', min_bpm: 148, max_bpm: 165 },
      { zone: 'limit', min_bpm: 166, max_bpm: 184 },
    ])
  })

  it('measures distance with the stride: profile, else 41.5 % of height, else 70 cm', () => {
    expect(strideCm({ strideCm: 75, heightCm: 180 })).toBe(75)
    expect(strideCm({ strideCm: null, heightCm: 180 })).toBe(75) // 74.7
    expect(strideCm({ strideCm: null, heightCm: null })).toBe(70)
    expect(distanceM(10_000, 75)).toBe(7500)
    expect(distanceM(1234, 70)).toBe(864) // 863.8
  })

  it('counts calories as MET × kg × hours over cadence classes', () => {
    expect([0, 1, 59, 60, 99, 100, 129, 130].map(cadenceOf)).toEqual([
      null,
      'slow',
      'slow',
      'walk',
      'walk',
      'brisk',
      'brisk',
      'run',
    ])
    // 70 kg: 30 min walking (3.5) + 20 min brisk (5.0) + 10 min running (9.0) + 60 min slow (2.0)
    // = (105 + 100 + 90 + 120) MET·min × 70 / 60 = 484.17
    expect(activityCalories({ slow: 60, walk: 30, brisk: 20, run: 10 }, 70)).toBe(484)
    // a 10 km run in 50 min = 12 km/h → MET 12; 12 × 70 × 50/60 = 700
    expect(workoutCalories('run', 3000, 10_000, 70)).toBe(700)
    // slow jog 4 km/h is floored to MET 6: 6 × 60 × 1 h = 360
    expect(workoutCalories('run', 3600, 4000, 60)).toBe(360)
    expect(workoutCalories('cycle', 1800, 12_000, 80)).toBe(300) // 7.5 × 80 × 0.5
    expect(paceSPerKm(3000, 10_000)).toBe(300)
    expect(paceSPerKm(600, 5)).toBeNull()
  })

  it('estimates VO2max as 15.3 × HRmax / HRrest and rates it by age and sex', () => {
    expect(vo2max(190, 60)).toBe(48.5) // 48.45
    expect(vo2max(184, 55)).toBe(51.2) // 51.19
    expect(fitnessLevel(48.5, 30, 'male')).toBe('excellent') // 30–39 men: 44 ≤ x < 49
    expect(fitnessLevel(48.5, 30, 'female')).toBe('superior')
    expect(fitnessLevel(30, 65, 'male')).toBe('fair')
    expect(fitnessLevel(20, null, '')).toBe('poor')
  })

  it('scores sleep out of 100: duration 50, deep 20, REM 20, efficiency 10', () => {
    // 8 h asleep with 20 % deep and 20 % REM, no awake time: full marks
    expect(sleepScore({ awake: 0, light: 288, deep: 96, rem: 96 })).toBe(100)
    // 6 h asleep (37.5), deep 15 % (15), REM 25 % (20), 30 min awake (10 × 360/390 = 9.23) → 81.7
    expect(sleepScore({ awake: 30, light: 216, deep: 54, rem: 90 })).toBe(82)
    expect(sleepScore({ awake: 20, light: 0, deep: 0, rem: 0 })).toBe(0)
  })

  it('rounds percent changes and has none from zero', () => {
    expect(percentChange(120, 100)).toBe(20)
    expect(percentChange(50, 200)).toBe(-75)
    expect(percentChange(10, 0)).toBeNull()
  })
})
