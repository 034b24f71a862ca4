import type { Browser, BrowserContext } from '@playwright/test'
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
 * zone) and, under `TEST_NOW`, read the run's clock: its `Date` starts where this worker's reads
 * and runs on (timers untouched).
 */
export function pinContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options = {}) => {
    const context = await newContext({ timezoneId: testZone(), ...options })
    await pinClock(context)
    return context
  }
}

async function pinClock(context: BrowserContext): Promise<void> {
  if (process.env[TEST_NOW]) await context.clock.setSystemTime(Date.now())
}
