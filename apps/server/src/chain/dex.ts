import { parseAbi, toEventSelector, zeroAddress, type Address } from 'viem'
import type { Chain } from './chain.ts'
import type { Dex } from './networks.ts'

/** The parts of a PancakeSwap V2 / Uniswap V2 router02 the wallet calls. */
export const ROUTER_ABI = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

export const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])

export const PAIR_ABI = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
])

/** WBNB's (WETH9's) events: BNB wrapped by `dst`, unwrapped by `src`. */
export const WBNB_ABI = parseAbi([
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])
export const WITHDRAWAL_TOPIC = toEventSelector('Withdrawal(address,uint256)')
export const DEPOSIT_TOPIC = toEventSelector('Deposit(address,uint256)')

/** A pair's reserves, ordered as a route walks it: what goes in, what comes out. */
export interface Hop {
  pair: Address
  reserveIn: bigint
  reserveOut: bigint
}

/** A route through the router: the tokens in order, its pairs, and what the router says comes out. */
export interface Route {
  path: Address[]
  hops: Hop[]
  /** `getAmountsOut` for the amount quoted: one per token of the path. */
  amounts: bigint[]
}

/**
 * The route a swap takes (docs/adr/2026-11-24-swap-routing.md): the direct pair when there
 * is one; otherwise, through WBNB or one of `via` (the chain's listed tokens), the two-hop path
 * the router quotes the most for. undefined when no path has pairs all the way.
 */
export async function findRoute(
  chain: Chain,
  dex: Dex,
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
  via: readonly Address[],
): Promise<Route | undefined> {
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()
  const middles = [dex.wbnb, ...via].filter(
    (m, i, all) => !same(m, tokenIn) && !same(m, tokenOut) && all.findIndex((x) => same(x, m)) === i,
  )
  const candidates: Address[][] = [[tokenIn, tokenOut], ...middles.map((m) => [tokenIn, m, tokenOut])]
  const pairKeys = new Map<string, [Address, Address]>()
  for (const path of candidates)
    for (let i = 0; i + 1 < path.length; i++) {
      const [a, b] = [path[i] as Address, path[i + 1] as Address]
      pairKeys.set(key(a, b), [a, b])
    }
  const keys = [...pairKeys.keys()]
  const found = await chain.read(
    keys.map((k) => ({
      address: dex.factory,
      abi: FACTORY_ABI,
      functionName: 'getPair',
      args: pairKeys.get(k),
    })),
  )
  const pairOf = new Map<string, Address>()
  keys.forEach((k, i) => {
    const pair = found[i]
    if (typeof pair === 'string' && pair !== zeroAddress) pairOf.set(k, pair as Address)
  })
  const routable = candidates.filter((path) => path.slice(1).every((b, i) => pairOf.has(key(path[i] as Address, b))))
  if (routable.length === 0) return undefined
  const direct = routable[0]?.length === 2 ? [routable[0]] : routable
  const quotes = await chain.read(
    direct.map((path) => ({
      address: dex.router,
      abi: ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })),
  )
  let best: { path: Address[]; amounts: bigint[] } | undefined
  direct.forEach((path, i) => {
    const amounts = quotes[i] as bigint[] | undefined
    if (!amounts || amounts.length !== path.length) return
    if (!best || (amounts.at(-1) ?? 0n) > (best.amounts.at(-1) ?? 0n)) best = { path, amounts }
  })
  if (!best) return undefined
  const chosen = best
  const pairs = chosen.path.slice(1).map((b, i) => pairOf.get(key(chosen.path[i] as Address, b)) as Address)
  const reads = await chain.read(
    pairs.flatMap((pair) => [
      { address: pair, abi: PAIR_ABI, functionName: 'token0' },
      { address: pair, abi: PAIR_ABI, functionName: 'getReserves' },
    ]),
  )
  const hops = pairs.map((pair, i): Hop => {
    const token0 = reads[2 * i] as Address | undefined
    const reserves = reads[2 * i + 1] as readonly [bigint, bigint, number] | undefined
    if (!token0 || !reserves) throw new Error(`pair ${pair} answered no reserves`)
    const inIsToken0 = same(token0, chosen.path[i] as Address)
    return {
      pair,
      reserveIn: inIsToken0 ? reserves[0] : reserves[1],
      reserveOut: inIsToken0 ? reserves[1] : reserves[0],
    }
  })
  return { path: chosen.path, hops, amounts: chosen.amounts }
}

const key = (a: Address, b: Address) => [a.toLowerCase(), b.toLowerCase()].sort().join(':')

/** Parts per million, the unit price impact is computed in. */
const PPM = 1_000_000n

/**
 * Price impact of a route, in parts per million: how much less comes out than at the pairs'
 * mid prices (reserveOut / reserveIn, fee left out), i.e. 1 − out / (in × Π mid prices).
 */
export function priceImpactPpm(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): bigint {
  let numerator = amountIn
  let denominator = 1n
  for (const hop of hops) {
    numerator *= hop.reserveOut
    denominator *= hop.reserveIn
  }
  if (numerator === 0n) return 0n
  // ideal = numerator / denominator; impact = 1 − amountOut / ideal
  const impact = PPM - (amountOut * denominator * PPM) / numerator
  return impact < 0n ? 0n : impact
}

/** The least the swap may pay out: `amountOut` less `slippageBps` basis points, rounded down. */
export const minimumReceived = (amountOut: bigint, slippageBps: bigint): bigint =>
  (amountOut * (10_000n - slippageBps)) / 10_000n

/**
 * The liquidity fee of a route in the input token: each hop keeps `feeBps` of what enters it,
 * valued back in the input token at the route's own rate (exact for the first hop).
 */
export function lpFeeIn(amounts: readonly bigint[], feeBps: bigint): bigint {
  const amountIn = amounts[0] ?? 0n
  let fee = 0n
  for (let i = 0; i + 1 < amounts.length; i++) {
    const entering = amounts[i] ?? 0n
    const hopFee = (entering * feeBps) / 10_000n
    // back to the input token at the rate the route has reached this hop
    fee += entering === 0n ? 0n : (hopFee * amountIn) / entering
  }
  return fee
}
