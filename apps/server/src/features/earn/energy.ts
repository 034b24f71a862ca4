import { parseUnits } from 'viem'
import { ASSETS } from './ledger.ts'
import type { ConsentKind, HealthDay } from '../health/index.ts'
import type { Settings } from './settings.ts'

const ENERGY = 10n ** BigInt(ASSETS.energy)
const units = (rate: string) => parseUnits(rate, ASSETS.energy)

export interface DayEnergy {
  steps: bigint
  active: bigint
  workouts: bigint
  sleep: bigint
  /** What the day earns, at most the daily cap. */
  total: bigint
}

/** Minutes at 60 steps a minute or more (health's "active minutes": walk, brisk and run). */
export const activeMinutesOf = (day: HealthDay) => day.walkMinutes + day.briskMinutes + day.runMinutes
export const asleepSecondsOf = (day: HealthDay) => day.sleepLightS + day.sleepDeepS + day.sleepRemS

/**
 * Energy one local day of activity earns, in base units (rounded down): steps, active
 * minutes and workouts only with exercise consent, sleep only with sleep consent; the sum is
 * capped at `energy_daily_cap`. Heart rate earns nothing.
 */
export function dayEnergy(day: HealthDay | undefined, consent: Record<ConsentKind, boolean>, s: Settings): DayEnergy {
  const exercise = day !== undefined && consent.exercise
  const sleep = day !== undefined && consent.sleep
  const parts = {
    steps: exercise ? (BigInt(day.steps) * BigInt(s.energy_per_1000_steps) * ENERGY) / 1000n : 0n,
    active: exercise ? BigInt(activeMinutesOf(day)) * units(s.energy_per_active_minute) : 0n,
    workouts: exercise ? BigInt(day.workouts) * units(s.energy_per_workout) : 0n,
    sleep: sleep ? (BigInt(asleepSecondsOf(day)) * units(s.energy_per_sleep_hour)) / 3600n : 0n,
  }
  const sum = parts.steps + parts.active + parts.workouts + parts.sleep
  const cap = BigInt(s.energy_daily_cap) * ENERGY
  return { ...parts, total: sum < cap ? sum : cap }
}
