import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** TEST_NOW starts every test file's clock at an instant (apps/server/src/platform/test-clock.ts). */
const clockSetup = fileURLToPath(new URL('./apps/server/test/clock-setup.ts', import.meta.url))

/** The server integration files: one embedded Postgres and one dev chain per project (a run). */
const server = {
  isolate: false,
  environment: 'node',
  setupFiles: [clockSetup],
  globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/devchain-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}
const serverFiles = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts']
const ownChain = ['apps/server/src/features/wallet/balance-book.test.ts']

/**
 * The clock sweep's projects (scripts/clock.mjs sets them for `npm test` and `npm run test:clock`):
 * date-sensitive server files with their clock started at one instant, on the run's Postgres and
 * chain (apps/server/test/run-services.ts).
 */
const clockProjects = JSON.parse(process.env.KINETIC_CLOCK_PROJECTS ?? '[]') as {
  name: string
  files: string[]
  now: string
  zone: string
}[]

/**
 * Unit beside the code and server integration on real Postgres (DESIGN §11); browser e2e: playwright.config.ts.
 * Files without a DOM share their worker's loaded modules (`isolate: false`): each server file
 * brings its own database and keys, and importing the whole server again for each of them was a
 * quarter of the tier's time (docs/adr/2026-11-29-a-suite-that-fits.md). At least two workers, also
 * on two cores: the server files wait on Postgres and the dev chain half the time, and `npm test`
 * runs this tier alone.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'protocol',
          isolate: false,
          include: ['packages/protocol/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
        },
      },
      {
        test: {
          name: 'tools',
          isolate: false,
          include: ['tools/*/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
        },
      },
      {
        test: {
          name: 'wallet-core',
          isolate: false,
          include: ['packages/wallet-core/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        define: { __APP_VERSION__: JSON.stringify('test') },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [clockSetup],
        },
      },
      { test: { ...server, name: 'server', include: serverFiles, exclude: ownChain } },
      // files that read the chain's newest block while other files mine: a Postgres and a chain of their own
      { test: { ...server, name: 'server-own-chain', include: ownChain, env: { TEST_OWN_SERVICES: '1' } } },
      ...clockProjects.map((at) => ({
        test: { ...server, name: at.name, include: at.files, env: { TEST_NOW: at.now, TEST_ZONE: at.zone } },
      })),
    ],
  },
})
