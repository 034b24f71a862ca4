// Lighthouse mobile scores (its default config: a mid-range phone, simulated slow 4G and a
// 4× slower CPU) for /login, /homePage and the wallet's /spot, against the server under
// test serving the built app, in Debian's Chromium (headless; --no-sandbox as root). The
// signed-in pages run with the fixture person's session cookies sent on every request.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium'
const RESULTS = path.resolve(import.meta.dirname, 'results')
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

export interface LighthouseScore {
  page: string
  /** Where the page ended (a signed-in page that fell back to /login would show it here). */
  shown: string
  performance: number
  accessibility: number
  bestPractices: number
  /** Largest contentful paint and total blocking time (simulated), ms. */
  lcpMs: number
  tbtMs: number
  /** Lighthouse's runtime error of the last attempt, when it had one. */
  error?: string
}

export async function measureLighthouse(base: string, cookie: string): Promise<LighthouseScore[]> {
  mkdirSync(RESULTS, { recursive: true })
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const pages: [string, boolean][] = [
      ['/login', false],
      ['/homePage', true],
      ['/spot', true],
    ]
    const scores: LighthouseScore[] = []
    for (const [page, signedIn] of pages) {
      const run = async () => {
        const result = await lighthouse(`${base}/#${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(signedIn ? { extraHeaders: { cookie } } : {}),
        })
        if (!result) throw new Error(`lighthouse gave no result for ${page}`)
        return result.lhr
      }
      // a run Lighthouse itself could not complete (e.g. a trace lost on a starved CPU) runs again, up to 3 times
      let lhr = await run()
      for (let attempt = 1; lhr.runtimeError && attempt < 3; attempt++) lhr = await run()
      // the whole report beside latest.json, for what the scores do not say (git-ignored)
      writeFileSync(path.join(RESULTS, `lighthouse${page.replace('/', '-')}.json`), JSON.stringify(lhr))
      const { categories, audits } = lhr
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
      scores.push({
        page,
        shown: new URL(lhr.finalDisplayedUrl).hash,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      })
    }
    return scores
  } finally {
    chrome.kill()
  }
}
