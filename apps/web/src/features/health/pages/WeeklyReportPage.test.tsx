import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { health, Result } from '@kinetic/protocol'
import { screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/health.json'
import { WeeklyReportPage } from './WeeklyReportPage'

beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

const noWeeks: Result<typeof health.weekly> = { list: [], total: 0, page: 1, limit: 20 }

describe('the weekly reports of a new user', () => {
  it('say when the first report comes, and lead to the watches', async () => {
    const page = await renderPage(<WeeklyReportPage />, {
      route: '/weeklyReport',
      answers: { '/v1/weekly': () => noWeeks },
    })
    expect(await screen.findByText(en.weekly.empty)).toBeTruthy()
    expect(screen.getByText(en.weekly.firstReport)).toBeTruthy()
    await page.user.click(screen.getByRole('button', { name: en.weekly.bindWatch }))
    await waitFor(() => expect(page.location()).toBe('/deviceList'))
  })
})
