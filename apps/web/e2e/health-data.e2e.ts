import { readFileSync } from 'node:fs'
import { errorMessage, type Locale } from '@kinetic/protocol'
import { addDays, localDay, localToUnix } from '@kinetic/watch-sim'
import type { Browser, Page } from '@playwright/test'
import cnAccount from '../src/i18n/locales/zh-CN/account.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import twAccount from '../src/i18n/locales/zh-TW/account.json' with { type: 'json' }
import twHealth from '../src/i18n/locales/zh-TW/health.json' with { type: 'json' }
import { expect, test } from './fixtures.ts'
import { newHealthPage, t, TZ } from './health.support.ts'
import { open, registerThroughForm, uniqueEmail } from './support.ts'
import { expectToast } from './wallet.support.ts'

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** Calls an operation as the page's signed-in account does (cookies of its context). */
async function call(page: Page, method: string, params: Record<string, string | number> = {}) {
  const response = await page.request.post('/v1/index', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    form: { method, lang: 'us-en', ...params },
  })
  const body = (await response.json()) as { code: boolean; data: Record<string, unknown> }
  expect(body.code, JSON.stringify(body)).toBe(true)
  return body.data
}

const totalsOf = async (page: Page, date: string) => (await call(page, '/v1/well', { date })).totals

async function signedUpPage(locale: Locale, account: typeof enAccount) {
  const page = await newHealthPage(browser, locale)
  await registerThroughForm(page, uniqueEmail('health-data'), 'data1234', account)
  return page
}

/** Imports `file` on the My health data page and waits for the summary. */
async function importOnPage(page: Page, file: string, texts: typeof t) {
  await open(page, '/healthData')
  await page.getByLabel(texts.data.chooseFile).setInputFiles(file)
  await expect(page.getByRole('status')).toBeVisible()
  return (await page.getByRole('status').textContent()) ?? ''
}

test.describe('own your data in the browser', () => {
  test('exports a zip, and importing it into other accounts shows the same day totals', async () => {
    test.slow()
    // an English account with two imported workouts on one day
    const owner = await signedUpPage('en-US', enAccount)
    // yesterday on the account's clock (its zone is the device's): a run at 12:00, a ride at 9:00–10:00
    const day = addDays(localDay(Math.floor(Date.now() / 1000), TZ), -1)
    const start = new Date(localToUnix(day, 12, TZ) * 1000)
    // the contract's `t,lat,lon,distance,hr,cadence` points, positions only
    const track = Array.from({ length: 31 }, (_, i) => `${i * 60},31.${20000 + i * 150},121.47,,,`).join(';')
    const run = await call(owner, '/v1/motion_import', {
      source: 'gpx',
      type: 'run',
      start: start.toISOString(),
      duration_s: 1800,
      distance_m: 5000,
      steps: 4800,
      track,
    })
    await call(owner, '/v1/motion_import', {
      source: 'fit',
      type: 'cycle',
      start: new Date(localToUnix(day, 9, TZ) * 1000).toISOString(),
      duration_s: 3600,
      distance_m: 18_000,
      heart_rate: Array.from({ length: 60 }, (_, i) => 110 + (i % 25)).join(','),
    })
    expect(run.date).toBe(day)
    const totals = await totalsOf(owner, day)
    expect(totals).toMatchObject({ steps: 4800, distance_m: 23_000 })

    // the export page, in English: the whole history by default, downloaded as a zip
    await open(owner, '/healthData')
    await expect(owner.getByRole('heading', { name: t.data.exportTitle })).toBeVisible()
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: t.data.download }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^kinetic-health-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/)
    const file = await download.path()
    expect(readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))

    // a Simplified-Chinese account imports it: the same day totals, and it says so in its language
    const reader = await signedUpPage('zh-CN', cnAccount)
    const summary = await importOnPage(reader, file, cnHealth)
    expect(summary).toContain(cnHealth.data.kinds.kinetic)
    expect(summary).toContain(cnHealth.data.noEnergy)
    await expectToast(reader, cnHealth.data.imported)
    expect(await totalsOf(reader, day)).toEqual(totals)
    // the sports record of that day shows the two workouts and the day's steps
    await open(reader, `/sportsRecord?date=${day}`)
    await expect(reader.getByText('4,800').or(reader.getByText('4800')).first()).toBeVisible()
    // a second import adds nothing
    expect(await importOnPage(reader, file, cnHealth)).toBe(cnHealth.data.nothingNew)
    expect(await totalsOf(reader, day)).toEqual(totals)

    // a Traditional-Chinese account: the same totals; a file that is not an export is refused by name
    const third = await signedUpPage('zh-TW', twAccount)
    expect(await importOnPage(third, file, twHealth)).toContain(twHealth.data.kinds.kinetic)
    expect(await totalsOf(third, day)).toEqual(totals)
    await third.getByLabel(twHealth.data.chooseFile).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not health data'),
    })
    await expectToast(third, errorMessage('IMPORT_FORMAT_UNKNOWN', 'zh-hk'))
  })
})
