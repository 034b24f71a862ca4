import { describe, expect, it } from 'vitest'
import {
  cadenceMismatch,
  fingerprint,
  isFlat,
  isRepeated,
  judgeMinutes,
  judgeWorkout,
  verdictOf,
  FLAT_MINUTES,
} from './plausibility.ts'
import { baselineOf } from './effort.ts'

const HR_MAX = 190
/** A ride's heart rate: warming up from 130, wandering between 130 and 150. */
const ride = (minutes: number) => Array.from({ length: minutes }, (_, i) => 140 + Math.round(10 * Math.sin(i / 3)))

describe('plausibility of heart rate', () => {
  it('calls a trace flat when it stays within 1 bpm for 15 minutes above rest', () => {
    expect(isFlat(Array(FLAT_MINUTES).fill(140), 95)).toBe(true)
    expect(isFlat([...Array(8).fill(140), ...Array(7).fill(141)], 95)).toBe(true)
    expect(isFlat(Array(FLAT_MINUTES - 1).fill(140), 95)).toBe(false)
    // a missing reading breaks the run; resting heart rate says nothing
    expect(isFlat([...Array(8).fill(140), null, ...Array(8).fill(140)], 95)).toBe(false)
    expect(isFlat(Array(60).fill(62), 95)).toBe(false)
    expect(isFlat(ride(60), 95)).toBe(false)
  })

  it('calls a trace copied when a run of 10 minutes comes again', () => {
    const part = ride(12)
    expect(isRepeated([...part, 120, 125, ...part], 95)).toBe(true)
    expect(isRepeated(ride(90), 95)).toBe(false)
    // a flat stretch is not a copy (it is flat)
    expect(isRepeated(Array(40).fill(140), 95)).toBe(false)
  })

  it('wants heart rate to rise with cadence and after it', () => {
    // steps: 10 minutes still, 20 walking briskly, 10 still; heart rate follows two minutes later
    const steps = [...Array(10).fill(0), ...Array(20).fill(110), ...Array(10).fill(0)]
    const follows = steps.map((_, i) => ({ steps: steps[i]!, bpm: (steps[i - 2] ?? 0) > 0 ? 125 : 75 }))
    expect(cadenceMismatch(follows)).toBe(false)
    // heart rate that falls while walking, or that rises five minutes before the walk
    const against = steps.map((s) => ({ steps: s, bpm: s > 0 ? 70 : 110 }))
    expect(cadenceMismatch(against)).toBe(true)
    const ahead = steps.map((_, i) => ({ steps: steps[i]!, bpm: (steps[i + 3] ?? 0) > 0 ? 125 : 75 }))
    expect(cadenceMismatch(ahead)).toBe(true)
    // too little walking to judge
    expect(cadenceMismatch(steps.slice(0, 15).map((s) => ({ steps: s, bpm: 80 })))).toBe(false)
  })

  it('judges a day’s minutes: flat heart rate is rejected with its reason', () => {
    const minutes = Array.from({ length: 30 }, () => ({ bpm: 140, steps: 0 }))
    expect(judgeMinutes(minutes, HR_MAX)).toEqual({ verdict: 'rejected', reasons: ['hr_flat'] })
    expect(judgeMinutes([], HR_MAX)).toEqual({ verdict: 'ok', reasons: [] })
  })
})

describe('plausibility of a workout', () => {
  const base = { type: 'cycle' as const, durationS: 3600, distanceM: 25_000, hr: ride(60) }

  it('passes a ride with a living heart rate at a human speed', () => {
    expect(judgeWorkout(base, HR_MAX, {})).toEqual({ verdict: 'ok', reasons: [] })
  })

  it('rejects speed beyond human limits for the activity', () => {
    expect(judgeWorkout({ ...base, type: 'run', distanceM: 30_000 }, HR_MAX, {})).toEqual({
      verdict: 'rejected',
      reasons: ['speed_beyond_human'],
    })
    expect(judgeWorkout({ ...base, type: 'walk', distanceM: 12_000 }, HR_MAX, {}).verdict).toBe('rejected')
    expect(judgeWorkout({ ...base, type: 'swim', distanceM: 10_000 }, HR_MAX, {}).verdict).toBe('rejected')
    expect(judgeWorkout({ ...base, type: 'run', distanceM: 12_000 }, HR_MAX, {}).verdict).toBe('ok')
  })

  it('reduces a workout far beyond the user’s own best, once there is a baseline', () => {
    const own = { cycle: { count: 3, bestMps: 4 } }
    expect(judgeWorkout(base, HR_MAX, own)).toEqual({ verdict: 'reduced', reasons: ['above_baseline'] })
    expect(judgeWorkout(base, HR_MAX, { cycle: { count: 2, bestMps: 4 } }).verdict).toBe('ok')
    expect(judgeWorkout({ ...base, distanceM: 21_000 }, HR_MAX, own).verdict).toBe('ok')
  })

  it('rejects a flat or copied trace, and keeps every reason', () => {
    const flat = { ...base, hr: Array(60).fill(140) }
    expect(judgeWorkout(flat, HR_MAX, {})).toEqual({ verdict: 'rejected', reasons: ['hr_flat'] })
    const copied = { ...base, hr: [...ride(20), ...ride(20)] }
    expect(judgeWorkout(copied, HR_MAX, {}).reasons).toEqual(['hr_repeated'])
    expect(verdictOf(['above_baseline', 'hr_flat', 'above_baseline'])).toEqual({
      verdict: 'rejected',
      reasons: ['above_baseline', 'hr_flat'],
    })
  })
})

describe('a workout’s fingerprint', () => {
  const w = { type: 'cycle' as const, durationS: 3600, distanceM: 25_004, hr: ride(60) }

  it('ignores absolute time and rounding noise, not the trace', () => {
    expect(fingerprint(w)).toMatch(/^[0-9a-f]{32}$/)
    // nothing in it is a time: the same series from another start is the same workout
    expect(fingerprint({ ...w, durationS: 3590, distanceM: 25_001 })).toBe(fingerprint(w))
    expect(fingerprint({ ...w, hr: w.hr.map((b) => (b % 2 === 0 ? b + 1 : b)) })).toBe(fingerprint(w))
    expect(fingerprint({ ...w, hr: [...w.hr.slice(1), 150] })).not.toBe(fingerprint(w))
    expect(fingerprint({ ...w, type: 'run' })).not.toBe(fingerprint(w))
    expect(fingerprint({ ...w, hr: [140, 0, 0, 141] })).toBeNull()
  })
})

describe('the user’s own baseline', () => {
  it('is the best speed per type of earlier workouts, leaving out those beyond human limits', () => {
    const earlier = [
      { type: 'run', durationS: 1800, distanceM: 5400 },
      { type: 'run', durationS: 1800, distanceM: 6300 },
      { type: 'run', durationS: 600, distanceM: 9000 }, // 15 m/s: rejected, not a baseline
      { type: 'cycle', durationS: 3600, distanceM: 20_000 },
    ]
    expect(baselineOf(earlier)).toEqual({
      run: { count: 2, bestMps: 3.5 },
      cycle: { count: 1, bestMps: 20_000 / 3600 },
    })
  })
})
