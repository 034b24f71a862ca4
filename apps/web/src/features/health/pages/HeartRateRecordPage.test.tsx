import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { health } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/health.json'
import { HeartRateRecordPage } from './HeartRateRecordPage'

/** A day with minute figures and no readings left: their raw data is kept from `from` on. */
const report = (date: string, from: string): health.HeartRateReport => ({
  date,
  hr_max: 190,
  summary: { avg: 72, min: 60, max: 90, resting: 62, latest: null },
  zones: [],
  series: [{ time: '09:00', avg: 72, min: 60, max: 90 }],
  blood_pressure: [],
  spo2: [],
  raw_kept: { from, days: 90 },
})

const gone = (from: string) => en.rawGone.replace('{{days}}', '90').replace('{{from}}', from)

beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

describe('the heart-rate records page', () => {
  it('says readings before the kept range are no longer kept, and says nothing on a kept day', async () => {
    const old = await renderPage(<HeartRateRecordPage />, {
      route: '/heartRateRecord?date=2026-06-01',
      answers: { '/v1/heartrate': () => report('2026-06-01', '2026-08-27') },
    })
    expect((await screen.findByRole('note')).textContent).toBe(gone('2026-08-27'))
    old.unmount()
    await renderPage(<HeartRateRecordPage />, {
      route: '/heartRateRecord?date=2026-11-20',
      answers: { '/v1/heartrate': () => report('2026-11-20', '2026-08-27') },
    })
    expect(await screen.findByText(en.heartRateRecord.heartRate)).toBeTruthy()
    expect(screen.queryByRole('note')).toBeNull()
  })
})
