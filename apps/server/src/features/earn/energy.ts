import { parseUnits } from 'viem'
import { ASSETS } from './ledger.ts'
import { REDUCED_PERCENT, type ConsentKind, type DayEffort, type HealthDay } from '../health/index.ts'
import type { Settings } from './settings.ts'

const ENERGY = 10n ** BigInt(ASSETS.energy)
const units = (rate: string) => parseUnits(rate, ASSETS.energy)

export interface DayEnergy {
  steps: bigint
  active: bigint
  workouts: bigint
  /** Minutes in the aerobic zone or above that were not active minutes (health's `DayEffort`). */
  zone: bigint
  sleep: bigint
  /** What the day earns, at most the daily cap. */
  total: bigint
}

/** Minutes at 60 steps a minute or more (health's "active minutes": walk, brisk and run). */
export const activeMinutesOf = (day: HealthDay) => day.walkMinutes + day.briskMinutes + day.runMinutes
export const asleepSecondsOf = (day: HealthDay) => day.sleepLightS + day.sleepDeepS + day.sleepRemS

/**
 * Energy one local day of activity earns, in base units (rounded down): steps, active
 * minutes and workouts only with exercise consent; zone minutes (heart rate at or above the
 * aerobic zone outside active minutes) with exercise and heart-rate consent; sleep only with
 * sleep consent. `effort` is health's verdict on the day: workouts it rejected are not counted
 * (it gives the count) and, when any part is only `reduced`, the effort parts (steps, active,
 * zone minutes, workouts) earn REDUCED_PERCENT. The sum is capped at `energy_daily_cap`.
 */
export function dayEnergy(
  day: HealthDay | undefined,
  consent: Record<ConsentKind, boolean>,
  s: Settings,
  effort: DayEffort,
): DayEnergy {
  const exercise = consent.exercise
  const share = (amount: bigint) => (effort.reduced ? (amount * REDUCED_PERCENT) / 100n : amount)
  const parts = {
    steps: exercise && day ? share((BigInt(day.steps) * BigInt(s.energy_per_1000_steps) * ENERGY) / 1000n) : 0n,
    active: exercise && day ? share(BigInt(activeMinutesOf(day)) * units(s.energy_per_active_minute)) : 0n,
    workouts: exercise ? share(BigInt(effort.workouts) * units(s.energy_per_workout)) : 0n,
    zone: exercise && consent.heart_rate ? share(BigInt(effort.zoneMinutes) * units(s.energy_per_zone_minute)) : 0n,
    sleep: consent.sleep && day ? (BigInt(asleepSecondsOf(day)) * units(s.energy_per_sleep_hour)) / 3600n : 0n,
  }
  const sum = parts.steps + parts.active + parts.workouts + parts.zone + parts.sleep
  const cap = BigInt(s.energy_daily_cap) * ENERGY
  return { ...parts, total: sum < cap ? sum : cap }
}
