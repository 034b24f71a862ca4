import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Three tiers (DESIGN §11): unit beside the code, server integration on real Postgres, browser e2e. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'protocol',
          include: ['packages/protocol/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'wallet-core',
          include: ['packages/wallet-core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        define: { __APP_VERSION__: JSON.stringify('test') },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/devchain-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          fileParallelism: false,
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
