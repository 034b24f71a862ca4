import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { deviceToken, localDay, upload } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import twHealth from '../src/i18n/locales/zh-TW/health.json' with { type: 'json' }
import device from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import { demoWatch } from './earn.support.ts'
import { setTimeZone } from './home.support.ts'
import { newHealthPage, t, TZ } from './health.support.ts'
import { inject, open, registerThroughForm, uniqueEmail } from './support.ts'
import { button, expectToast } from './wallet.support.ts'

/** Screenshots of the pages, kept as test artifacts (git-ignored) for people to look at. */
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts', 'health-reports')

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
  mkdirSync(ARTIFACTS, { recursive: true })
})

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

/**
 * A GPX run named "run": 31 points 30 s apart going east along the equator, 0.0008° (89 m) a
 * step, so 2.67 km in 15 minutes, with the heart rate climbing from `hrFrom` (120) by 30. A
 * workout earns once across accounts: each test's run has a heart rate of its own.
 */
function runFile(start: number, hrFrom = 120) {
  const points = Array.from({ length: 31 }, (_, i) => {
    const time = new Date(start + i * 30_000).toISOString()
    return `<trkpt lat="0" lon="${(i * 0.0008).toFixed(4)}"><time>${time}</time><extensions><hr>${hrFrom + i}</hr></extensions></trkpt>`
  }).join('')
  const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>run</type><trkseg>${points}</trkseg></trk></gpx>`
  return { name: 'run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) }
}

async function importRun(page: Page, start: number, done: string, hrFrom?: number) {
  await open(page, '/sportsRecord?all=1')
  await page.locator('input[type=file]').setInputFiles(runFile(start, hrFrom))
  await expectToast(page, done)
}

test.describe('reports that explain', () => {
  // sign-up, an import and a report each: up to 86 s beside two other workers on a busy machine
  test.describe.configure({ timeout: 180_000 })
  test('a workout shows its type in the user’s language and a detail page with route, splits, cadence and zones', async () => {
    const page = await newHealthPage(browser, 'zh-CN')
    await registerThroughForm(page, uniqueEmail('detail'), 'walk1234')
    await importRun(page, Date.now() - 3 * 3_600_000, cnHealth.import.done)

    // the list's title is the localized type, never the file's raw "run"
    const list = page.getByRole('list', { name: cnHealth.sports.title })
    const item = list.getByRole('listitem').first()
    await expect(item).toContainText(cnHealth.sports.types.run)
    expect(await item.textContent()).not.toMatch(/\brun\b/)

    await item.getByRole('button').click()
    await expect(page.getByRole('heading', { name: cnHealth.sports.types.run })).toBeVisible()
    await page.getByRole('button', { name: cnHealth.sports.details }).click()
    await expect(page).toHaveURL(/#\/workoutDetail\?id=\d+/)

    // the route drawn from the track's 31 points, no map tiles
    const route = page.getByRole('img', { name: cnHealth.sports.route })
    await expect(route).toBeVisible()
    expect((await route.locator('polyline').getAttribute('points'))?.split(' ')).toHaveLength(31)
    expect(await page.locator('img[src*="tile"], [class*="leaflet"]').count()).toBe(0)
    // 2.67 km: two full kilometres at 5'37" and the 0.67 km rest
    const rows = page.getByRole('table', { name: cnHealth.sports.splits }).locator('tbody tr')
    await expect(rows).toHaveCount(3)
    await expect(rows.nth(0)).toContainText(cnHealth.sports.splitKm.replace('{{km}}', '1'))
    await expect(rows.nth(0)).toContainText(`5'37"`)
    await expect(rows.nth(2)).toContainText('0.67')
    await expect(page.getByRole('group', { name: cnHealth.sports.pace })).toContainText(`5'37"`)
    await expect(page.getByRole('group', { name: cnHealth.sports.cadence })).toBeVisible()
    // minute averages 121, 123 … 149 with HRmax 190 (age 30): 6 in fat burn (114–132), 9 aerobic (133–151)
    await expect(page.getByRole('group', { name: cnHealth.zones.fatburn })).toContainText('6分钟')
    await expect(page.getByRole('group', { name: cnHealth.zones.aerobic })).toContainText('9分钟')
    await screenshot(page, 'workout-detail.zh-CN')
  })

  test('downloads the doctor-ready PDF of the week from the weekly report, holding the week’s workout', async () => {
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('pdf'), 'walk1234', enAccount)
    const start = Date.now() - 3 * 3_600_000
    await importRun(page, start, t.import.done, 126)
    const day = localDay(Math.floor(start / 1000), TZ)

    await open(page, `/weeklyReportDetail?date=${day}`)
    await expect(page.getByRole('list', { name: t.weekly.drivers }).getByRole('listitem')).toHaveCount(4)
    await expect(page.getByRole('region', { name: t.weekly.suggestion })).toContainText(/\w{3,}/)
    await screenshot(page, 'weekly-report.en-US')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.weekly.pdfWeek }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^kinetic-health-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/)
    const bytes = await readFile((await download.path())!)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain('Health report for your doctor')
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(flat).toContain(`${day} ${time.format(new Date(start))} Run 15 min · 2.67 km`)
  })
})

