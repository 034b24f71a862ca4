import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { errorMessage, wireLang, type Locale } from '@kinetic/protocol'
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

const setLanguage = (page: Page, locale: Locale) =>
  page.evaluate((l) => localStorage.setItem('currentLanguage', l), locale)

const byTestId = (page: Page, id: string) => page.getByTestId(id).innerText()
const banner = (page: Page) => page.getByRole('status').filter({ hasText: /—|Offline|离线|離線/ })

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
    const watch = demoWatch(27)
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
      seed: 27,
      timeZone: TZ,
    })
    await createWalletThroughScreens(page, 'Offline', 'Zebra-Quartz-91')
    await fund(await walletAddress(page))
    await underServiceWorker(page)

    for (const locale of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const app = APP[locale]
      const health = HEALTH[locale]
      await setLanguage(page, locale)

      // online: each screen read once in this language (the offline copy keeps what was read)
      await open(page, '/homePage')
      await page.reload()
      await expect.poll(() => byTestId(page, 'home-steps')).not.toBe('')
      const steps = await byTestId(page, 'home-steps')
      const energy = await byTestId(page, 'today-energy')
      await open(page, '/weeklyReport')
      const weeks = page.getByRole('group', { name: health.weekly.title })
      await expect.poll(() => weeks.count()).toBe(1)
      const weekly = await weeks.innerText()
      await open(page, '/spot')
      await expect.poll(() => assetRowText(page, 'BNB'), { timeout: 20_000 }).toContain('10')
      const bnb = await assetRowText(page, 'BNB')
      await open(page, '/userAuthorize')
      const exercise = page.getByRole('switch', { name: health.authorize.kinds.exercise })
      await expect.poll(() => exercise.count()).toBe(1)
      expect(await banner(page).count()).toBe(0)

      // the network goes: each screen reloads from the service worker and the offline copy
      await context.setOffline(true)
      const asOf = new RegExp(app.offline.banner.replace('{{time}}', '\\d{2}:\\d{2}').replace(/[()]/g, '\\$&'))
      await open(page, '/homePage')
      await page.reload()
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      expect(await byTestId(page, 'home-steps')).toBe(steps)
      expect(await byTestId(page, 'today-energy')).toBe(energy)
      await open(page, '/weeklyReport')
      await page.reload()
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      await expect.poll(() => weeks.innerText()).toBe(weekly)
      await open(page, '/spot')
      await page.reload()
      await expect.poll(() => banner(page).innerText()).toMatch(asOf)
      await expect.poll(() => assetRowText(page, 'BNB')).toBe(bnb)

      // a write is refused at once, in the language of the page, and nothing changes
      await open(page, '/userAuthorize')
      await page.reload()
      await expect.poll(() => exercise.count()).toBe(1)
      const checked = await exercise.getAttribute('aria-checked')
      await exercise.click()
      await expectToast(page, errorMessage('OFFLINE', wireLang(locale)))
      await toastsGone(page)

      // back online: the banner goes and the screen is read again
      await context.setOffline(false)
      await expect.poll(() => banner(page).count()).toBe(0)
      await page.reload()
      await expect.poll(() => exercise.getAttribute('aria-checked')).toBe(checked)
    }

    // signing out deletes this account's copy from the device
    const stored = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const request = indexedDB.open('kinetic-offline')
            request.onerror = () => reject(request.error)
            request.onsuccess = () => {
              const db = request.result
              if (!db.objectStoreNames.contains('answers')) return resolve([])
              const keys = db.transaction('answers').objectStore('answers').getAllKeys()
              keys.onsuccess = () => resolve(keys.result.map(String))
            }
          }),
      )
    const account = await page.evaluate(() => localStorage.getItem('currentAccount'))
    expect(await stored()).toContain(`account:${account}`)
    await setLanguage(page, 'en-US')
    await open(page, '/my')
    await page.reload()
    await page.getByRole('button', { name: enAccount.mine.signOut }).click()
    await page.getByRole('dialog').getByRole('button', { name: enCommon.confirm, exact: true }).click()
    await page.waitForURL(/#\/login$/)
    await expect.poll(stored).not.toContain(`account:${account}`)
    await context.close()
  })
})
