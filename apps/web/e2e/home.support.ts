import { expect, type Page } from '@playwright/test'

/** A zone where it is about noon now, so the last hours of walking fall on today. */
export function noonZone(): string {
  const offset = 12 - new Date().getUTCHours()
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

/** Sets the signed-in account's time zone as /userSettings does (test set-up, before any upload). */
export async function setTimeZone(page: Page, timeZone: string): Promise<void> {
  const ok = await page.evaluate(async (tz) => {
    const response = await fetch('/v1/index', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams({ method: '/v1/infoedit', lang: 'us-en', time_zone: tz }),
    })
    return ((await response.json()) as { code: unknown }).code === true
  }, timeZone)
  if (!ok) throw new Error(`could not set the time zone ${timeZone}`)
}

/** `minutes` minutes of walking at `perMinute` steps, ending a minute ago, as a watch records it. */
export function walking(minutes: number, perMinute: number) {
  const end = Math.floor(Date.now() / 1000) - 60
  return {
    heart_rate: [],
    steps: Array.from({ length: minutes }, (_, i) => ({ t: end - (minutes - i) * 60, count: perMinute })),
    sleep: [],
    blood_pressure: [],
    spo2: [],
    workouts: [],
  }
}

/**
 * Energy is credited by a server job once the watch's data or the consent arrived, not when Home
 * is read: polls `/v1/balances` (a read that writes nothing) until the account holds `energy`.
 */
export async function creditedEnergy(page: Page, energy: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const response = await fetch('/v1/index', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
            body: new URLSearchParams({ method: '/v1/balances', lang: 'us-en' }),
          })
          return ((await response.json()) as { data?: { energy?: string } }).data?.energy
        }),
      { timeout: 30_000 },
    )
    .toBe(energy)
}
