import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { health, LOCALES, type Locale } from '@kinetic/protocol'
import { addDays, DeviceApiError, localDay, simulateDays, upload, type Samples } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import common from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import twHealth from '../src/i18n/locales/zh-TW/health.json' with { type: 'json' }
import { demoWatch } from './earn.support.ts'
import {
  expectedBloodPressure,
  expectedSleep,
  expectedWeekSteps,
  expectedWorkouts,
  expectedZoneMinutes,
  figure,
  figureValue,
  HR_MAX,
  minutesText,
  newHealthPage,
  t,
  TZ,
} from './health.support.ts'
import { inject, open, registerThroughForm, uniqueEmail } from './support.ts'
import { button, expectError, expectToast, toastsGone } from './wallet.support.ts'

/** A demo watch of the seeded batch (README): activation code = ACT + n × 7919 mod 100000. */
const DEVICE = 'KW-DEMO-0017'
const ACTIVE = `ACT${String((17 * 7919) % 100_000).padStart(5, '0')}`
/** Screenshots of the main report pages in every language, kept as test artifacts (git-ignored). */
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'health')

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
  mkdirSync(ARTIFACTS, { recursive: true })
})

async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400) // charts animate in; the picture is for people, no assertion rides on it
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
}

test.describe('health and devices in the browser', () => {
  test('binds a watch, shows a simulated week in the reports, and unbinds it after asking', async () => {
    // a week of samples through the device API, then five reports: 16 s alone, minutes beside the server tests
    test.slow()
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('health'), 'walk1234', enAccount)

    // from Mine to the device list
    await open(page, '/my')
    await page.getByRole('button', { name: t.menu.devices }).click()
    await page.waitForURL(/#\/deviceList$/)
    await expect.poll(() => page.getByText(device.list.empty, { exact: true }).count()).toBe(1)

    // a wrong activation code is refused and binds nothing
    await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(DEVICE)
    await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill('ACT00000')
    await button(page, device.bind.submit).click()
    await expectError(page, 'DEVICE_CODE_INVALID')
    expect(await page.getByText(device.list.empty, { exact: true }).count()).toBe(1)
    await toastsGone(page)

    // the right one binds: offline until the first upload
    await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(ACTIVE)
    await button(page, device.bind.submit).click()
    await expectToast(page, device.toast.bound)
    const row = page.getByRole('listitem', { name: DEVICE })
    await expect.poll(() => row.textContent()).toContain(device.list.offline)
    expect(await row.textContent()).toContain(device.list.neverUploaded)

    // a simulated week (eight full local days ending yesterday) through the device API
    const today = localDay(Math.floor(Date.now() / 1000), TZ)
    const day = addDays(today, -1)
    const run = await simulateDays({
      baseUrl: inject('baseUrl'),
      deviceCode: DEVICE,
      activationCode: ACTIVE,
      days: 8,
      end: day,
      seed: 17,
      timeZone: TZ,
    })
    const { samples } = run
    expect(run.accepted.heart_rate).toBe(samples.heart_rate.length)

    await page.reload()
    await expect.poll(() => row.textContent()).toContain(device.list.online)

    // the watch runs every other day: its zones and records are read on the day with a run
    const workoutDay = samples.workouts.some((w) => localDay(w.start, TZ) === day) ? day : addDays(day, -1)
    await checkSleep(page, samples, day)
    await checkHeartRateZones(page, samples, workoutDay)
    await checkBloodPressure(page, samples, day)
    await checkWeeklyReport(page, samples, day)
    await checkSportsRecords(page, samples, workoutDay)

    // unbinding asks first: cancelled, the watch stays
    await open(page, '/deviceList')
    await row.getByRole('button', { name: device.unbind.submit }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByText(device.unbind.confirm, { exact: true }).count()).toBe(1)
    await dialog.getByRole('button', { name: common.cancel, exact: true }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await row.count()).toBe(1)

    // confirmed: gone from the list, and the watch's uploads are refused from now on
    await row.getByRole('button', { name: device.unbind.submit }).click()
    await dialog.getByRole('button', { name: device.unbind.submit, exact: true }).click()
    await expectToast(page, device.toast.unbound)
    await expect.poll(() => page.getByText(device.list.empty, { exact: true }).count()).toBe(1)
    const refused = await upload(inject('baseUrl'), run.token, {
      ...samples,
      heart_rate: samples.heart_rate.slice(0, 1),
    }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(DeviceApiError)
    expect((refused as DeviceApiError).body.error).toBe('DEVICE_TOKEN_INVALID')
  })
})

test.describe('the reports of a simulated week in every language', () => {
  // one week for the three languages, uploaded before them on the worker that runs them in turn
  test.describe.configure({ mode: 'default' })
  let week: { page: Page; day: string; workoutDay: string }
  test.beforeAll(async ({ browser }) => {
    // sign-up, binding and the upload: 26 s alone, 110 s beside another worker's week on a busy machine
    test.setTimeout(240_000)
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('health-languages'), 'walk1234', enAccount)
    const watch = demoWatch(18)
    await open(page, '/deviceList')
    await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(watch.device)
    await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(watch.active)
    await button(page, device.bind.submit).click()
    await expectToast(page, device.toast.bound)

    // the pages are looked at, not their figures (the test above checks those): a reading a
    // minute outside workouts is as good a week here as one every 10 s, at a sixth of the upload
    const day = addDays(localDay(Math.floor(Date.now() / 1000), TZ), -1)
    const { samples } = await simulateDays({
      baseUrl: inject('baseUrl'),
      deviceCode: watch.device,
      activationCode: watch.active,
      days: 8,
      end: day,
      seed: 17,
      timeZone: TZ,
      hrIntervalS: 60,
    })
    const workoutDay = samples.workouts.some((w) => localDay(w.start, TZ) === day) ? day : addDays(day, -1)
    week = { page, day, workoutDay }
  })

  for (const locale of LOCALES) {
    test(`shows the reports of a simulated week in ${locale}`, async () => {
      await screenshotsIn(locale, week.page, week.day, week.workoutDay)
    })
  }
})

