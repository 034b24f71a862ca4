import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The server's boundaries lint (eslint.config.js, docs/adr/2026-11-24-server-feature-plugins.md)
 * run through ESLint's Node API on fixture sources placed, by path, inside the tree: the
 * rule must fire on another feature's inner file and stay quiet on its index.ts.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

describe('the server boundaries lint', () => {
  const shopFixture = 'apps/server/src/features/shop/boundaries.fixture.ts'

  it("refuses a feature's import of another feature's inner file", async () => {
    const errors = await boundaryErrors(shopFixture, "export { ledger } from '../earn/ledger.ts'\n")
    expect(errors).toEqual(['Import another feature through its front door, features/<f>/index.ts.'])
  })

  it('accepts the same import through the feature’s index.ts', async () => {
    expect(await boundaryErrors(shopFixture, "export { ledger } from '../earn/index.ts'\n")).toEqual([])
  })

  it('lets a feature reach inside itself', async () => {
    expect(await boundaryErrors(shopFixture, "export { shopRepo } from './shop.repo.ts'\n")).toEqual([])
  })

  it('refuses platform and chain code any feature import, even an index.ts', async () => {
    const platform = 'apps/server/src/platform/rpc/boundaries.fixture.ts'
    const chain = 'apps/server/src/chain/boundaries.fixture.ts'
    const message = 'Platform and chain code import no feature: pass what they need in from app.ts.'
    expect(await boundaryErrors(platform, "export { walletReads } from '../../features/wallet/index.ts'\n")).toEqual([
      message,
    ])
    expect(
      await boundaryErrors(chain, "export { trackedAddresses } from '../features/wallet/wallets.repo.ts'\n"),
    ).toEqual([message])
  })

  describe('the composition root (app.ts, main.ts)', () => {
    const message = 'app.ts and main.ts reach a feature through its front door, features/<f>/index.ts.'

    it("refuses a feature's inner file, imported or loaded on demand", async () => {
      for (const file of ['apps/server/src/app.ts', 'apps/server/src/main.ts']) {
        expect(await boundaryErrors(file, "export { ledger } from './features/earn/ledger.ts'\n"), file).toEqual([
          message,
        ])
        expect(
          await boundaryErrors(file, "export const load = () => import('./features/health/demo.ts')\n"),
          file,
        ).toEqual([message])
      }
    })

    it('accepts a feature’s index.ts, and the platform', async () => {
      const code =
        "export { ledger } from './features/earn/index.ts'\nexport { loadConfig } from './platform/config.ts'\n"
      expect(await boundaryErrors('apps/server/src/main.ts', code)).toEqual([])
    })

    it('holds for app.ts and main.ts as they are', async () => {
      const results = await eslint.lintFiles(['apps/server/src/app.ts', 'apps/server/src/main.ts'])
      const errors = results.flatMap((r) =>
        r.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => `${r.filePath}: ${m.message}`),
      )
      expect(errors).toEqual([])
    })
  })

  it("lets a feature's test use another feature's testkit, but not its inner files", async () => {
    const test = 'apps/server/src/features/shop/boundaries.fixture.test.ts'
    expect(await boundaryErrors(test, "export { aUser } from '../earn/earn.testkit.ts'\n")).toEqual([])
    expect(await boundaryErrors(test, "export { ledger } from '../earn/ledger.ts'\n")).toHaveLength(1)
  })
})
