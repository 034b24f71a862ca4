import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { loadChainConfig } from '../platform/config.ts'
import { CANONICAL_MULTICALL3, DEV_CONTRACTS } from './networks.ts'

const KNT = '0x1111111111111111111111111111111111111111'

describe('chain configuration', () => {
  it('runs the embedded dev chain by default, with its demo tokens', () => {
    const chain = loadChainConfig({}, { devMode: true })
    expect(chain).toMatchObject({ rpcUrl: undefined, id: 31337, multicall: DEV_CONTRACTS.multicall })
    expect(chain).toMatchObject({ confirmations: 1, pollMs: 1000, indexFrom: 0 })
    expect(chain.tokens.map((t) => [t.symbol, t.name, t.decimals, t.contract])).toEqual([
      ['USDT', 'Tether USD', 18, DEV_CONTRACTS.usdt],
      ['KNT', 'Kinetic', 18, DEV_CONTRACTS.knt],
    ])
    for (const token of chain.tokens) expect(token.logo).toMatch(/^data:image\/svg\+xml,/)
  })

  it('lists the real BSC tokens, the canonical Multicall3 and 15 confirmations on chain 56', () => {
    const chain = loadChainConfig(
      { CHAIN_RPC_URL: 'https://bsc.example', CHAIN_ID: '56', KNT_CONTRACT: KNT },
      { devMode: false },
    )
    expect(chain).toMatchObject({ id: 56, multicall: CANONICAL_MULTICALL3, confirmations: 15, pollMs: 3000 })
    expect(chain.indexFrom).toBeUndefined()
    expect(chain.tokens[0]).toMatchObject({
      symbol: 'USDT',
      decimals: 18,
      contract: '0x55d398326f99059fF775485246999027B3197955',
    })
    expect(chain.tokens.at(-1)).toMatchObject({ symbol: 'KNT', contract: KNT })
  })

  it('takes a token list, Multicall3, confirmations and a first block from the environment', () => {
    const chain = loadChainConfig(
      {
        CHAIN_RPC_URL: 'https://testnet.example',
        CHAIN_ID: '97',
        CHAIN_TOKENS: JSON.stringify([
          { symbol: 'TUSD', name: 'Test USD', decimals: 6, contract: KNT.replace(/1/g, '2') },
        ]),
        KNT_CONTRACT: KNT,
        MULTICALL_ADDRESS: KNT.replace(/1/g, '3'),
        CHAIN_CONFIRMATIONS: '3',
        CHAIN_POLL_MS: '500',
        CHAIN_INDEX_FROM: '1000',
      },
      { devMode: false },
    )
    expect(chain.tokens.map((t) => t.symbol)).toEqual(['TUSD', 'KNT'])
    expect(chain).toMatchObject({ confirmations: 3, pollMs: 500, indexFrom: 1000 })
    expect(chain.multicall).toBe(KNT.replace(/1/g, '3'))
  })

  it('links transactions to the network’s explorer, to CHAIN_EXPLORER_URL when set, and to none on the dev chain', () => {
    expect(loadChainConfig({}, { devMode: true }).explorer).toBe('')
    const bsc = { CHAIN_RPC_URL: 'https://bsc.example', CHAIN_ID: '56' }
    expect(loadChainConfig(bsc, { devMode: false }).explorer).toBe('https://bscscan.com')
    const own = { ...bsc, CHAIN_EXPLORER_URL: 'https://explorer.example/bsc/' }
    expect(loadChainConfig(own, { devMode: false }).explorer).toBe('https://explorer.example/bsc')
    expect(() => loadChainConfig({ CHAIN_EXPLORER_URL: 'bscscan.com' }, { devMode: true })).toThrow(
      /CHAIN_EXPLORER_URL must be an http\(s\) URL/,
    )
  })

  it('says what is wrong with a bad setting', () => {
    expect(() => loadChainConfig({ CHAIN_RPC_URL: 'https://bsc.example' }, { devMode: true })).toThrow(
      /CHAIN_ID is required/,
    )
    expect(() => loadChainConfig({ CHAIN_ID: '1' }, { devMode: true })).toThrow(/CHAIN_ID 1 needs CHAIN_RPC_URL/)
    expect(() => loadChainConfig({}, { devMode: false })).toThrow(/CHAIN_RPC_URL is required without DEV_MODE=1/)
    expect(() => loadChainConfig({ CHAIN_TOKENS: '[{"symbol":"X"}]' }, { devMode: true })).toThrow(/CHAIN_TOKENS/)
    expect(() => loadChainConfig({ CHAIN_TOKENS: 'nope' }, { devMode: true })).toThrow(/JSON array/)
    expect(() => loadChainConfig({ KNT_CONTRACT: '0x12' }, { devMode: true })).toThrow(
      /KNT_CONTRACT must be a 0x address/,
    )
    expect(() => loadChainConfig({ PRICE_FEEDS: '["0x12"]' }, { devMode: true })).toThrow(
      /PRICE_FEEDS must be a JSON object/,
    )
    expect(() => loadChainConfig({ PRICE_FEEDS: '{"KNT":"0x12"}' }, { devMode: true })).toThrow(
      /PRICE_FEEDS.KNT must be a 0x address/,
    )
    expect(() => loadChainConfig({ PRICE_MAX_AGE_S: '0' }, { devMode: true })).toThrow(
      /PRICE_MAX_AGE_S must be at least 1/,
    )
  })

  it('prices BSC coins from Chainlink feeds and KNT only once PRICE_FEEDS names one', () => {
    const bsc = { CHAIN_RPC_URL: 'https://bsc.example', CHAIN_ID: '56' }
    const feeds = loadChainConfig(bsc, { devMode: false }).priceFeeds
    expect(Object.keys(feeds)).toEqual(['BNB', 'USDT', 'USDC', 'ETH', 'BTCB'])
    expect(feeds.BNB).toEqual({ address: '0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE', maxAgeS: 4500 })
    const knt = '0x' + 'ab'.repeat(20)
    const configured = loadChainConfig({ ...bsc, PRICE_FEEDS: JSON.stringify({ knt }) }, { devMode: false }).priceFeeds
    expect(configured.KNT).toEqual({ address: getAddress(knt), maxAgeS: 4500 })
    const strict = loadChainConfig({ ...bsc, PRICE_MAX_AGE_S: '120' }, { devMode: false }).priceFeeds
    expect(Object.values(strict).map((f) => f.maxAgeS)).toEqual([120, 120, 120, 120, 120])
    expect(
      loadChainConfig({ CHAIN_RPC_URL: 'https://x.example', CHAIN_ID: '1' }, { devMode: false }).priceFeeds,
    ).toEqual({})
  })

  it('swaps on the dev chain’s Uniswap V2, PancakeSwap V2 on BSC, or the DEX_* contracts named together', () => {
    expect(loadChainConfig({}, { devMode: true }).dex).toEqual({
      router: DEV_CONTRACTS.dexRouter,
      factory: DEV_CONTRACTS.dexFactory,
      wbnb: DEV_CONTRACTS.wbnb,
      lpFeeBps: 30n,
    })
    const bsc = { CHAIN_RPC_URL: 'https://bsc.example', CHAIN_ID: '56' }
    expect(loadChainConfig(bsc, { devMode: false }).dex).toMatchObject({
      router: '0x10ED43C718714eb63d5aA57B78B54704E256024E',
      lpFeeBps: 25n,
    })
    const own = { DEX_ROUTER: KNT, DEX_FACTORY: KNT.replace(/1/g, '2'), DEX_WBNB: KNT.replace(/1/g, '3') }
    expect(loadChainConfig({ ...bsc, ...own, DEX_FEE_BPS: '30' }, { devMode: false }).dex).toMatchObject({
      router: getAddress(KNT),
      lpFeeBps: 30n,
    })
    expect(() => loadChainConfig({ ...bsc, DEX_ROUTER: KNT }, { devMode: false })).toThrow(
      'DEX_ROUTER, DEX_FACTORY and DEX_WBNB go together',
    )
    expect(loadChainConfig({ CHAIN_RPC_URL: 'https://x.example', CHAIN_ID: '1' }, { devMode: false }).dex).toBe(
      undefined,
    )
  })
})
