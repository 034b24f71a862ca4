import type { Address } from 'viem'
import type { FeedRound } from '../../chain/chain.ts'
import type { PriceFeed } from '../../chain/networks.ts'
import type { Decimal } from './money.ts'

/**
 * USD prices come only from Chainlink-style feeds read on-chain (DESIGN §12): a coin without a
 * feed, or whose feed does not answer, answers a non-positive price or is older than its
 * limit, has no price — never a made-up one.
 */
export interface PriceFeeds {
  /** The feed of a coin by symbol (any case), undefined when it has none. */
  of(symbol: string): PriceFeed | undefined
}

export function priceFeeds(feeds: Readonly<Record<string, PriceFeed>>): PriceFeeds {
  const bySymbol = new Map(Object.entries(feeds).map(([symbol, feed]) => [symbol.toUpperCase(), feed]))
  return { of: (symbol) => bySymbol.get(symbol.toUpperCase()) }
}

/**
 * The USD price of one whole coin from its feed's latest round, read at `blockTime`: undefined
 * when there is no round, the answer is not positive, or it was updated more than
 * `feed.maxAgeS` seconds before the block (or claims a time after it).
 */
export function feedPrice(feed: PriceFeed, round: FeedRound | undefined, blockTime: bigint): Decimal | undefined {
  if (!round || round.answer <= 0n || round.updatedAt === 0n) return undefined
  if (round.updatedAt > blockTime) return undefined
  if (blockTime - round.updatedAt > BigInt(feed.maxAgeS)) return undefined
  return { units: round.answer, scale: round.decimals }
}

/** The distinct feed addresses of `symbols`, and for each symbol the index of its feed (or -1). */
export function feedPlan(feeds: PriceFeeds, symbols: readonly string[]): { addresses: Address[]; index: number[] } {
  const addresses: Address[] = []
  const index = symbols.map((symbol) => {
    const feed = feeds.of(symbol)
    if (!feed) return -1
    const at = addresses.indexOf(feed.address)
    if (at >= 0) return at
    addresses.push(feed.address)
    return addresses.length - 1
  })
  return { addresses, index }
}
