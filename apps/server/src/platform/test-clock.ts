/**
 * Time is an input of the tests (docs/adr/2026-11-28-time-is-an-input.md). Under
 * `NODE_ENV=test`, `TEST_NOW` (an ISO instant) sets where this process's clock starts: every
 * `Date.now()` and `new Date()` then reads that instant plus the real time elapsed since, so a
 * server, a test file and the browser started at the same `TEST_NOW` agree about "today".
 * `TEST_ZONE` is the IANA zone the tests give the accounts they create. Both are set by the
 * clock sweep (`npm run test:clock`, scripts/test-clock.mjs) and by a test that pins one instant.
 * Never honoured outside tests.
 */

export const TEST_NOW = 'TEST_NOW'
/**
 * Optional, with `TEST_NOW`: the machine's time (ms since the epoch) at which the clock read
 * `TEST_NOW`, so that processes started later (the browser run's servers) read the same clock as
 * the one that started it: `TEST_NOW` plus the real time since, not `TEST_NOW` again.
 */
export const TEST_NOW_SINCE = 'TEST_NOW_SINCE'
export const TEST_ZONE = 'TEST_ZONE'

/** The zone every test account gets unless its test asks for another. */
export const DEFAULT_TEST_ZONE = 'Asia/Shanghai'

const RealDate = globalThis.Date

/** Moves this process's `Date` so that it reads `at` now and runs on at real speed from there. */
export function startClockAt(at: Date | string | number): void {
  const target = new RealDate(at).getTime()
  if (Number.isNaN(target)) throw new Error(`${TEST_NOW}: not an instant: ${String(at)}`)
  const offset = target - RealDate.now()
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...(args as [string | number | Date]))
    }
    static override now(): number {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
}

/**
 * `startClockAt(TEST_NOW)` when the environment sets it under `NODE_ENV=test` (moved on by the
 * real time since `TEST_NOW_SINCE` when that is set too); otherwise the real clock.
 */
export function installTestClock(env: NodeJS.ProcessEnv = process.env): void {
  // a test file may have moved the clock (startClockAt), and vitest runs the server's files one
  // after the other in one process (vitest.config.ts): each file starts from the real clock
  globalThis.Date = RealDate
  if (env.NODE_ENV !== 'test' || !env[TEST_NOW]) return
  const since = Number(env[TEST_NOW_SINCE])
  const at = new RealDate(env[TEST_NOW]).getTime()
  startClockAt(since > 0 && !Number.isNaN(at) ? at + (RealDate.now() - since) : env[TEST_NOW])
}

/** The zone a test account is created in: `TEST_ZONE`, else Asia/Shanghai (the app's default). */
export function testZone(env: NodeJS.ProcessEnv = process.env): string {
  return env[TEST_ZONE] || DEFAULT_TEST_ZONE
}
