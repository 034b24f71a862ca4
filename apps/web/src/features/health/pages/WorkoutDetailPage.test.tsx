import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { health } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/health.json'
import { WorkoutDetailPage } from './WorkoutDetailPage'

/** An imported run whose file was called "run": 2.7 km north, two full kilometres and 700 m. */
const run: health.WorkoutDetail = {
  id: 9,
  type: 'run',
  source: 'gpx',
  name: 'run',
  date: '2026-11-24',
  start: '2026-11-24T06:00:00.000Z',
  end: '2026-11-24T06:15:00.000Z',
  duration_s: 900,
  distance_m: 2700,
  steps: 0,
  calories: 120,
  pace_s_per_km: 333,
  avg_hr: 130,
  max_hr: 140,
  verdict: { verdict: 'ok', reasons: [] },
  heart_rate: [{ minute: 0, bpm: 120 }],
  route: [
    [30, 120],
    [30.01, 120],
    [30.02, 120.01],
  ],
  splits: [
    { km: 1, distance_m: 1000, duration_s: 333, pace_s_per_km: 333, avg_hr: 121, cadence_spm: 170 },
    { km: 2, distance_m: 1000, duration_s: 333, pace_s_per_km: 333, avg_hr: 130, cadence_spm: 170 },
    { km: 3, distance_m: 700, duration_s: 233, pace_s_per_km: 333, avg_hr: 140, cadence_spm: null },
  ],
  cadence_spm: 170,
  zones: [
    { zone: 'warmup', min_bpm: 100, max_bpm: 119, minutes: 0 },
    { zone: 'fatburn', min_bpm: 120, max_bpm: 139, minutes: 10 },
    { zone: 'aerobic', min_bpm: 140, max_bpm: 159, minutes: 5 },
    { zone: 'anaerobic', min_bpm: 160, max_bpm: 179, minutes: 0 },
    { zone: 'limit', min_bpm: 180, max_bpm: 200, minutes: 0 },
  ],
}

beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

describe('a workout’s detail page', () => {
  it('titles it by its type, draws the route and lists splits, pace, cadence and zones', async () => {
    const page = await renderPage(<WorkoutDetailPage />, {
      route: '/workoutDetail?id=9',
      answers: { '/v1/motioninfo': () => run },
    })
    expect(await screen.findByText(en.sports.types.run)).toBeTruthy()
    // a file called "run" adds nothing to the title
    expect(screen.queryByText('File: run')).toBeNull()
    expect(page.requests.find((r) => r.method === '/v1/motioninfo')?.params).toMatchObject({ id: '9' })
    const route = screen.getByRole('img', { name: en.sports.route })
    expect(route.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3)
    const rows = within(screen.getByRole('table', { name: en.sports.splits })).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      `${en.stats.distance}${en.sports.pace}${en.sports.avgHr}${en.sports.cadence}`,
      `km 15'33"/km121170`,
      `km 25'33"/km130170`,
      `0.70 km5'33"/km140--`,
    ])
    expect(screen.getByRole('group', { name: en.sports.cadence }).textContent).toContain('170')
    expect(screen.getByRole('group', { name: en.zones.fatburn }).textContent).toContain('10')
  })
})
