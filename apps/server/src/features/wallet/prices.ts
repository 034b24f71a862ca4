import type { Address } from 'viem'
import type { Chain, PairReserves, TokenMeta } from '../../chain/chain.ts'
import { isDecimal, multiply, parseDecimal, type Decimal } from './money.ts'

/** USD prices per whole coin, by symbol (upper-case). A coin without a price is unpriced. */
export interface PriceSource {
  usd(symbols: readonly string[]): Promise<Map<string, Decimal>>
}

/** Used when `PRICES_USD` is unset. */
export const DEFAULT_PRICES_USD: Readonly<Record<string, string>> = { BNB: '600', USDT: '1', KNT: '0.05' }

/**
 * A configured price table: `PRICES_USD` as JSON, e.g. `{"BNB":"600","USDT":"1"}` (decimal
 * strings; plain JSON numbers are read as their decimal text). An invalid table stops the
 * start rather than showing wrong values. `dexPrices` quotes coins on-chain on top of it.
 */
export function tablePrices(json: string | undefined): PriceSource {
  const table = new Map<string, Decimal>()
  const raw: unknown = json ? JSON.parse(json) : DEFAULT_PRICES_USD
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('PRICES_USD must be a JSON object')
  for (const [symbol, value] of Object.entries(raw as Record<string, unknown>)) {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value) : ''
    if (!isDecimal(text)) throw new Error(`PRICES_USD.${symbol} must be a decimal string, got ${JSON.stringify(value)}`)
    table.set(symbol.toUpperCase(), parseDecimal(text))
  }
  return {
    usd: async (symbols) =>
      new Map(symbols.flatMap((s) => (table.has(s.toUpperCase()) ? [[s, table.get(s.toUpperCase()) as Decimal]] : []))),
  }
}

/** What a pair quote needs from the chain. */
export type PairReader = Pick<Chain, 'pairReserves' | 'tokenMeta'>

/** Digits kept when dividing one reserve by the other. */
const QUOTE_SCALE = 18

/**
 * The USD price of one whole coin from a pair's reserves: quote per coin, times the quote's
 * own USD price. Reserves are in base units, so the decimals of both sides count. Exact to
 * QUOTE_SCALE digits (rounded down); undefined for an empty pair.
 */
export function pairPrice(pair: {
  coinReserve: bigint
  coinDecimals: number
  quoteReserve: bigint
  quoteDecimals: number
  quoteUsd: Decimal
}): Decimal | undefined {
  if (pair.coinReserve === 0n || pair.quoteReserve === 0n) return undefined
  const units =
    (pair.quoteReserve * 10n ** BigInt(pair.coinDecimals + QUOTE_SCALE)) /
    (pair.coinReserve * 10n ** BigInt(pair.quoteDecimals))
  return multiply({ units, scale: QUOTE_SCALE }, pair.quoteUsd)
}

/**
 * On-chain quotes: each coin named in `pairs` (upper-case symbol → a PancakeSwap V2 /
 * Uniswap V2 pair) is priced from that pair's reserves against the pair's other token, whose
 * USD price comes from `quotes` (the table: USDT = 1). The coin's side of the pair is the token
 * with its symbol or the wrapped one (WBNB for BNB). Coins without a pair keep their table
 * price; a coin whose pair cannot quote (not a pair, an unpriced or unknown other side, no
 * liquidity) is unpriced rather than priced from the table. All pairs are read in one
 * multicall, at most once per `ttlMs`; token metadata, which never changes, once.
 */
export function dexPrices(options: {
  chain: PairReader
  pairs: Readonly<Record<string, Address>>
  quotes: PriceSource
  ttlMs?: number
}): PriceSource {
  const { chain, quotes } = options
  const entries = Object.entries(options.pairs).map(([symbol, pair]) => [symbol.toUpperCase(), pair] as const)
  const ttlMs = options.ttlMs ?? 10_000
  const metas = new Map<Address, Promise<TokenMeta | undefined>>()
  let cached: { at: number; prices: Promise<Map<string, Decimal>> } | undefined

  function meta(token: Address): Promise<TokenMeta | undefined> {
    let found = metas.get(token)
    if (!found) {
      found = chain.tokenMeta(token)
      found.catch(() => metas.delete(token))
      metas.set(token, found)
    }
    return found
  }

  async function quote(symbol: string, pair: PairReserves | undefined): Promise<Decimal | undefined> {
    if (!pair) return undefined
    const [meta0, meta1] = await Promise.all([meta(pair.token0), meta(pair.token1)])
    if (!meta0 || !meta1) return undefined
    const isCoin = (m: TokenMeta) => [symbol, `W${symbol}`].includes(m.symbol.toUpperCase())
    const coinFirst = isCoin(meta0)
    if (coinFirst === isCoin(meta1)) return undefined
    const [coin, quoteToken] = coinFirst ? [meta0, meta1] : [meta1, meta0]
    const quoteUsd = (await quotes.usd([quoteToken.symbol])).get(quoteToken.symbol)
    if (!quoteUsd) return undefined
    return pairPrice({
      coinReserve: coinFirst ? pair.reserve0 : pair.reserve1,
      coinDecimals: coin.decimals,
      quoteReserve: coinFirst ? pair.reserve1 : pair.reserve0,
      quoteDecimals: quoteToken.decimals,
      quoteUsd,
    })
  }

  async function readPairs(): Promise<Map<string, Decimal>> {
    const reserves = await chain.pairReserves(entries.map(([, pair]) => pair))
    const prices = await Promise.all(entries.map(([symbol], i) => quote(symbol, reserves[i])))
    return new Map(entries.flatMap(([symbol], i) => (prices[i] ? [[symbol, prices[i]] as const] : [])))
  }

  function onChain(): Promise<Map<string, Decimal>> {
    if (!cached || Date.now() - cached.at >= ttlMs) {
      const prices = readPairs()
      prices.catch(() => (cached = undefined))
      cached = { at: Date.now(), prices }
    }
    return cached.prices
  }

  const quoted = new Set(entries.map(([symbol]) => symbol))
  return {
    async usd(symbols) {
      const fromPairs = symbols.some((s) => quoted.has(s.toUpperCase())) ? await onChain() : new Map()
      const fromTable = await quotes.usd(symbols.filter((s) => !quoted.has(s.toUpperCase())))
      return new Map(
        symbols.flatMap((s) => {
          const price = quoted.has(s.toUpperCase()) ? fromPairs.get(s.toUpperCase()) : fromTable.get(s)
          return price ? [[s, price] as const] : []
        }),
      )
    },
  }
}