test.describe('goal, authorizations, questionnaire and fitness analysis', () => {
  test('checks and saves a daily goal, a consent and a complete questionnaire', async () => {
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('goal'), 'walk1234', enAccount)

    // daily goal: out of range is refused with the server's words, in range is saved
    await open(page, '/dailyGoal')
    const steps = page.getByRole('textbox', { name: t.goal.step, exact: true })
    await steps.fill('999')
    await button(page, t.goal.save).click()
    await expectError(page, 'GOAL_STEP_RANGE')
    await toastsGone(page)
    await steps.fill('12000')
    await page.getByRole('textbox', { name: t.goal.distance, exact: true }).fill('7.5')
    await button(page, t.goal.save).click()
    await expectToast(page, common.toast.modified)
    await page.reload()
    await expect.poll(() => steps.inputValue()).toBe('12000')
    expect(await page.getByRole('textbox', { name: t.goal.distance, exact: true }).inputValue()).toBe('7.5')

    // authorizations: none until given, one toggle saved at a time
    await open(page, '/userAuthorize')
    const exercise = page.getByRole('switch', { name: t.authorize.kinds.exercise })
    await expect.poll(() => exercise.getAttribute('aria-checked')).toBe('false')
    await exercise.click()
    await expectToast(page, common.toast.modified)
    await page.reload()
    await expect.poll(() => exercise.getAttribute('aria-checked')).toBe('true')
    expect(await page.getByRole('switch', { name: t.authorize.kinds.sleep }).getAttribute('aria-checked')).toBe('false')
    expect(await page.getByText(t.authorize.without, { exact: true }).count()).toBe(1)

    // questionnaire: every question must be answered
    await open(page, '/questionnaire')
    const groups = page.getByRole('radiogroup')
    await expect.poll(() => groups.count()).toBeGreaterThan(0)
    await groups.first().getByRole('radio', { name: t.questionnaire.no }).click()
    await button(page, t.questionnaire.submit).click()
    await expectError(page, 'QUESTIONNAIRE_INCOMPLETE')
    await toastsGone(page)
    for (const group of await groups.all()) await group.getByRole('radio', { name: t.questionnaire.no }).click()
    await button(page, t.questionnaire.submit).click()
    await expectToast(page, t.questionnaire.submitted)
    await expect.poll(() => page.getByText(t.questionnaire.results.clear, { exact: true }).count()).toBe(1)

    // the fitness analysis is redeemed with points (300 seeded): a new account has none, and is
    // told so, with the cost and its balance, before anything is asked of the server
    await open(page, '/physicalReport')
    await button(page, t.physical.redeem).click()
    const short = t.physical.notEnough.replace('{{price}}', '300').replace('{{points}}', '0')
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(short)
  })
})

