import { errorMessage } from '@kinetic/protocol'
import { addDays, deviceToken, localDay, localToUnix, upload } from '@kinetic/watch-sim'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import health from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import { demoWatch, PASSWORD } from './earn.support.ts'
import { expect, test } from './fixtures.ts'
import { setTimeZone } from './home.support.ts'
import { inject, open, registerThroughForm, uniqueEmail } from './support.ts'
import { button, expectToast, toastsGone } from './wallet.support.ts'

/** The device's zone in these tests: not the server's default (Asia/Shanghai), not the machine's (UTC). */
const NY = 'America/New_York'

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** A phone in `timezoneId`, in English; `state`: the storage (cookies, localStorage) of an earlier one. */
async function phoneIn(timezoneId: string, state?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId,
    ...(state ? { storageState: state } : {}),
  })
  await context.addInitScript(() => localStorage.setItem('currentLanguage', 'en-US'))
  return context.newPage()
}

/** The signed-in account's profile, as the app reads it. */
const profile = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/v1/index', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams({ method: '/v1/userinfo', lang: 'us-en' }),
    })
    return ((await response.json()) as { data: { time_zone: string; weight: number | null } }).data
  })

async function bindWatch(page: Page, watch: { device: string; active: string }) {
  await open(page, '/deviceList')
  await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(watch.device)
  await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(watch.active)
  await button(page, device.bind.submit).click()
  await expectToast(page, device.toast.bound)
  return deviceToken(inject('baseUrl'), watch.device, watch.active)
}

const zonePrompt = (page: Page) => page.getByRole('region', { name: enAccount.zone.title })
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text)

