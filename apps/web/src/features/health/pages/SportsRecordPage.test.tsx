import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { health, Locale } from '@kinetic/protocol'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enEarn from '@/i18n/locales/en-US/earn.json'
import enHealth from '@/i18n/locales/en-US/health.json'
import cnEarn from '@/i18n/locales/zh-CN/earn.json'
import cnHealth from '@/i18n/locales/zh-CN/health.json'
import twEarn from '@/i18n/locales/zh-TW/earn.json'
import twHealth from '@/i18n/locales/zh-TW/health.json'
import { SportsRecordPage } from './SportsRecordPage'

const TEXTS = {
  'en-US': [enHealth, enEarn],
  'zh-CN': [cnHealth, cnEarn],
  'zh-TW': [twHealth, twEarn],
} as const

/** A flat-heart-rate ride, the day's only activity: the day earned nothing, the workout says why. */
const flatRide: health.Workout = {
  id: 41,
  type: 'cycle',
  source: 'tcx',
  name: 'Ride',
  date: '2026-11-24',
  start: '2026-11-24T04:00:00.000Z',
  end: '2026-11-24T04:40:00.000Z',
  duration_s: 2400,
  distance_m: 12_000,
  steps: 0,
  calories: 400,
  pace_s_per_km: 200,
  avg_hr: 142,
  max_hr: 142,
  verdict: { verdict: 'rejected', reasons: ['hr_flat'] },
}
const honestRide: health.Workout = { ...flatRide, id: 40, name: 'Honest', verdict: { verdict: 'ok', reasons: [] } }

const answers = (reviews: string[] = []) => ({
  '/v1/well': () => ({ date: '2026-11-24', hourly_steps: Array<number>(24).fill(0) }),
  '/v1/motion': () => ({ list: [flatRide, honestRide], total: 2, page: 1, limit: 100, date: null, day: null }),
  '/v1/motioninfo': () => ({ ...flatRide, heart_rate: [], route: [], splits: [], cadence_spm: null, zones: [] }),
  '/v1/workout_review': (p: Record<string, string>) => {
    reviews.push(p.id!)
    return { ticket_id: 7, day: '2026-11-24', created: true }
  },
})

// the page's route loads the health texts with it; here they are loaded once, after i18next starts
beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

describe('the sports record', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`shows an implausible workout's verdict and reason in ${locale}, and nothing on a plausible one`, async () => {
      const [h, e] = TEXTS[locale]
      await renderPage(<SportsRecordPage />, { locale, route: '/sportsRecord?all=1', answers: answers() })
      const rows = within(await screen.findByRole('list', { name: h.sports.title })).getAllByRole('listitem')
      expect(rows).toHaveLength(2)
      expect(rows[0]?.textContent).toContain(`${h.sports.verdict.rejected} · ${e.effort.reasons.hr_flat}`)
      expect(rows[1]?.textContent).not.toContain(h.sports.verdict.rejected)
      expect(rows[1]?.textContent).not.toContain(e.effort.reasons.hr_flat)
    })
  }

  it('asks for a review from the workout itself', async () => {
    const reviews: string[] = []
    const page = await renderPage(<SportsRecordPage />, { route: '/sportsRecord?all=1', answers: answers(reviews) })
    // the button is named by what it shows: the type in the user's language, the file's own name beside it, then its figures
    const named = new RegExp(`^${enHealth.sports.types.cycle} · Ride `)
    await page.user.click(await screen.findByRole('button', { name: named }))
    const sheet = await screen.findByRole('heading', { name: enHealth.sports.types.cycle })
    const verdict = within(sheet.parentElement!).getByRole('status')
    expect(verdict.textContent).toContain(enHealth.sports.verdictNote.rejected)
    // the sheet is still sliding in (antd-mobile's popup): a click as the test DOM allows it
    fireEvent.click(within(verdict).getByRole('button', { name: enEarn.effort.review }))
    await waitFor(() => expect(reviews).toEqual(['41']))
    expect(await screen.findByText('Review requested: ticket #7 for 2026-11-24')).toBeTruthy()
  })
})

describe('importing while the records are still loading', () => {
  /** A TCX ride of 40 minutes at a flat 142 bpm, as a bike computer writes it. */
  const flatTcx = () => {
    const start = Date.parse('2026-11-24T04:00:00Z')
    const iso = (minute: number) => new Date(start + minute * 60_000).toISOString()
    const points = Array.from(
      { length: 41 },
      (_, i) =>
        `<Trackpoint><Time>${iso(i)}</Time><DistanceMeters>${i * 300}</DistanceMeters><HeartRateBpm><Value>142</Value></HeartRateBpm></Trackpoint>`,
    ).join('')
    const xml =
      `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">` +
      `<Activities><Activity Sport="Biking"><Id>${iso(0)}</Id><Lap StartTime="${iso(0)}"><Track>${points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`
    return new File([xml], 'Ride.tcx', { type: 'application/vnd.garmin.tcx+xml' })
  }

  it('lists the imported workout under all records, though the first read answered after the import', async () => {
    // the server's workouts: a read sees those stored when it is served
    const stored: health.Workout[] = []
    const motion = (p: Record<string, string>) => {
      const list = stored.filter((w) => !p.date || w.date === p.date)
      return { list, total: list.length, page: 1, limit: 100, date: p.date ?? null, day: null }
    }
    // the page's first read of all records is served before the import and answered after it:
    // its answer leaves when the page asks anything once the import is answered
    let imported = false
    let release = () => {}
    const later = new Promise<void>((resolve) => (release = resolve))
    let firstAll = true
    const whenAsked = <T,>(answer: () => T) => {
      if (imported) release()
      return answer()
    }
    const page = await renderPage(<SportsRecordPage />, {
      route: '/sportsRecord?all=1',
      answers: {
        '/v1/well': (p) =>
          whenAsked(() => ({
            date: p.date ?? '2026-11-24',
            hourly_steps: Array<number>(24).fill(0),
            totals: { date: '2026-11-24', steps: 0, distance_m: 12_000, calories: 400, active_minutes: 40 },
          })),
        '/v1/motion': (p) => {
          if (firstAll && !p.date) {
            firstAll = false
            const answer = motion(p)
            return later.then(() => answer)
          }
          return whenAsked(() => motion(p))
        },
        '/v1/motion_import': () => {
          stored.push(flatRide)
          imported = true
          return { ...flatRide, heart_rate: [], route: [], splits: [], cadence_spm: null, zones: [], duplicate: false }
        },
      },
    })
    await page.user.upload(page.container.querySelector<HTMLInputElement>('input[type=file]')!, flatTcx())
    // the import names its verdict and shows the ride's day
    await screen.findByText(
      enHealth.import.rejected.replace(
        '{{verdict}}',
        `${enHealth.sports.verdict.rejected} · ${enEarn.effort.reasons.hr_flat}`,
      ),
    )
    await waitFor(() => expect(page.location()).toContain('date=2026-11-24'))

    // all records: the ride, not the answer read before it was stored
    await page.user.click(screen.getByRole('tab', { name: enHealth.sports.all }))
    const rows = within(await screen.findByRole('list', { name: enHealth.sports.title })).getAllByRole('listitem')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.textContent).toContain(`${enHealth.sports.verdict.rejected} · ${enEarn.effort.reasons.hr_flat}`)
  })
})
