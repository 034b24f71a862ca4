import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { localDay } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect, test } from './fixtures.ts'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import { newHealthPage, t, TZ } from './health.support.ts'
import { open, registerThroughForm, uniqueEmail } from './support.ts'
import { expectToast } from './wallet.support.ts'

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
