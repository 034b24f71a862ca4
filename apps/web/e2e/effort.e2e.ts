import type { Locale } from '@kinetic/protocol'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enEarn from '../src/i18n/locales/en-US/earn.json' with { type: 'json' }
import enHealth from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import twHealth from '../src/i18n/locales/zh-TW/health.json' with { type: 'json' }
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import cnEarn from '../src/i18n/locales/zh-CN/earn.json' with { type: 'json' }
import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import twEarn from '../src/i18n/locales/zh-TW/earn.json' with { type: 'json' }
import common from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import { noonZone, setTimeZone } from './home.support.ts'
import { logIn, newPhonePage, open, registerThroughForm, uniqueEmail } from './support.ts'
import { expectToast, toastsGone } from './wallet.support.ts'

/**
 * Effort you can verify: a ride's heart rate earns without steps, the same ride
 * imported again with its start moved earns nothing, and a flat heart-rate trace is marked
 * implausible on the energy record in every language. Energy is credited as the user opens
 * Home (or by the crediting job): each check waits for the figure as a person would.
 */

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

const PASSWORD = 'ride1234'
/** HRmax without a birthday or setting: 220 − 30; the aerobic zone starts at 70 % of it. */
const AEROBIC_FLOOR = 0.7 * 190

/** A rider's heart rate: 130–150 bpm, minute by minute, never flat and never repeating (a fixed LCG). */
function rideHr(minutes: number, seed: number): number[] {
  let x = seed
  return Array.from({ length: minutes }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return 130 + (x % 21)
  })
}

/** A TCX ride as a bike computer writes it: one track point a minute, heart rate and distance, no steps. */
function tcxRide(start: number, hr: number[]) {
  const iso = (minute: number) => new Date(start + minute * 60_000).toISOString()
  const points = hr
    .map(
      (bpm, i) =>
        `<Trackpoint><Time>${iso(i)}</Time><DistanceMeters>${i * 300}</DistanceMeters><HeartRateBpm><Value>${bpm}</Value></HeartRateBpm></Trackpoint>`,
    )
    .join('')
  // the ride ends a minute after its last reading
  const end = `<Trackpoint><Time>${iso(hr.length)}</Time><DistanceMeters>${hr.length * 300}</DistanceMeters></Trackpoint>`
  const xml =
    `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">` +
    `<Activities><Activity Sport="Biking"><Id>${iso(0)}</Id><Lap StartTime="${iso(0)}"><Track>${points}${end}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`
  return { name: 'Ride.tcx', mimeType: 'application/vnd.garmin.tcx+xml', buffer: Buffer.from(xml) }
}

const todayEnergy = (page: Page) => page.getByTestId('today-energy').textContent()

/** Registers in English in the noon zone and consents to exercise and heart-rate data on /userAuthorize. */
async function aRider(name: string) {
  const email = uniqueEmail(name)
  const page = await newPhonePage(browser, 'en-US')
  await registerThroughForm(page, email, PASSWORD, enAccount)
  await setTimeZone(page, noonZone())
  await open(page, '/userAuthorize')
  for (const kind of [enHealth.authorize.kinds.exercise, enHealth.authorize.kinds.heart_rate]) {
    await page.getByRole('switch', { name: kind }).click()
    await expectToast(page, common.toast.modified)
    await toastsGone(page)
  }
  return { page, email }
}

async function importFile(page: Page, file: ReturnType<typeof tcxRide>, toast: string) {
  await open(page, '/sportsRecord?all=1')
  await page.locator('input[type=file]').setInputFiles(file)
  await expectToast(page, toast)
  await toastsGone(page)
}

/** The energy record's entries (the trading history filtered to energy). */
async function energyRecord(page: Page, t: typeof enEarn) {
  await open(page, '/tradingHistory')
  await page.getByText(t.asset.energy, { exact: true }).click()
  return page.getByRole('list', { name: t.history.title }).getByRole('listitem')
}

