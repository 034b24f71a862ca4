import type { Browser } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAdmin from '../src/i18n/locales/en-US/admin.json' with { type: 'json' }
import { consolePage } from './support.ts'

// The console's Jobs section: the background jobs the server ran, filtered by name and state.

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

test('an operator sees the payout job the server ran at start, and no failed one', async () => {
  const ops = await consolePage(browser)
  await ops.getByRole('button', { name: enAdmin.nav.jobs, exact: true }).click()
  await expect(ops.getByRole('heading', { name: enAdmin.nav.jobs })).toBeVisible()
  await ops.getByRole('combobox', { name: enAdmin.jobs.name, exact: true }).selectOption('earn.payout')
  const completed = ops.getByRole('button', { name: enAdmin.jobs.states.completed, exact: true })
  await completed.click()
  const row = ops.locator('[data-testid^="job-"]').first()
  await expect(row).toContainText('earn.payout')
  await expect(row).toContainText(enAdmin.jobs.states.completed)
  await ops.getByRole('button', { name: enAdmin.jobs.states.failed, exact: true }).click()
  await expect(ops.getByText(enAdmin.empty)).toBeVisible()
})
