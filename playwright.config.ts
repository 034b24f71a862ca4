import { defineConfig } from '@playwright/test'

/**
 * Browser e2e (docs/adr/2026-11-24-e2e-playwright.md): `npm run build`, then `npx playwright test`
 * (one file: `npx playwright test apps/web/e2e/wallet.e2e.ts`). Each worker runs its own server
 * on its own cloned database (apps/web/e2e/fixtures.ts); the run shares one Postgres, one dev
 * chain and one SMTP sink (apps/web/e2e/global-setup.ts). A failed test is run once more with a
 * trace; its traces and screenshots land in apps/web/e2e/results/ (`npx playwright show-trace …`).
 */
export default defineConfig({
  testDir: 'apps/web/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './apps/web/e2e/global-setup.ts',
  // a run beside another (npm test's clock sweep) writes its traces elsewhere: a run empties its
  // output folder when it starts
  outputDir: process.env.E2E_RESULTS || 'apps/web/e2e/results',
  // 2 cores: two workers measured fastest (the ADR has the figures); E2E_WORKERS to try others
  workers: Number(process.env.E2E_WORKERS || 2),
  fullyParallel: true,
  // the retry is there to record a trace of the failure, not to pass: a test that passes only
  // on its retry fails the run (and scripts/test.mjs counts it as failed)
  retries: 1,
  failOnFlakyTests: true,
  timeout: 120_000,
  // generous: two browsers and two servers share two cores (and a busy machine more)
  expect: { timeout: 20_000 },
  reporter: [['list']],
  projects: [
    // the longest journeys (a minute or more each) first, so that none is left for the end
    // while the other worker has nothing to do
    { name: 'journeys', testMatch: ['**/wallet.e2e.ts', '**/find.e2e.ts', '**/overflow.e2e.ts'] },
    { name: 'e2e', testIgnore: ['**/wallet.e2e.ts', '**/find.e2e.ts', '**/overflow.e2e.ts'] },
  ],
  use: {
    headless: true,
    // the app's service worker precaches the whole build on a context's first load: blocked for
    // every test but the PWA's (pwa.e2e.ts allows it), so each fresh context is the page alone
    // (docs/adr/2026-11-24-pwa-service-worker.md)
    serviceWorkers: 'block',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (scripts/lib.mjs installs it): Playwright's own browsers are never downloaded
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      // without the background traffic this offline machine refuses
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
