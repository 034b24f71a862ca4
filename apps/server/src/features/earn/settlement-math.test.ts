import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { effectivePower, isActive, knt, pools, shareOf, stageOf } from './settlement.ts'

const schedule = { stage_days: 90, stage_emission_knt: ['10000', '5000', '2500', '1250'] }
const whole = (v: bigint | null) => (v === null ? null : formatUnits(v, 18))
const stage = (emitted: number) => {
  const s = stageOf(emitted, schedule)
  return { number: s.number, day: s.day, emission: whole(s.emission), next: whole(s.next) }
}

describe('the stage of the next settled day', () => {
  it('halves the emission every stage_days days that emitted, repeating the last value', () => {
    expect(stage(0)).toEqual({ number: 1, day: 1, emission: '10000', next: '5000' })
    expect(stage(89)).toEqual({ number: 1, day: 90, emission: '10000', next: '5000' })
    expect(stage(90)).toEqual({ number: 2, day: 1, emission: '5000', next: '2500' })
    expect(stage(270)).toEqual({ number: 4, day: 1, emission: '1250', next: null })
    expect(stage(359)).toEqual({ number: 4, day: 90, emission: '1250', next: null })
    // past the schedule the last emission repeats
    expect(stage(360)).toEqual({ number: 5, day: 1, emission: '1250', next: null })
    expect(stage(10_000)).toMatchObject({ emission: '1250' })
  })

  it('reads fractional emissions exactly', () => {
    expect(stageOf(1, { stage_days: 1, stage_emission_knt: ['1', '0.000000000000000003'] }).emission).toBe(3n)
  })
})

describe('the pools of a day', () => {
  it('gives token_share_pct percent to pledged KNT and the rest to computing power', () => {
    expect(pools(knt('10000'), 20)).toEqual({ computing: knt('8000'), token: knt('2000') })
    expect(pools(knt('10000'), 0)).toEqual({ computing: knt('10000'), token: 0n })
    expect(pools(knt('10000'), 100)).toEqual({ computing: 0n, token: knt('10000') })
  })

  it('floors the token pool to base units, the remainder going to computing power (nothing lost)', () => {
    expect(pools(7n, 20)).toEqual({ computing: 6n, token: 1n })
  })
})

describe('a holder’s share', () => {
  it('floors each share to KNT’s 18 decimals and leaves the dust unissued', () => {
    // 80 KNT split 12 : 30 (effective power)
    const a = shareOf(knt('80'), 12n, 42n)
    const b = shareOf(knt('80'), 30n, 42n)
    expect(formatUnits(a, 18)).toBe('22.857142857142857142')
    expect(formatUnits(b, 18)).toBe('57.142857142857142857')
    expect(knt('80') - a - b).toBe(1n)
  })

  it('issues nothing from a pool nobody holds a basis for', () => {
    expect(shareOf(knt('2000'), 0n, 0n)).toBe(0n)
  })

  it('boosts an active node’s power by node_boost_pct, floored to power’s 4 decimals', () => {
    expect(effectivePower(100_000n, true, 20)).toBe(120_000n) // 10 → 12 power
    expect(effectivePower(3n, true, 20)).toBe(3n) // 0.0003 × 1.2 = 0.00036 → 0.0003
    expect(effectivePower(100_000n, false, 20)).toBe(100_000n)
  })

  it('counts a node active from the activation amount, never with nothing pledged', () => {
    expect(isActive(knt('100'), knt('100'))).toBe(true)
    expect(isActive(knt('99.999999999999999999'), knt('100'))).toBe(false)
    expect(isActive(0n, 0n)).toBe(false)
  })
})
