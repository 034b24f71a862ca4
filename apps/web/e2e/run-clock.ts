import type { Browser, Page } from '@playwright/test'
import { createTestClient, http } from 'viem'
import { startClockAt, TEST_NOW, TEST_NOW_SINCE, testZone } from '../../server/src/platform/test-clock.ts'

/**
 * One clock for the whole browser run (docs/adr/2026-11-28-time-is-an-input.md): with `TEST_NOW`
 * set, the run starts at that instant when global-setup.ts runs and runs on at real speed; the
 * Playwright workers (the tests computing what a page must show), the servers they start
 * (`TEST_NOW_SINCE`, set here, reaches them with the rest of the environment), and every browser context (its clock and, unless a
 * test names another, its zone: `TEST_ZONE`, default Asia/Shanghai) all read that one clock, and
 * so does the dev chain's next block when `TEST_NOW` is ahead of the machine (a chain's time
 * only moves forward).
 * Without `TEST_NOW` every process reads the machine's clock and contexts are still in `testZone()`.
 */

export { testZone }

let following = false
let aheadMs = 0

/** Under `TEST_NOW`, moves this process's clock to the run's: `TEST_NOW` plus the real time since the run began. */
export function followRunClock(env: NodeJS.ProcessEnv = process.env): void {
  const at = env[TEST_NOW]
  if (!at || following) return
  following = true
  // when the run's clock read TEST_NOW, in the machine's time: global setup's start (workers and servers inherit it)
  env[TEST_NOW_SINCE] ||= String(Date.now())
  const start = new Date(at).getTime()
  if (Number.isNaN(start)) throw new Error(`${TEST_NOW}: not an instant: ${at}`)
  aheadMs = start - Number(env[TEST_NOW_SINCE])
  startClockAt(Date.now() + aheadMs)
}

/** Under `TEST_NOW`, moves the dev chain at `rpcUrl` ahead with the run's clock (when it is ahead of the machine's). */
export async function chainFollowsRunClock(rpcUrl: string): Promise<void> {
  const seconds = Math.floor(aheadMs / 1000)
  if (seconds <= 0) return
  const chain = createTestClient({ mode: 'hardhat', transport: http(rpcUrl) })
  await chain.increaseTime({ seconds })
  await chain.mine({ blocks: 1 })
}

/**
 * Makes every context `browser` opens from now on start in `testZone()` (unless its options name a
 * zone) and run on a clock the test drives: its `Date` reads this worker's (the run's, under
 * `TEST_NOW`) and its timers run at real speed, except the launch screen's (`pastLaunch`).
 */
export function pinContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options = {}) => {
    const context = await newContext({ timezoneId: testZone(), ...options })
    await context.clock.install({ time: Date.now() })
    context.on('page', (page) => page.on('load', () => void pastLaunch(page).catch(() => undefined)))
    return context
  }
}

/** Spec §1's launch screen (LAUNCH_MS in apps/web/src/app/App.tsx). */
const LAUNCH_MS = 2000

/**
 * After each page load, runs the app's launch screen through on the page's clock instead of
 * waiting its 2 s in real time (a load reaches its route in 0.6–0.9 s instead of 2.0–2.2 s): once
 * the app has rendered the screen's tagline (and so set its launch timer), the clock jumps the 2 s,
 * firing that timer, then its `Date` is set back to this worker's. What the screen shows and that routed
 * content waits for it are unchanged; a page without the launch screen (the console) is left alone.
 */
async function pastLaunch(page: Page): Promise<void> {
  const timing = await page.waitForFunction(
    () => {
      const launch = document.getElementById('launch')
      if (!launch || launch.classList.contains('kn-leaving')) return 'over'
      return launch.querySelector('.kn-launch-tagline')?.textContent ? 'timing' : false
    },
    undefined,
    { polling: 50, timeout: 30_000 },
  )
  if ((await timing.jsonValue()) === 'timing') {
    // the timer is set by the effect that follows the render: one jump, once it has run (a timer set
    // later still ends the launch, in real time)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await page.clock.fastForward(LAUNCH_MS)
  }
  await page.clock.setSystemTime(Date.now())
}
