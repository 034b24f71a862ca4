import { formatUnits, parseUnits } from 'viem'
import { ASSETS } from './ledger.ts'
import type { Settings } from './settings.ts'

/**
 * The daily settlement's arithmetic (docs/adr/2026-11-23-daily-settlement.md),
 * pure: amounts in base units, bigint.
 */

export const knt = (value: string): bigint => parseUnits(value, ASSETS.knt)
/** Base units as the wire shows them: whole KNT or power, decimal strings. */
export const fmtKnt = (v: bigint | string) => formatUnits(BigInt(v), ASSETS.knt)
export const fmtPower = (v: bigint | string) => formatUnits(BigInt(v), ASSETS.power)

export interface Stage {
  /** 0-based index into `stage_emission_knt` (past its end the last value repeats). */
  index: number
  /** 1-based stage and 1-based day within it of the day settled after `emittedDays` (`stageOfDay`: a given UTC day). */
  number: number
  day: number
  emission: bigint
  /** The next stage's emission; null when this one's is the last listed. */
  next: bigint | null
}

/** The stage of the day settled after `emittedDays` settled days that issued KNT. */
export function stageOf(emittedDays: number, s: Pick<Settings, 'stage_days' | 'stage_emission_knt'>): Stage {
  const index = Math.floor(emittedDays / s.stage_days)
  const schedule = s.stage_emission_knt
  const at = (i: number) => knt(schedule[Math.min(i, schedule.length - 1)] ?? '0')
  return {
    index,
    number: index + 1,
    day: (emittedDays % s.stage_days) + 1,
    emission: at(index),
    next: index + 1 < schedule.length ? at(index + 1) : null,
  }
}

/**
 * The stage of a settlement day (a UTC day), after `emittedBefore` settled days before it that
 * issued KNT: Discover and the economy page both count it so, with today's UTC day, so they
 * show the same day of the stage whether or not today is settled yet.
 */
export function stageOfDay(
  day: string,
  emittedBefore: number,
  s: Pick<Settings, 'stage_days' | 'stage_emission_knt'>,
): Stage & { settlementDay: string } {
  return { ...stageOf(emittedBefore, s), settlementDay: day }
}

/** The stage as the Discover and economy answers show it. */
export const stageView = (
  stage: Stage & { settlementDay: string },
  s: Pick<Settings, 'stage_days' | 'token_share_pct' | 'node_activate_knt'>,
) => ({
  number: stage.number,
  day: stage.day,
  days: s.stage_days,
  settlement_day: stage.settlementDay,
  emission: fmtKnt(stage.emission),
  next_emission: stage.next === null ? null : fmtKnt(stage.next),
  token_share_pct: s.token_share_pct,
  token_min: fmtKnt(knt(s.node_activate_knt)),
})

/**
 * What one unit would earn from a day's pools if the totals stayed as they are now: KNT per
 * unit of effective power and per KNT pledged in an active node (floored to base units); null
 * while nobody holds one (the first holder would take the whole pool).
 */
export function estimate(
  pool: { computing: bigint; token: bigint },
  totals: { power: bigint; staked: bigint },
): { per_power: string | null; per_staked: string | null } {
  const per = (amount: bigint, total: bigint, decimals: number) =>
    total > 0n ? fmtKnt((amount * 10n ** BigInt(decimals)) / total) : null
  return {
    per_power: per(pool.computing, totals.power, ASSETS.power),
    per_staked: per(pool.token, totals.staked, ASSETS.knt),
  }
}

/** A day's emission split: `token_share_pct` percent (floored) to pledged KNT, the rest to computing power. */
export function pools(emission: bigint, tokenSharePct: number): { computing: bigint; token: bigint } {
  const token = (emission * BigInt(tokenSharePct)) / 100n
  return { computing: emission - token, token }
}

/** One holder's share of a pool, floored to base units; nothing when nobody holds a basis. */
export function shareOf(pool: bigint, basis: bigint, total: bigint): bigint {
  return total > 0n ? (pool * basis) / total : 0n
}

/** Power with an active node's boost, floored to power's base units. */
export function effectivePower(power: bigint, active: boolean, boostPct: number): bigint {
  return active ? (power * BigInt(100 + boostPct)) / 100n : power
}

/** A node is active while its pledge is at least the activation amount (and more than nothing). */
export const isActive = (staked: bigint, activateMin: bigint) => staked > 0n && staked >= activateMin

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10)