test.describe('live heart rate over Bluetooth', () => {
  test('says so when the browser has no Web Bluetooth, and reads a heart-rate sensor when it has', async () => {
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('live'), 'walk1234', enAccount)
    await open(page, '/heartRateLive')
    await expect.poll(() => page.getByText(t.live.unsupported, { exact: true }).count()).toBe(1)

    // A sensor in the room, played in the page: GATT 0x180D / 0x2A37 notifications carrying the
    // bytes the Heart Rate Service spec defines (flags 0x16: UINT8 value, contact detected, RR).
    await page.addInitScript(() => {
      const characteristic = new EventTarget() as EventTarget & Record<string, unknown>
      characteristic.startNotifications = async () => {
        let beat = 0
        setInterval(() => {
          beat++
          // 72 bpm, RR 1024/1024 s = 1000 ms; every other beat 75 bpm, RR 820/1024 s ≈ 800.8 ms
          const bytes = beat % 2 ? [0x16, 72, 0x00, 0x04] : [0x16, 75, 0x34, 0x03]
          characteristic.value = new DataView(new Uint8Array(bytes).buffer)
          characteristic.dispatchEvent(new Event('characteristicvaluechanged'))
        }, 100)
        return characteristic
      }
      const server = {
        connected: true,
        connect: async () => server,
        disconnect: () => undefined,
        getPrimaryService: async (service: number) => {
          if (service !== 0x180d) throw new DOMException('no service', 'NotFoundError')
          return { getCharacteristic: async (c: number) => (c === 0x2a37 ? characteristic : Promise.reject()) }
        },
      }
      const device = Object.assign(new EventTarget(), { name: 'Chest strap HRM', gatt: server })
      Object.defineProperty(navigator, 'bluetooth', {
        value: { requestDevice: async () => device },
      })
    })
    await page.reload()
    await page.getByRole('button', { name: t.live.connect }).click()
    const current = page.getByRole('group', { name: t.live.current })
    await expect.poll(() => current.textContent()).toMatch(/^Chest strap HRM7[25]bpm$/)
    expect(await page.getByText(t.live.contact.detected, { exact: true }).count()).toBe(1)
    const rr = page.getByRole('group', { name: t.live.rr, exact: true }).locator(':scope > :last-child')
    await expect.poll(() => rr.textContent()).toMatch(/^(1000|800\.8)ms$/)
    await page.getByRole('button', { name: t.live.disconnect }).click()
    await expect.poll(() => page.getByRole('button', { name: t.live.connect }).count()).toBe(1)
  })
})

test.describe('importing a workout file', () => {
  test('reads a GPX track in the browser, records it once and shows it in the sports records', async () => {
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('import'), 'walk1234', enAccount)
    await open(page, '/sportsRecord?all=1')
    await expect.poll(() => page.getByText(common.empty, { exact: true }).count()).toBe(1)

    // three points 0.01° apart on the equator, 10 minutes apart: 2 × R·0.01·π/180 = 2,224 m in 20 min
    const start = Date.now() - 2 * 86_400_000
    const iso = (minutes: number) => new Date(start + minutes * 60_000).toISOString()
    const point = (lon: number, minutes: number, hr: number) =>
      `<trkpt lat="0" lon="${lon}"><time>${iso(minutes)}</time><extensions><hr>${hr}</hr></extensions></trkpt>`
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>${point(0, 0, 120)}${point(0.01, 10, 150)}${point(0.02, 20, 160)}</trkseg></trk></gpx>`
    const file = { name: 'Morning run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) }

    await page.locator('input[type=file]').setInputFiles(file)
    await expectToast(page, t.import.done)
    const list = page.getByRole('list', { name: t.sports.title })
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    const text = await list.getByRole('listitem').first().textContent()
    for (const part of [t.sports.types.run, '2.22 km', '20:00', `9'00"/km`, 'GPX']) expect(text).toContain(part)

    // the same file again is recognised, not stored twice
    await toastsGone(page)
    await page.locator('input[type=file]').setInputFiles(file)
    await expectToast(page, t.import.duplicate)
    expect(await list.getByRole('listitem').count()).toBe(1)
  })
})

