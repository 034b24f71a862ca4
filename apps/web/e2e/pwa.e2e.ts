import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { earn, errorMessage, health, wallet, wireLang, type Locale } from '@kinetic/protocol'
import { addDays, localDay, simulateDays } from '@kinetic/watch-sim'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import enAccount from '../src/i18n/locales/en-US/account.json' with { type: 'json' }
import enApp from '../src/i18n/locales/en-US/app.json' with { type: 'json' }
import enCommon from '../src/i18n/locales/en-US/common.json' with { type: 'json' }
import enDevice from '../src/i18n/locales/en-US/device.json' with { type: 'json' }
import enHealth from '../src/i18n/locales/en-US/health.json' with { type: 'json' }
import cnApp from '../src/i18n/locales/zh-CN/app.json' with { type: 'json' }
import cnHealth from '../src/i18n/locales/zh-CN/health.json' with { type: 'json' }
import twApp from '../src/i18n/locales/zh-TW/app.json' with { type: 'json' }
import twHealth from '../src/i18n/locales/zh-TW/health.json' with { type: 'json' }
import { demoWatch } from './earn.support.ts'
import { expect, test } from './fixtures.ts'
import { TZ } from './health.support.ts'
import { inject, open, registerThroughForm, uniqueEmail } from './support.ts'
import {
  assetRowText,
  button,
  createWalletThroughScreens,
  expectToast,
  fund,
  toastsGone,
  walletAddress,
} from './wallet.support.ts'

/**
 * The installed app (docs/adr/2026-11-24-pwa-service-worker.md, …-pwa-offline-reads.md): the
 * only e2e file whose pages run the service worker (playwright.config.ts blocks it elsewhere).
 * Chromium's own verdict on the manifest and installability comes from the DevTools protocol.
 */

const APP = { 'en-US': enApp, 'zh-CN': cnApp, 'zh-TW': twApp } as const
const HEALTH = { 'en-US': enHealth, 'zh-CN': cnHealth, 'zh-TW': twHealth } as const

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** A phone-sized context that runs service workers, on the wearer's clock, in `locale`. */
async function appContext(locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: TZ,
    serviceWorkers: 'allow',
  })
  await context.addInitScript((l) => {
    if (!localStorage.getItem('currentLanguage')) localStorage.setItem('currentLanguage', l)
  }, locale)
  return context
}

/** Waits until the service worker is active, then reloads: from then on it controls the page. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/)
}

let loads = 0
/** A full page load of a route (not a hash change): what a launch of the app does. */
const load = (page: Page, route: string) => page.goto(`/?load=${++loads}#${route}`)

const setLanguage = (page: Page, locale: Locale) =>
  page.evaluate((l) => localStorage.setItem('currentLanguage', l), locale)

const byTestId = (page: Page, id: string) => page.getByTestId(id).innerText()
const banner = (page: Page) => page.getByRole('status').filter({ hasText: /—|Offline|离线|離線/ })

/** The keys of the offline copies in this browser profile's IndexedDB (api/offline.ts), read without creating it. */
const stored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('kinetic-offline')
        // not there yet: leave it to the app to create (with its store)
        request.onupgradeneeded = () => request.transaction?.abort()
        request.onerror = () => resolve([])
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('answers')) return resolve([])
          const keys = db.transaction('answers').objectStore('answers').getAllKeys()
          keys.onsuccess = () => resolve(keys.result.map(String))
        }
      }),
  )

/** The account's offline copy (api/offline.ts): when it was saved, and its answers by operation. */
const copy = (page: Page, account: string | null) =>
  page.evaluate(
    (key) =>
      new Promise<{ savedAt: number; answers: Record<string, unknown> }>((resolve) => {
        const request = indexedDB.open('kinetic-offline')
        request.onupgradeneeded = () => request.transaction?.abort()
        request.onerror = () => resolve({ savedAt: 0, answers: {} })
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('answers')) return resolve({ savedAt: 0, answers: {} })
          const read = db.transaction('answers').objectStore('answers').get(key)
          read.onsuccess = () => {
            const saved = read.result as
              | { timestamp: number; clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
              | undefined
            const queries = saved?.clientState.queries ?? []
            resolve({
              savedAt: saved?.timestamp ?? 0,
              answers: Object.fromEntries(queries.map((query) => [String(query.queryKey[3]), query.state.data])),
            })
          }
        }
      }),
    `account:${account}`,
  )

