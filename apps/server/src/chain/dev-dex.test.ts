import { keccak256, zeroAddress, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { testChainConfig } from '../../test/chain.ts'
import { createChain } from './client.ts'
import { UNISWAP_V2_FACTORY, UNISWAP_V2_ROUTER02 } from './dev-dex.ts'
import { FACTORY_ABI, PAIR_ABI, ROUTER_ABI } from './dex.ts'
import { DEV_CONTRACTS, DEV_LIQUIDITY, DEV_PAIRS, UNISWAP_V2_INIT_CODE_HASH, v2PairAddress } from './networks.ts'
import uniswapV2Pair from '@uniswap/v2-core/build/UniswapV2Pair.json' with { type: 'json' }

const chain = createChain(testChainConfig())
const { dexFactory, dexRouter, wbnb, usdt, knt } = DEV_CONTRACTS

describe('the dev chain exchange (published Uniswap V2 bytecode)', () => {
  it("router02's library finds each seeded pair where the factory's getPair says it is", async () => {
    const [bnbUsdt, kntUsdt, kntWbnb] = await chain.read([
      { address: dexFactory, abi: FACTORY_ABI, functionName: 'getPair', args: [wbnb, usdt] },
      { address: dexFactory, abi: FACTORY_ABI, functionName: 'getPair', args: [usdt, knt] },
      { address: dexFactory, abi: FACTORY_ABI, functionName: 'getPair', args: [knt, wbnb] },
    ])
    expect(bnbUsdt).toBe(DEV_PAIRS.bnbUsdt)
    expect(kntUsdt).toBe(DEV_PAIRS.kntUsdt)
    expect(kntWbnb).toBe(zeroAddress)
    // the init-code hash is the published pair bytecode's, and router02's bytecode carries it
    expect(keccak256(`0x${uniswapV2Pair.bytecode.replace(/^0x/, '')}`)).toBe(UNISWAP_V2_INIT_CODE_HASH)
    expect(UNISWAP_V2_ROUTER02.bytecode).toContain(UNISWAP_V2_INIT_CODE_HASH.slice(2))
    expect(UNISWAP_V2_FACTORY.bytecode).toContain(uniswapV2Pair.bytecode.replace(/^0x/, ''))
    expect(v2PairAddress(dexFactory, UNISWAP_V2_INIT_CODE_HASH, usdt, wbnb)).toBe(DEV_PAIRS.bnbUsdt)
  })

  it('the router is wired to the factory and WBNB, and its quote goes through the pair it computes', async () => {
    const [factory, weth, amounts, bnbUsdtToken0] = await chain.read([
      { address: dexRouter, abi: ROUTER_ABI, functionName: 'factory' },
      { address: dexRouter, abi: ROUTER_ABI, functionName: 'WETH' },
      { address: dexRouter, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [10n ** 18n, [knt, usdt, wbnb]] },
      { address: DEV_PAIRS.bnbUsdt, abi: PAIR_ABI, functionName: 'token0' },
    ])
    expect(factory).toBe(dexFactory)
    expect(weth).toBe(wbnb)
    // KNT → USDT → WBNB: both hops priced from the pairs the library located by CREATE2
    expect((amounts as bigint[]).length).toBe(3)
    expect((amounts as bigint[])[2]).toBeGreaterThan(0n)
    expect([wbnb, usdt].map((a) => a.toLowerCase())).toContain((bnbUsdtToken0 as Address).toLowerCase())
  })

  it('seeds the pairs at the dev feeds’ prices', () => {
    // $600 a BNB and $0.05 a KNT, as DEV_FEED_ANSWERS
    expect(DEV_LIQUIDITY.bnbUsdt.usdt / DEV_LIQUIDITY.bnbUsdt.bnb).toBe(600n)
    expect((DEV_LIQUIDITY.kntUsdt.usdt * 100n) / DEV_LIQUIDITY.kntUsdt.knt).toBe(5n)
  })
})
