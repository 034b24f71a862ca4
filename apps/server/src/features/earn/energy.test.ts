import { describe, expect, it } from 'vitest'
import { dayEnergy } from './energy.ts'
import type { DayEffort, HealthDay } from '../health/index.ts'
import { DEFAULT_SETTINGS } from './settings.ts'

const day = (over: Partial<HealthDay>): HealthDay => ({
  userId: 1,
  day: '2026-11-23',
  steps: 0,
  slowMinutes: 0,
  walkMinutes: 0,
  briskMinutes: 0,
  runMinutes: 0,
  hrSum: 0,
  hrCount: 0,
  hrMin: null,
  hrMax: null,
  hrResting: null,
  sleepAwakeS: 0,
  sleepLightS: 0,
  sleepDeepS: 0,
  sleepRemS: 0,
  sleepStart: null,
  sleepEnd: null,
  workouts: 0,
  workoutSeconds: 0,
  importSteps: 0,
  importDistanceM: 0,
  importActiveMinutes: 0,
  importMetMinutes: 0,
  restored: false,
  effort: null,
  ...over,
})
const all = { exercise: true, sleep: true, heart_rate: true }
/** Health's verdict on a day: `workouts` counted, `zoneMinutes` outside active minutes. */
const effort = (over: Partial<DayEffort> = {}): DayEffort => ({
  zoneMinutes: 0,
  workouts: 0,
  verdict: { verdict: 'ok', reasons: [] },
  reduced: false,
  withheld: [],
  ...over,
})
const none = { exercise: false, sleep: false, heart_rate: false }

describe('a day’s energy', () => {
  it('adds steps, active minutes, workouts and sleep in base units, rounding down', () => {
    const row = day({ steps: 1234, slowMinutes: 30, walkMinutes: 10, briskMinutes: 5, workouts: 1, sleepDeepS: 1800 })
    // 12.34 + 15 × 0.2 + 5 + 0.5 × 2 (slow minutes are not active)
    expect(dayEnergy(row, all, DEFAULT_SETTINGS, effort({ workouts: 1 }))).toEqual({
      steps: 1234n,
      active: 300n,
      workouts: 500n,
      zone: 0n,
      sleep: 100n,
      total: 2134n,
    })
    expect(dayEnergy(day({ steps: 999, sleepLightS: 1 }), all, DEFAULT_SETTINGS, effort()).total).toBe(999n)
  })

  it('earns nothing from a kind without consent; heart rate alone earns nothing', () => {
    const row = day({ steps: 5000, walkMinutes: 50, workouts: 2, sleepDeepS: 7200, hrSum: 9000, hrCount: 100 })
    const busy = effort({ workouts: 2, zoneMinutes: 30 })
    expect(dayEnergy(row, none, DEFAULT_SETTINGS, busy).total).toBe(0n)
    expect(dayEnergy(row, { ...none, heart_rate: true }, DEFAULT_SETTINGS, busy).total).toBe(0n)
    expect(dayEnergy(row, { ...none, sleep: true }, DEFAULT_SETTINGS, busy)).toMatchObject({ steps: 0n, total: 400n })
    expect(dayEnergy(undefined, all, DEFAULT_SETTINGS, effort()).total).toBe(0n)
    // zone minutes need exercise and heart-rate consent
    expect(dayEnergy(row, { ...all, heart_rate: false }, DEFAULT_SETTINGS, busy).zone).toBe(0n)
  })

  it('pays zone minutes without steps, at energy_per_zone_minute', () => {
    // a ride: no steps, 40 minutes at or above the aerobic zone, one workout
    expect(dayEnergy(undefined, all, DEFAULT_SETTINGS, effort({ zoneMinutes: 40, workouts: 1 }))).toMatchObject({
      steps: 0n,
      active: 0n,
      zone: 800n,
      workouts: 500n,
      total: 1300n,
    })
    expect(
      dayEnergy(undefined, all, { ...DEFAULT_SETTINGS, energy_per_zone_minute: '0.05' }, effort({ zoneMinutes: 40 }))
        .zone,
    ).toBe(200n)
  })

  it('pays a reduced day’s effort at half; sleep is not effort', () => {
    const row = day({ steps: 2000, walkMinutes: 10, sleepDeepS: 3600 })
    const reduced = effort({
      zoneMinutes: 10,
      workouts: 1,
      verdict: { verdict: 'reduced', reasons: ['above_baseline'] },
      reduced: true,
    })
    // (20 + 2 + 5 + 2) / 2 + 2
    expect(dayEnergy(row, all, DEFAULT_SETTINGS, reduced)).toMatchObject({
      steps: 1000n,
      active: 100n,
      workouts: 250n,
      zone: 100n,
      sleep: 200n,
      total: 1650n,
    })
  })

  it('stops at the daily cap', () => {
    const row = day({ steps: 50_000, runMinutes: 300 })
    expect(dayEnergy(row, all, DEFAULT_SETTINGS, effort()).total).toBe(10_000n)
    expect(dayEnergy(row, all, { ...DEFAULT_SETTINGS, energy_daily_cap: 0 }, effort()).total).toBe(0n)
  })
})