/** The answers the account's offline copy holds, by operation. */
const copied = async (page: Page, account: string | null) => (await copy(page, account)).answers

/** A move to another screen inside the open app (a hash change, not a page load). */
const visit = (page: Page, route: string) =>
  page.evaluate((r) => {
    window.location.hash = r
  }, route)

test.describe('the installable app', () => {
  test('Chromium reads each language’s manifest with no errors and finds the app installable under its service worker', async ({
    launchOptions,
  }) => {
    // installable only in a browser profile of its own: Playwright's contexts are incognito
    // (Chromium then names only `in-incognito`)
    const profile = mkdtempSync(path.join(tmpdir(), 'kinetic-pwa-'))
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      headless: true,
      baseURL: inject('baseUrl'),
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await open(page, '/homePage')
    await underServiceWorker(page)
    const cdp = await context.newCDPSession(page)

    for (const locale of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      await setLanguage(page, locale)
      await page.reload()
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale)
      const appManifest = async () =>
        (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string }
      await expect
        .poll(async () => (await appManifest()).url)
        .toBe(`${inject('baseUrl')}/manifest.${locale}.webmanifest`)
      const manifest = await appManifest()
      expect(manifest.errors).toEqual([])
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
        name: APP[locale].pwa.name,
        short_name: APP[locale].pwa.shortName,
        lang: locale,
        display: 'standalone',
        start_url: '/#/homePage',
        theme_color: '#0b0d12',
        background_color: '#0b0d12',
        share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
      })
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[]
      }
      expect(installabilityErrors).toEqual([])
    }
    // the page is the service worker's, and so are the pages Chromium would open from the manifest
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  })

  test('shows the last-known Home, weekly report and wallet offline in three languages, refuses a write, and forgets it all at sign-out', async () => {
    test.slow()
    const context = await appContext('en-US')
    const page = await context.newPage()
    await registerThroughForm(page, uniqueEmail('pwa'), 'walk1234', enAccount)

    // a week of a watch's data (the weekly report and Home have something to show) and a funded wallet
    // a watch of its own: clock.e2e.ts binds 11 and 12 on the same worker's server
    const watch = demoWatch(15)
    await open(page, '/deviceList')
    await page.getByPlaceholder(enDevice.bind.deviceCodePlaceholder).fill(watch.device)
    await page.getByPlaceholder(enDevice.bind.activeCodePlaceholder).fill(watch.active)
    await button(page, enDevice.bind.submit).click()
    await expectToast(page, enDevice.toast.bound)
    const today = localDay(Math.floor(Date.now() / 1000), TZ)
    await simulateDays({
      baseUrl: inject('baseUrl'),
      deviceCode: watch.device,
      activationCode: watch.active,
      days: 8,
      end: addDays(today, -1),
      seed: 12,
      timeZone: TZ,
    })
    await createWalletThroughScreens(page, 'Offline', 'Zebra-Quartz-91')
    await fund(await walletAddress(page))
    await underServiceWorker(page)

    for (const locale of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const app = APP[locale]
      const texts = HEALTH[locale]
      await setLanguage(page, locale)

      // online: the app launched, then each screen read once in this language, moving inside the
      // app (a launch between two reads could go before the first one's answer is copied)
      await load(page, '/homePage')
      await expect.poll(() => byTestId(page, 'home-steps')).not.toBe('')
      const steps = await byTestId(page, 'home-steps')
      const energy = await byTestId(page, 'today-energy')
      await visit(page, '/weeklyReport')
      const weeks = page.getByRole('group', { name: texts.weekly.title })
      await expect.poll(() => weeks.count()).toBe(1)
      const weekly = await weeks.innerText()
      await visit(page, '/spot')
      await expect.poll(() => assetRowText(page, 'BNB'), { timeout: 20_000 }).toContain('10')
      const bnb = await assetRowText(page, 'BNB')
      await visit(page, '/userAuthorize')
      const exercise = page.getByRole('switch', { name: texts.authorize.kinds.exercise })
      await expect.poll(() => exercise.count()).toBe(1)
      expect(await banner(page).count()).toBe(0)
      // the app saves what it read soon after each answer: then the network goes
      const account = await page.evaluate(() => localStorage.getItem('currentAccount'))
      for (const read of [earn.home, health.weekly, wallet.walletIndex, health.authorize])
        await expect.poll(async () => Object.keys(await copied(page, account))).toContain(read.name)
      // the wallet as funded, not as read before the funds came
      await expect
        .poll(async () => {
          const answer = (await copied(page, account))[wallet.walletIndex.name] as { total_usd?: string } | undefined
          return Number(answer?.total_usd ?? 0)
        })
        .toBeGreaterThan(0)

      // the network goes: each screen reloads from the service worker and the offline copy
      await context.setOffline(true)
      const asOf = new RegExp(app.offline.banner.replace('{{time}}', '\\d{2}:\\d{2}').replace(/[()]/g, '\\$&'))
      await load(page, '/homePage')
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      expect(await byTestId(page, 'home-steps')).toBe(steps)
      expect(await byTestId(page, 'today-energy')).toBe(energy)
      await load(page, '/weeklyReport')
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      await expect.poll(() => weeks.innerText()).toBe(weekly)
      await load(page, '/spot')
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      await expect.poll(() => assetRowText(page, 'BNB')).toBe(bnb)

      // a write is refused at once, in the language of the page, and nothing changes
      await load(page, '/userAuthorize')
      await expect.poll(() => exercise.count()).toBe(1)
      const checked = await exercise.getAttribute('aria-checked')
      await exercise.click()
      await expectToast(page, errorMessage('OFFLINE', wireLang(locale)))
      await toastsGone(page)

      // back online: the banner goes and the screen is read again
      await context.setOffline(false)
      await expect.poll(() => banner(page).count()).toBe(0)
      const launched = Date.now()
      await load(page, '/userAuthorize')
      await expect.poll(() => exercise.getAttribute('aria-checked')).toBe(checked)
      // a launch online shows the server's answers, and its saves keep the screens not read again
      await expect.poll(async () => (await copy(page, account)).savedAt).toBeGreaterThan(launched)
      expect(Object.keys(await copied(page, account))).toEqual(
        expect.arrayContaining([earn.home.name, health.weekly.name, wallet.walletIndex.name]),
      )
    }

    // signing out deletes this account's copy from the device
    const account = await page.evaluate(() => localStorage.getItem('currentAccount'))
    expect(await stored(page)).toContain(`account:${account}`)
    await setLanguage(page, 'en-US')
    await open(page, '/my')
    await page.reload()
    await page.getByRole('button', { name: enAccount.mine.signOut }).click()
    await page.getByRole('dialog').getByRole('button', { name: enCommon.confirm, exact: true }).click()
    await page.waitForURL(/#\/login$/)
    await expect.poll(() => stored(page)).not.toContain(`account:${account}`)
    await context.close()
  })

  test('a screen read in an earlier launch, reached offline by a move inside the app, shows the copy a reload shows', async () => {
    const context = await appContext('en-US')
    const page = await context.newPage()
    await registerThroughForm(page, uniqueEmail('pwa-nav'), 'walk1234', enAccount)
    await underServiceWorker(page)
    const account = await page.evaluate(() => localStorage.getItem('currentAccount'))

    // read once online, and copied
    await load(page, '/userAuthorize')
    const exercise = page.getByRole('switch', { name: enHealth.authorize.kinds.exercise })
    await expect.poll(() => exercise.count()).toBe(1)
    const checked = await exercise.getAttribute('aria-checked')
    await expect.poll(async () => Object.keys(await copied(page, account))).toContain(health.authorize.name)

    // a later launch online that does not read it; then the network goes
    const launched = Date.now()
    await load(page, '/homePage')
    await expect.poll(async () => (await copy(page, account)).savedAt).toBeGreaterThan(launched)
    await context.setOffline(true)
    await expect.poll(() => banner(page).count()).toBe(1)

    // moving to it inside the app shows the copy, not "not opened on this device yet"
    await visit(page, '/userAuthorize')
    await expect.poll(() => exercise.count()).toBe(1)
    expect(await exercise.getAttribute('aria-checked')).toBe(checked)
    expect(await page.getByText(enCommon.notOffline).count()).toBe(0)

    // the same as a reload offline shows
    await load(page, '/userAuthorize')
    await expect.poll(() => exercise.count()).toBe(1)
    expect(await exercise.getAttribute('aria-checked')).toBe(checked)
    await context.setOffline(false)
    await context.close()
  })

  test('opens a workout file shared to the installed app in the import, which records it', async () => {
    const context = await appContext('en-US')
    const page = await context.newPage()
    await registerThroughForm(page, uniqueEmail('pwa-share'), 'walk1234', enAccount)
    await underServiceWorker(page)

    // three points 0.01° apart on the equator, 10 minutes apart: 2.22 km in 20 min
    const start = Date.now() - 2 * 86_400_000
    const iso = (minutes: number) => new Date(start + minutes * 60_000).toISOString()
    const point = (lon: number, minutes: number, hr: number) =>
      `<trkpt lat="0" lon="${lon}"><time>${iso(minutes)}</time><extensions><hr>${hr}</hr></extensions></trkpt>`
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>${point(0, 0, 120)}${point(0.01, 10, 150)}${point(0.02, 20, 160)}</trkseg></trk></gpx>`

    // what Chromium does with a file shared to the app: a multipart POST page load of the
    // manifest's share_target action
    await page.evaluate((text) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.enctype = 'multipart/form-data'
      form.action = '/share-target'
      const input = document.createElement('input')
      input.type = 'file'
      input.name = 'file'
      const files = new DataTransfer()
      files.items.add(new File([text], 'Morning run.gpx', { type: 'application/gpx+xml' }))
      input.files = files.files
      form.append(input)
      document.body.append(form)
      form.submit()
    }, gpx)
    await page.waitForURL(/#\/sportsRecord/)
    await expectToast(page, enHealth.import.done)
    await expect.poll(() => page.url()).not.toContain('shared=1')
    await open(page, '/sportsRecord?all=1')
    const list = page.getByRole('list', { name: enHealth.sports.title })
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    const text = await list.getByRole('listitem').first().textContent()
    for (const part of [enHealth.sports.types.run, '2.22 km', 'GPX']) expect(text).toContain(part)

    // taken once: the import opened again finds nothing to import
    await toastsGone(page)
    await open(page, '/sportsRecord?all=1&shared=1')
    await expect.poll(() => page.url()).not.toContain('shared=1')
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    expect(await page.getByText(enHealth.import.duplicate, { exact: true }).count()).toBe(0)
    await context.close()
  })

  test('deletes every offline copy on the device when the session is lost', async () => {
    const context = await appContext('en-US')
    const page = await context.newPage()
    await registerThroughForm(page, uniqueEmail('pwa-lost'), 'walk1234', enAccount)
    await expect.poll(() => byTestId(page, 'home-steps')).not.toBe('')
    const account = await page.evaluate(() => localStorage.getItem('currentAccount'))
    await expect.poll(() => stored(page)).toContain(`account:${account}`)
    // the server no longer knows the session: the next call answers 401
    await context.clearCookies()
    await open(page, '/my')
    await page.waitForURL(/#\/login$/)
    await expect.poll(() => stored(page)).toEqual([])
    await context.close()
  })
})
