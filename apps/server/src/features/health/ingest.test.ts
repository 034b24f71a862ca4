import { describe, expect, it } from 'vitest'
import { prepareBatch } from './ingest.ts'

// 1_900_000_000 is 40 s into a minute
const now = 1_900_000_000

describe('checking a batch before it is stored', () => {
  it('keeps times when the watch clock is within 2 minutes, and aligns steps to their minute', () => {
    const prepared = prepareBatch({ sent_at: now - 100, steps: [{ t: now - 125, count: 12 }] }, now)
    expect(prepared).toEqual({
      ok: true,
      shiftedS: 0,
      batch: expect.objectContaining({ steps: [{ t: now - 160, count: 12 }] }),
    })
  })

  it('moves every time by the clock error of a watch that is off by more', () => {
    const prepared = prepareBatch(
      {
        sent_at: now - 3600,
        heart_rate: [{ t: now - 3660, bpm: 70 }],
        sleep: [{ start: now - 9000, end: now - 8000, stage: 'deep' }],
      },
      now,
    )
    expect(prepared.ok && prepared.shiftedS).toBe(3600)
    expect(prepared.ok && prepared.batch.heart_rate).toEqual([{ t: now - 60, bpm: 70 }])
    expect(prepared.ok && prepared.batch.sleep).toEqual([{ start: now - 5400, end: now - 4400, stage: 'deep' }])
  })

  it('refuses samples in the future or older than 400 days, naming them', () => {
    const prepared = prepareBatch(
      {
        sent_at: now,
        heart_rate: [
          { t: now + 299, bpm: 70 },
          { t: now + 301, bpm: 70 },
        ],
        spo2: [{ t: now - 401 * 86_400, percent: 97 }],
      },
      now,
    )
    expect(prepared).toEqual({ ok: false, errors: ['heart_rate.1.t: in the future', 'spo2.0.t: older than 400 days'] })
  })

  it('names each malformed sample and refuses unknown stages, reversed times and bad pressure', () => {
    const prepared = prepareBatch(
      {
        sent_at: now,
        sleep: [{ start: now - 100, end: now - 200, stage: 'nap' }],
        blood_pressure: [{ t: now, systolic: 70, diastolic: 80 }],
      },
      now,
    )
    expect(prepared.ok).toBe(false)
    expect(!prepared.ok && prepared.errors.map((e) => e.split(':')[0])).toEqual(
      expect.arrayContaining(['sleep.0.stage', 'blood_pressure.0']),
    )
    expect(prepareBatch('not an object', now)).toEqual({ ok: false, errors: [expect.stringMatching(/^body: /)] })
  })
})