/** A zone where it is now between 02:00 and 02:59 (Etc zones: whole hours, sign reversed). */
function zoneAtTwoAm(): string {
  let offset = (((2 - new Date().getUTCHours()) % 24) + 24) % 24
  if (offset > 14) offset -= 24
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

test.describe('a night still in progress', () => {
  test.describe.configure({ timeout: 180_000 })
  test('shows as in progress with the rule that ends it, unscored, in the three languages', async () => {
    const page = await newHealthPage(browser)
    await registerThroughForm(page, uniqueEmail('night'), 'walk1234', enAccount)
    const zone = zoneAtTwoAm()
    await setTimeZone(page, zone)
    const watch = demoWatch(16)
    await open(page, '/deviceList')
    await page.getByPlaceholder(device.bind.deviceCodePlaceholder).fill(watch.device)
    await page.getByPlaceholder(device.bind.activeCodePlaceholder).fill(watch.active)
    await button(page, device.bind.submit).click()
    await expectToast(page, device.toast.bound)
    const token = await deviceToken(inject('baseUrl'), watch.device, watch.active)

    // asleep from 149 minutes ago, the last stage ended 8 minutes ago (at 02:47: 00:10 – 02:39)
    const last = Math.floor(Date.now() / 60_000) * 60 - 8 * 60
    const start = last - 149 * 60
    const night = [
      { start, end: start + 50 * 60, stage: 'light' as const },
      { start: start + 50 * 60, end: start + 104 * 60, stage: 'deep' as const },
      { start: start + 104 * 60, end: start + 110 * 60, stage: 'awake' as const },
      { start: start + 110 * 60, end: last, stage: 'light' as const },
    ]
    const sent = await upload(inject('baseUrl'), token, {
      heart_rate: [],
      steps: [],
      sleep: night,
      blood_pressure: [],
      spo2: [],
      workouts: [],
    })
    expect(sent.accepted.sleep).toBe(4)
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const window = { start: clock.format(new Date(start * 1000)), last: clock.format(new Date(last * 1000)) }
    const fill = (text: string, values: Record<string, string | number>) =>
      Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text)

    for (const [locale, texts] of [
      ['en-US', t],
      ['zh-CN', cnHealth],
      ['zh-TW', twHealth],
    ] as const) {
      await page.addInitScript((l) => localStorage.setItem('currentLanguage', l), locale)
      await page.reload()
      await open(page, '/sleepReport')
      const card = page.getByRole('group', { name: texts.sleep.inProgress, exact: true })
      await expect.poll(() => card.textContent(), locale).toContain(fill(texts.sleep.inProgressWindow, window))
      expect(await page.getByText(fill(texts.sleep.inProgressRule, { minutes: 60 })).count(), locale).toBe(1)
      expect(await page.getByRole('group', { name: texts.sleep.score, exact: true }).count(), locale).toBe(0)
      await screenshot(page, `${locale}-sleep-in-progress`)
    }
  })
})