test.describe('effort you can verify', () => {
  test('a ride with heart rate 130–150 and no steps earns, and the same ride moved in time earns nothing more', async () => {
    const { page } = await aRider('ride')
    const hr = rideHr(40, 17)
    // zone minutes at 0.2 energy each, plus 5 for the workout
    const expected = (5 + hr.filter((b) => b >= AEROBIC_FLOOR).length * 0.2).toFixed(1).replace(/\.0$/, '')
    const start = Date.now() - 2 * 60 * 60_000
    await importFile(page, tcxRide(start, hr), enHealth.import.done)

    await open(page, '/homePage')
    await expect.poll(() => todayEnergy(page)).toBe(expected)
    expect(await page.getByTestId('home-steps').textContent()).toBe('0')
    const records = await energyRecord(page, enEarn)
    await expect.poll(() => records.count()).toBe(1)
    expect(await records.first().textContent()).toContain(enEarn.effort.verdict.ok)

    // the same ride again, its start moved by 30 minutes: recognised, stored nothing
    await importFile(page, tcxRide(start + 30 * 60_000, hr), enHealth.import.duplicate)
    const list = page.getByRole('list', { name: enHealth.sports.title })
    expect(await list.getByRole('listitem').count()).toBe(1)
    await open(page, '/homePage')
    await expect.poll(() => page.getByTestId('home-steps').textContent()).toBe('0')
    expect(await todayEnergy(page)).toBe(expected)
    expect(await page.getByTestId('home-energy').textContent()).toBe(expected)
    const after = await energyRecord(page, enEarn)
    await expect.poll(() => after.count()).toBe(1)
  })

  test('a flat heart-rate trace is marked implausible, with its reason, on the energy record in three languages', async () => {
    const { page, email } = await aRider('flat')
    const start = Date.now() - 4 * 60 * 60_000
    await importFile(
      page,
      tcxRide(start, Array<number>(40).fill(142)),
      enHealth.import.rejected.replace(
        '{{verdict}}',
        `${enHealth.sports.verdict.rejected} · ${enEarn.effort.reasons.hr_flat}`,
      ),
    )
    // an honest ride the same day, so the day earns and its credit carries the verdict
    const honest = rideHr(30, 29)
    await importFile(page, tcxRide(start + 90 * 60_000, honest), enHealth.import.done)
    const expected = (5 + honest.filter((b) => b >= AEROBIC_FLOOR).length * 0.2).toFixed(1).replace(/\.0$/, '')
    await open(page, '/homePage')
    await expect.poll(() => todayEnergy(page)).toBe(expected)

    const languages: [Locale, typeof enEarn, typeof enAccount][] = [
      ['en-US', enEarn, enAccount],
      ['zh-CN', cnEarn, cnAccount],
      ['zh-TW', twEarn, twAccount],
    ]
    for (const [locale, t, account] of languages) {
      const reader = locale === 'en-US' ? page : await newPhonePage(browser, locale)
      if (reader !== page) {
        await open(reader, '/login')
        await logIn(reader, email, PASSWORD, account)
        await reader.waitForURL(/#\/homePage$/)
      }
      const records = await energyRecord(reader, t)
      await expect.poll(() => records.count(), locale).toBe(1)
      const text = await records.first().textContent()
      expect(text, locale).toContain(t.effort.verdict.rejected)
      expect(text, locale).toContain(t.effort.reasons.hr_flat)
    }

    // asking for a review opens a ticket with the day's data, once
    const records = await energyRecord(page, enEarn)
    await records.first().getByRole('button', { name: enEarn.effort.review }).click()
    await expect.poll(() => page.getByText(/^Review requested: ticket #\d+ for \d{4}-\d{2}-\d{2}$/).count()).toBe(1)
  })

  test('a flat ride alone on its day says so on import and on the sports record, and is sent for review from there', async () => {
    const { page, email } = await aRider('alone')
    const verdict = `${enHealth.sports.verdict.rejected} · ${enEarn.effort.reasons.hr_flat}`
    await importFile(
      page,
      // flat at another rate than the test above: a workout earns once across accounts, and the
      // same trace imported on this worker's server earlier would be held as the same workout
      tcxRide(Date.now() - 4 * 60 * 60_000, Array<number>(40).fill(146)),
      enHealth.import.rejected.replace('{{verdict}}', verdict),
    )
    // the day earns nothing: no energy, no credit, but the workout itself carries its verdict
    await open(page, '/homePage')
    expect(await todayEnergy(page)).toBe('0')

    const languages: [Locale, typeof enHealth, typeof enEarn, typeof enAccount][] = [
      ['en-US', enHealth, enEarn, enAccount],
      ['zh-CN', cnHealth, cnEarn, cnAccount],
      ['zh-TW', twHealth, twEarn, twAccount],
    ]
    for (const [locale, h, t, account] of languages) {
      const reader = locale === 'en-US' ? page : await newPhonePage(browser, locale)
      if (reader !== page) {
        await open(reader, '/login')
        await logIn(reader, email, PASSWORD, account)
        await reader.waitForURL(/#\/homePage$/)
      }
      await open(reader, '/sportsRecord?all=1')
      const rows = reader.getByRole('list', { name: h.sports.title }).getByRole('listitem')
      await expect.poll(() => rows.count(), locale).toBe(1)
      expect(await rows.first().textContent(), locale).toContain(
        `${h.sports.verdict.rejected} · ${t.effort.reasons.hr_flat}`,
      )
    }

    // from the workout's sheet: a review, once
    await open(page, '/sportsRecord?all=1')
    await page.getByRole('list', { name: enHealth.sports.title }).getByRole('button').first().click()
    const status = page.getByRole('status').filter({ hasText: enHealth.sports.verdictNote.rejected })
    await status.getByRole('button', { name: enEarn.effort.review }).click()
    await expect.poll(() => page.getByText(/^Review requested: ticket #\d+ for \d{4}-\d{2}-\d{2}$/).count()).toBe(1)
  })
})
