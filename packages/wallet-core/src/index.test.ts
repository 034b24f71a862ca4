import { describe, expect, it } from 'vitest'
import { WALLET_CORE_VERSION } from './index.ts'

describe('wallet-core', () => {
  it('exposes its format version (the package is built in issue 3)', () => {
    expect(WALLET_CORE_VERSION).toBe(1)
  })
})
