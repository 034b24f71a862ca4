import { deviceApi } from '@kinetic/protocol'
import { describe, expect, it } from 'vitest'
import { batches } from './client.ts'
import { generate } from './generator.ts'
import { localDay, localToUnix, zoneOffsetS } from './zone.ts'

const options = { days: 7, end: '2026-11-15', timeZone: 'Europe/Berlin', seed: 42, now: 1_900_000_000 }

describe('the simulated watch', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate(options)).toEqual(generate(options))
    expect(generate({ ...options, seed: 43 }).heart_rate).not.toEqual(generate(options).heart_rate)
  })

  it('produces samples the device API accepts', () => {
    const samples = generate(options)
    const parsed = deviceApi.UploadBody.safeParse({ sent_at: 0, ...samples })
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true)
  })

  it('sleeps 6 to 9 hours a night in all four stages, ending in the morning', () => {
    const { sleep } = generate(options)
    const nights = new Map<string, typeof sleep>()
    for (const s of sleep) {
      const day = localDay(s.start + 6 * 3600, options.timeZone)
      nights.set(day, [...(nights.get(day) ?? []), s])
    }
    expect(nights.size).toBe(7)
    for (const [, night] of nights) {
      const inBed = (night.at(-1)!.end - night[0]!.start) / 3600
      expect(inBed).toBeGreaterThan(6)
      expect(inBed).toBeLessThan(9)
      expect(new Set(night.map((s) => s.stage))).toEqual(new Set(['light', 'deep', 'rem', 'awake']))
      for (let i = 1; i < night.length; i++) expect(night[i]!.start).toBe(night[i - 1]!.end)
    }
  })

  it('runs easily every other day at 1 Hz: a warm-up, then the fat-burn and aerobic zones of its HRmax', () => {
    const hrMax = 186
    const { workouts, heart_rate } = generate({ ...options, hrMax })
    expect(workouts.length).toBeGreaterThanOrEqual(3)
    expect(workouts.length).toBeLessThanOrEqual(4)
    for (const w of workouts) {
      const during = heart_rate.filter((s) => s.t >= w.start && s.t < w.end)
      expect(during.length).toBe(w.end - w.start)
      const warmUp = during.filter((s) => s.t < w.start + 180)
      const steady = during.filter((s) => s.t >= w.start + 600)
      // the first three minutes under 70 % of HRmax; after ten, 60–80 %
      expect(Math.max(...warmUp.map((s) => s.bpm))).toBeLessThan(0.7 * hrMax)
      expect(Math.min(...steady.map((s) => s.bpm))).toBeGreaterThan(0.6 * hrMax)
      expect(Math.max(...steady.map((s) => s.bpm))).toBeLessThan(0.8 * hrMax)
      expect(w.distance_m).toBeGreaterThan(4000)
    }
  })

  it('never generates anything at or after `now`', () => {
    const now = localToUnix('2026-11-15', 12, options.timeZone)
    const samples = generate({ ...options, now })
    expect(Math.max(...samples.heart_rate.map((s) => s.t))).toBeLessThan(now)
    expect(samples.workouts.every((w) => w.end < now)).toBe(true)
  })

  it('splits uploads into batches without losing or repeating a sample', () => {
    const samples = generate(options)
    const parts = batches(samples, 10_000)
    for (const kind of deviceApi.SAMPLE_KINDS)
      expect(parts.flatMap((p) => (p[kind] ?? []) as unknown[])).toEqual(samples[kind])
    for (const p of parts)
      expect(
        deviceApi.SAMPLE_KINDS.reduce((n, k) => n + ((p[k] as unknown[] | undefined)?.length ?? 0), 0),
      ).toBeLessThanOrEqual(10_000)
  })

  it('knows local midnight across a daylight-saving change', () => {
    expect(zoneOffsetS('Europe/Berlin', Date.parse('2026-10-24T12:00:00Z'))).toBe(7200)
    expect(zoneOffsetS('Europe/Berlin', Date.parse('2026-10-26T12:00:00Z'))).toBe(3600)
    expect(localToUnix('2026-10-25', 0, 'Europe/Berlin')).toBe(Date.parse('2026-10-24T22:00:00Z') / 1000)
    expect(localToUnix('2026-10-26', 0, 'Europe/Berlin')).toBe(Date.parse('2026-10-25T23:00:00Z') / 1000)
  })
})