async function checkSleep(page: Page, samples: Samples, day: string) {
  const sleep = expectedSleep(samples, day)
  expect(sleep.asleep).toBeGreaterThan(5 * 60) // the generator sleeps about eight hours
  await open(page, `/sleepReport?date=${day}`)
  await expect.poll(() => figure(page, t.sleep.duration)).toContain(minutesText(sleep.asleep))
  expect(await figure(page, t.sleep.score)).toContain(String(sleep.score))
  for (const stage of health.SLEEP_STAGES) {
    expect(await figure(page, t.sleep.stages[stage]), stage).toContain(minutesText(sleep.stages[stage]))
  }
}

async function checkHeartRateZones(page: Page, samples: Samples, day: string) {
  const zones = expectedZoneMinutes(samples, day)
  expect(zones.fatburn + zones.aerobic + zones.anaerobic).toBeGreaterThan(0)
  await open(page, `/heartRate?date=${day}`)
  const card = page.getByRole('region', { name: t.zones.title })
  await expect.poll(() => card.textContent()).toContain(t.zones.hrMax.replace('{{bpm}}', String(HR_MAX)))
  for (const zone of health.HR_ZONES) {
    expect(await figure(page, t.zones[zone], t.zones.title), zone).toContain(minutesText(zones[zone]))
  }
}

async function checkBloodPressure(page: Page, samples: Samples, day: string) {
  const readings = expectedBloodPressure(samples, day)
  expect(readings.length).toBeGreaterThan(0)
  await open(page, `/heartRateRecord?date=${day}`)
  const list = page.getByRole('list', { name: t.pressure.title })
  await expect.poll(() => list.getByRole('listitem').count()).toBe(readings.length)
  for (const r of readings) {
    const text = await list.getByRole('listitem', { name: r.time }).textContent()
    expect(text).toContain(t.pressure.reading.replace('{{high}}', String(r.high)).replace('{{low}}', String(r.low)))
  }
}

async function checkWeeklyReport(page: Page, samples: Samples, day: string) {
  const week = expectedWeekSteps(samples, day)
  await open(page, `/weeklyReportDetail?date=${day}`)
  await expect.poll(() => figureValue(page, t.stats.steps, t.weekly.totals)).toBe(week.steps)
  // the plain-words summary is there, in the interface language
  expect(await page.getByRole('list', { name: t.weekly.summary }).getByRole('listitem').count()).toBeGreaterThan(0)
}

async function checkSportsRecords(page: Page, samples: Samples, day: string) {
  const workouts = expectedWorkouts(samples, day)
  expect(workouts.length).toBeGreaterThan(0)
  await open(page, `/sportsRecord?date=${day}`)
  const list = page.getByRole('list', { name: t.sports.title })
  await expect.poll(() => list.getByRole('listitem').count()).toBe(workouts.length)
  const texts = await list.getByRole('listitem').allTextContents()
  for (const [i, w] of workouts.entries()) {
    // newest first on screen
    const text = texts[workouts.length - 1 - i] ?? ''
    for (const part of [t.sports.types[w.type], w.distance, w.duration, w.pace, w.calories])
      expect(text).toContain(part)
  }
  // a record opens with its heart-rate curve (1 Hz on the watch during a run)
  await list.getByRole('button').first().click()
  await expect.poll(() => page.getByRole('img', { name: t.sports.hrCurve }).count()).toBe(1)
}

const TEXTS: Record<Locale, typeof t> = { 'en-US': t, 'zh-CN': cnHealth, 'zh-TW': twHealth }

/** The main report pages in `locale`, each shot as a test artifact; the sleep report's stage names in that language. */
async function screenshotsIn(locale: Locale, page: Page, day: string, workoutDay: string) {
  const pages = {
    heartRate: `/heartRate?date=${workoutDay}`,
    sleepReport: `/sleepReport?date=${day}`,
    heartRateRecord: `/heartRateRecord?date=${day}`,
    weeklyReportDetail: `/weeklyReportDetail?date=${day}`,
    sportsRecord: `/sportsRecord?date=${workoutDay}`,
    deviceList: '/deviceList',
  }
  // runs after the context's earlier init scripts, so this language wins from the next load
  await page.addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
  await page.reload()
  for (const [name, route] of Object.entries(pages)) {
    await open(page, route)
    await expect.poll(() => page.locator('main :is(section, form)').count()).toBeGreaterThan(0)
    if (name === 'sleepReport') {
      // the page speaks the language: its stage names come from that language's texts
      const deep = TEXTS[locale].sleep.stages.deep
      await expect.poll(() => page.getByRole('group', { name: deep, exact: true }).count()).toBe(1)
    }
    await screenshot(page, `${locale}-${name}`)
  }
}
