import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import { mailCount, mailedCode, open } from './support.ts'

export const PASSWORD = 'secret123'

/** A demo watch of the seeded batch (README): activation code = ACT + n × 7919 mod 100000. */
export function demoWatch(n: number): { device: string; active: string } {
  return {
    device: `KW-DEMO-${String(n).padStart(4, '0')}`,
    active: `ACT${String((n * 7919) % 100_000).padStart(5, '0')}`,
  }
}

/** Registers through the share link (`#/register?invite=CODE`): the code is filled in already. */
export async function registerWithInvite(page: Page, email: string, code: string) {
  await open(page, `/register?invite=${code}`)
  await expect.poll(() => page.getByPlaceholder(enAccount.form.invite).inputValue()).toBe(code)
  await page.getByPlaceholder(enAccount.form.email).fill(email)
  const before = mailCount(email)
  await page.getByRole('button', { name: enAccount.form.sendCode }).click()
  await page.getByPlaceholder(enAccount.form.code).fill(await mailedCode(email, before))
  await page.getByPlaceholder(enAccount.form.password, { exact: true }).fill(PASSWORD)
  await page.getByPlaceholder(enAccount.form.repeatPassword).fill(PASSWORD)
  await page.locator('input[type=checkbox]').check({ force: true })
  await page.getByRole('button', { name: enAccount.register.submit, exact: true }).click()
  await page.waitForURL(/#\/homePage$/)
}

/** Opens the goods tab and the buy sheet of one good. */
export async function startBuying(page: Page, route: string, good: string, action: string) {
  await open(page, route)
  const row = page.locator('li', { hasText: good })
  await row.getByRole('button', { name: action, exact: true }).click()
}
