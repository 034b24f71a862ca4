import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** TEST_NOW starts every test file's clock at an instant (apps/server/src/platform/test-clock.ts). */
const clockSetup = fileURLToPath(new URL('./apps/server/test/clock-setup.ts', import.meta.url))

/** Unit beside the code and server integration on real Postgres (DESIGN §11); browser e2e: playwright.config.ts. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'protocol',
          include: ['packages/protocol/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
        },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/*/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
        },
      },
      {
        test: {
          name: 'wallet-core',
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
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: [clockSetup],
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/devchain-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
