import { expect, test as base } from '@playwright/test'
import { followRunClock, pinContexts } from './run-clock.ts'
import { startServer, type E2EServer } from './server.ts'
import { closePhones, openPhones, useServer } from './support.ts'

// under TEST_NOW, this worker reads the run's clock before any test computes a date (run-clock.ts)
followRunClock()

/**
 * The e2e tests' `test`: each Playwright worker runs its own server on its own cloned database
 * (server.ts), started before the worker's first test and stopped after its last; the helpers
 * in support.ts (`inject('baseUrl')`, `mailedCode`, …) speak to it. `browser` is Playwright's
 * (Debian's Chromium, playwright.config.ts), so traces and failure screenshots cover every
 * context a test opens; its contexts are in the test zone and on the run's clock (run-clock.ts).
 */
export const test = base.extend<{ phones: void }, { server: E2EServer }>({
  // every phone a test opened is closed when it ends (a beforeAll's phones stay for the file's tests)
  phones: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const before = openPhones()
      await use()
      await closePhones(before)
    },
    { auto: true },
  ],
  // every context a test opens is in the test zone and, under TEST_NOW, on the run's clock
  browser: [
    async ({ browser }, use) => {
      pinContexts(browser)
      await use(browser)
    },
    { scope: 'worker' },
  ],
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}`)
      useServer(server)
      await use(server)
      await server.stop()
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
})

// Polls after 100, 200, 300, then every 500 ms rather than Playwright's 100/250/500/1000 ms: a step
// that waits on the page goes on soon after the page is ready, and a long wait (a block, a job)
// does not query the page ten times a second.
const poll = expect.poll.bind(expect)
expect.poll = ((actual, options) =>
  poll(actual, {
    intervals: [100, 200, 300, 500],
    ...(typeof options === 'string' ? { message: options } : options),
  })) as typeof poll

export { expect }
