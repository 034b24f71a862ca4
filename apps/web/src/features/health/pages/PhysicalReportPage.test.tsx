import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { health } from '@kinetic/protocol'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/health.json'
import { PhysicalReportPage } from './PhysicalReportPage'

const t = en.physical

/** The locked analysis as the server answers it: 300 points, 1,000 held, no data yet. */
const locked = (patch: Partial<health.FitnessReport> = {}): health.FitnessReport => ({
  active: false,
  redeemed_at: null,
  valid_until: null,
  valid_days: 30,
  price: 300,
  points: 1000,
  data_days: 0,
  report: null,
  ...patch,
})

const unlocked: health.FitnessReport = {
  ...locked({ active: true, points: 700, valid_until: '2026-12-24T00:00:00.000Z' }),
  report: {
    age: null,
    sex: '',
    hr_max: 190,
    hr_rest: null,
    vo2max: null,
    level: null,
    days: 0,
    inputs: [
      { input: 'hr_max', value: 190, source: 'default_age', per_bpm: null },
      { input: 'hr_rest', value: null, source: 'resting_days', per_bpm: null },
    ],
    method: {
      name: 'Uth–Sørensen–Overgaard–Pedersen (2004)',
      formula: 'VO2max = 15.3 × HRmax / HRrest',
      confidence: 'low',
      range: null,
      text: 'VO2max by the Uth–Sørensen method.',
    },
  },
}

/** An analysis with data: HRmax from the age, 60 bpm at rest over 8 days. */
const measured: health.FitnessReport = {
  ...unlocked,
  report: {
    ...unlocked.report!,
    age: 36,
    hr_max: 184,
    hr_rest: 60,
    vo2max: 46.9,
    level: 'good',
    days: 8,
    inputs: [
      { input: 'hr_max', value: 184, source: 'age', per_bpm: 0.26 },
      { input: 'hr_rest', value: 60, source: 'resting_days', per_bpm: -0.78 },
    ],
    method: { ...unlocked.report!.method, confidence: 'medium', range: [39.9, 53.9], text: 'Confidence medium.' },
  },
}

// the page's route loads the health texts with it; here they are loaded once, after i18next starts
beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

describe('the physical-fitness analysis', () => {
  it('asks before spending points, stating the cost, the balance and that there is no data yet', async () => {
    let redeemed = false
    const page = await renderPage(<PhysicalReportPage />, {
      route: '/physicalReport',
      answers: {
        '/v1/fitness': () => (redeemed ? unlocked : locked()),
        '/v1/exchange_fitness': () => {
          redeemed = true
          return unlocked
        },
      },
    })
    // the page says it plainly before any tap
    expect(await screen.findByText(t.noData)).toBeTruthy()
    expect(screen.getByText('Costs 300 points · you have 1,000.')).toBeTruthy()

    await page.user.click(screen.getByRole('button', { name: t.redeem }))
    expect(await screen.findByText('This spends 300 points. You have 1,000 points.')).toBeTruthy()
    expect(screen.getByText(t.confirmNoData)).toBeTruthy()
    // the dialog's buttons take no pointer events while it animates in: clicked directly
    fireEvent.click(screen.getByRole('button', { name: t.notNow }))
    await waitFor(() => expect(screen.queryByText(t.confirmTitle)).toBeNull())
    expect(page.requests.map((r) => r.method)).not.toContain('/v1/exchange_fitness')

    await page.user.click(screen.getByRole('button', { name: t.redeem }))
    fireEvent.click(await screen.findByRole('button', { name: 'Spend 300 points' }))
    await waitFor(() => expect(page.requests.map((r) => r.method)).toContain('/v1/exchange_fitness'))
    // redeemed without data: the report says why every value is "--"
    expect(await screen.findByText(t.validUntil.replace('{{date}}', 'Dec 24, 2026'))).toBeTruthy()
    expect(screen.getByText(t.noData)).toBeTruthy()
  })
})

describe('without enough points', () => {
  it('says how many are needed and held, and offers no way to spend them', async () => {
    const page = await renderPage(<PhysicalReportPage />, {
      route: '/physicalReport',
      answers: { '/v1/fitness': () => locked({ points: 120, data_days: 9 }) },
    })
    await page.user.click(await screen.findByRole('button', { name: t.redeem }))
    const said = await screen.findByText(
      'The analysis costs 300 points and you have 120: earn more points first (Home, tasks, invitations).',
    )
    const dialog = said.closest<HTMLElement>('[role=dialog]')
    expect([...(dialog?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['Confirm'])
    expect(screen.queryByText(t.noData)).toBeNull()
    // nothing redeemed (the profile is read for the account's clock)
    expect(page.requests.map((r) => r.method).filter((m) => m !== '/v1/userinfo')).toEqual(['/v1/fitness'])
  })
})

describe('the analysis with data', () => {
  it('shows each input with its source and what one bpm of it moves, and the method with its confidence', async () => {
    await renderPage(<PhysicalReportPage />, {
      route: '/physicalReport',
      answers: { '/v1/fitness': () => measured },
    })
    const hrMax = await screen.findByRole('group', { name: t.inputs.hr_max })
    expect(hrMax.textContent).toContain(t.sources.age)
    expect(hrMax.textContent).toContain('184 bpm')
    expect(hrMax.textContent).toContain('+0.26 ml/kg/min per bpm')
    const rest = screen.getByRole('group', { name: t.inputs.hr_rest })
    expect(rest.textContent).toContain('-0.78 ml/kg/min per bpm')
    expect(screen.getByText('Uth–Sørensen–Overgaard–Pedersen (2004)')).toBeTruthy()
    expect(screen.getByText(t.confidenceLevels.medium)).toBeTruthy()
    expect(screen.getByText('39.9–53.9')).toBeTruthy()
    expect(screen.getByText('VO2max = 15.3 × HRmax / HRrest. Confidence medium.')).toBeTruthy()
  })
})
