import { describe, expect, it } from 'vitest'
import { dayEnergy } from './energy.ts'
import type { HealthDay } from '../health/index.ts'
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
  ...over,
})
const all = { exercise: true, sleep: true, heart_rate: true }
const none = { exercise: false, sleep: false, heart_rate: false }

describe('a day’s energy', () => {
  it('adds steps, active minutes, workouts and sleep in base units, rounding down', () => {
    const row = day({ steps: 1234, slowMinutes: 30, walkMinutes: 10, briskMinutes: 5, workouts: 1, sleepDeepS: 1800 })
    // 12.34 + 15 × 0.2 + 5 + 0.5 × 2 (slow minutes are not active)
    expect(dayEnergy(row, all, DEFAULT_SETTINGS)).toEqual({
      steps: 1234n,
      active: 300n,
      workouts: 500n,
      sleep: 100n,
      total: 2134n,
    })
    expect(dayEnergy(day({ steps: 999, sleepLightS: 1 }), all, DEFAULT_SETTINGS).total).toBe(999n)
  })

  it('earns nothing from a kind without consent, and nothing from heart rate', () => {
    const row = day({ steps: 5000, walkMinutes: 50, workouts: 2, sleepDeepS: 7200, hrSum: 9000, hrCount: 100 })
    expect(dayEnergy(row, none, DEFAULT_SETTINGS).total).toBe(0n)
    expect(dayEnergy(row, { ...none, heart_rate: true }, DEFAULT_SETTINGS).total).toBe(0n)
    expect(dayEnergy(row, { ...none, sleep: true }, DEFAULT_SETTINGS)).toMatchObject({ steps: 0n, total: 400n })
    expect(dayEnergy(undefined, all, DEFAULT_SETTINGS).total).toBe(0n)
  })

  it('stops at the daily cap', () => {
    const row = day({ steps: 50_000, runMinutes: 300 })
    expect(dayEnergy(row, all, DEFAULT_SETTINGS).total).toBe(10_000n)
    expect(dayEnergy(row, all, { ...DEFAULT_SETTINGS, energy_daily_cap: 0 }).total).toBe(0n)
  })
})