test.describe("one clock: every health screen in the account's time zone", () => {
  test('a device in New York registers a New York account; sleep, heart rate, runs and watches show one clock', async () => {
    test.slow()
    const page = await phoneIn(NY)
    await registerThroughForm(page, uniqueEmail('clock'), PASSWORD, enAccount)
    expect((await profile(page)).time_zone).toBe(NY)
    await expect.poll(() => zonePrompt(page).count()).toBe(0)

    // a night, a morning's heart rate and a run on yesterday in New York, known to the minute
    const token = await bindWatch(page, demoWatch(11))
    const day = addDays(localDay(Math.floor(Date.now() / 1000), NY), -1)
    const at = (hours: number) => localToUnix(day, hours, NY)
    const night = [
      { start: at(-0.5), end: at(2), stage: 'light' as const }, // 23:30 the evening before
      { start: at(2), end: at(4.5), stage: 'deep' as const },
      { start: at(4.5), end: at(6 + 40 / 60), stage: 'rem' as const }, // until 06:40
    ]
    const heartRate = Array.from({ length: 50 }, (_, i) => ({ t: at(7) + i * 60, bpm: 120 })) // 07:00 … 07:49
    const run = { start: at(7), end: at(7.5), type: 'run' as const, distance_m: 5000, steps: 5400 }
    const uploaded = await upload(inject('baseUrl'), token, {
      heart_rate: heartRate,
      steps: [],
      sleep: night,
      blood_pressure: [],
      spo2: [],
      workouts: [run],
    })
    expect(uploaded.accepted).toMatchObject({ sleep: 3, heart_rate: 50, workouts: 1 })

    // the sleep report: asleep 23:30, awake 06:40
    await open(page, `/sleepReport?date=${day}`)
    await expect.poll(() => page.getByText(fill(health.sleep.window, { start: '23:30', end: '06:40' })).count()).toBe(1)
    // the hypnogram's clock is the same (an SVG chart: its axis labels are text)
    const hypnogram = page.getByRole('img', { name: health.sleep.hypnogram })
    await expect
      .poll(async () => (await hypnogram.locator('text').allTextContents()).join(' '))
      .toMatch(/\b0[246]:00\b/)

    // the heart-rate page: the latest reading at 07:49, the curve over the same day
    await open(page, `/heartRate?date=${day}`)
    await expect.poll(() => page.getByText('07:49', { exact: true }).count()).toBe(1)
    const curve = page.getByRole('img', { name: health.heartRate.curve })
    await expect.poll(async () => (await curve.locator('text').allTextContents()).join(' ')).toContain('06:00')

    // the runs list: the run at 07:00
    await open(page, `/sportsRecord?date=${day}`)
    const runItem = page.getByRole('button', { name: health.sports.types.run })
    await expect.poll(() => runItem.textContent()).toContain('07:00')

    // the device list: the last upload at the account's time of the server's record
    const seen = await page.evaluate(async () => {
      const response = await fetch('/v1/index', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
        body: new URLSearchParams({ method: '/v1/devicelist', lang: 'us-en' }),
      })
      return ((await response.json()) as { data: { list: { last_seen_at: string }[] } }).data.list[0]!.last_seen_at
    })
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: NY,
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(seen))
    await open(page, '/deviceList')
    await expect
      .poll(() => page.getByRole('listitem', { name: demoWatch(11).device }).textContent())
      .toContain(fill(device.list.lastUpload, { time: clock }))
  })

  test('asks once per device zone: "keep" is remembered on this device, "switch" moves the account', async () => {
    test.slow()
    const page = await phoneIn(NY)
    await registerThroughForm(page, uniqueEmail('zones'), PASSWORD, enAccount)
    const token = await bindWatch(page, demoWatch(12))
    // the account moves to Tokyo elsewhere; a run at 07:00 in New York is 21:00 in Tokyo
    await setTimeZone(page, 'Asia/Tokyo')
    const yesterday = addDays(localDay(Math.floor(Date.now() / 1000), NY), -1)
    const start = localToUnix(yesterday, 7, NY)
    await upload(inject('baseUrl'), token, {
      heart_rate: [],
      steps: [],
      sleep: [],
      blood_pressure: [],
      spo2: [],
      workouts: [{ start, end: start + 1800, type: 'run', distance_m: 5000, steps: 5400 }],
    })

    // on the next start the app asks, naming both zones
    await open(page, '/sportsRecord?all=1')
    await page.reload()
    const prompt = zonePrompt(page)
    await expect
      .poll(() => prompt.textContent())
      .toContain(fill(enAccount.zone.ask, { device: NY, account: 'Asia/Tokyo' }))
    // meanwhile every health time is the account's: the run at 21:00 Tokyo time
    await expect
      .poll(() => page.getByRole('button', { name: health.sports.types.run }).textContent())
      .toContain('21:00')

    // keep: the account stays in Tokyo, and this device is not asked again for New York
    await prompt.getByRole('button', { name: fill(enAccount.zone.keep, { zone: 'Asia/Tokyo' }) }).click()
    await expect.poll(() => prompt.count()).toBe(0)
    expect((await profile(page)).time_zone).toBe('Asia/Tokyo')
    await page.reload()
    await expect
      .poll(() => page.getByRole('button', { name: health.sports.types.run }).textContent())
      .toContain('21:00')
    expect(await prompt.count()).toBe(0)

    // the same account on a device in Paris is asked again; switch moves the account there
    const paris = await phoneIn('Europe/Paris', await page.context().storageState())
    await open(paris, '/sportsRecord?all=1')
    const asked = zonePrompt(paris)
    await asked.getByRole('button', { name: fill(enAccount.zone.switch, { zone: 'Europe/Paris' }) }).click()
    await expectToast(paris, fill(enAccount.zone.switched, { zone: 'Europe/Paris' }))
    await expect.poll(() => asked.count()).toBe(0)
    expect((await profile(paris)).time_zone).toBe('Europe/Paris')
    // the run now reads 13:00, Paris time; no question after a restart
    await expect
      .poll(() => paris.getByRole('button', { name: health.sports.types.run }).textContent())
      .toContain('13:00')
    await toastsGone(paris)
    await paris.reload()
    await expect
      .poll(() => paris.getByRole('button', { name: health.sports.types.run }).textContent())
      .toContain('13:00')
    expect(await zonePrompt(paris).count()).toBe(0)
  })
})

test.describe('the weight log', () => {
  test('refuses an impossible weight naming it, records one, and shows it in the log, the month and the profile', async () => {
    const page = await phoneIn(NY)
    await registerThroughForm(page, uniqueEmail('weight'), PASSWORD, enAccount)
    await open(page, '/weightLog')
    const weight = page.getByRole('textbox', { name: health.weight.weight, exact: true })
    await weight.fill('301')
    await button(page, health.weight.add).click()
    await expectToast(page, errorMessage('WEIGHT_RANGE', 'us-en'))
    await toastsGone(page)
    expect((await profile(page)).weight).toBeNull()

    await weight.fill('72.4')
    await button(page, health.weight.add).click()
    await expectToast(page, health.weight.saved)
    const today = localDay(Math.floor(Date.now() / 1000), NY)
    await expect.poll(() => page.getByRole('listitem', { name: today }).textContent()).toContain('72.4 kg')
    expect((await profile(page)).weight).toBe(72.4)

    // the month: its average is the one entry
    await page.getByRole('tab', { name: health.trend.periods.month }).click()
    await page.waitForURL(/#\/healthTrend\?metric=weight&period=month/)
    await expect
      .poll(() => page.getByRole('group', { name: health.trend.average, exact: true }).textContent())
      .toContain('72.4 kg')

    // the profile shows it
    await open(page, '/userInfo')
    await expect.poll(() => page.locator('#profile-weight').inputValue()).toBe('72.4')
  })
})
