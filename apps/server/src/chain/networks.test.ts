import { describe, expect, it } from 'vitest'
import { DEV_CHAIN_ID, explorerOf, explorerTxUrl, networkKey } from './networks.ts'

describe('which network the wallet is on', () => {
  it('names the network, and links a BSC testnet transaction to the testnet explorer', () => {
    expect([56, 97, DEV_CHAIN_ID, 1].map(networkKey)).toEqual(['bsc', 'bsc-testnet', 'dev', 'other'])
    const hash = '0x' + '1f'.repeat(32)
    expect(explorerTxUrl(explorerOf(97), hash)).toBe(`https://testnet.bscscan.com/tx/${hash}`)
    expect(explorerTxUrl(explorerOf(56), hash)).toBe(`https://bscscan.com/tx/${hash}`)
    expect(explorerTxUrl(explorerOf(DEV_CHAIN_ID), hash)).toBe('')
  })
})
