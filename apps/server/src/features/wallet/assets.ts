import type { wallet } from '@kinetic/protocol'
import { formatUnits, type Address } from 'viem'
import type { Chain } from '../../chain/chain.ts'
import type { BalanceBook, BookSnapshot } from './balance-book.ts'
import { add, formatDecimal, multiply, ZERO, type Decimal } from './money.ts'
import { feedPlan, feedPrice, type PriceFeeds } from './prices.ts'
import type { CoinRow } from './coins.repo.ts'
import { chainToken, publicCoin } from './wallet.context.ts'

export interface ValuedAssets {
  assets: wallet.Asset[]
  /** The sum of the priced values. */
  total_usd: string
  /** Symbols of the coins held (balance above 0) that have no fresh price: left out of the total. */
  unpriced: string[]
  /** The block the balances and prices are of. */
  block: number
}

/**
 * A coin as the answer shows it and as the chain reads it, made once per row object: the hot
 * reads' rows come from the service's copy (wallet.context.ts `coinsOf`), so checksumming
 * contracts is not repeated per request.
 */
const coinForms = new WeakMap<CoinRow, { coin: CoinRow; shown: wallet.Coin; token: Address | null }>()
function formsOf(coin: CoinRow) {
  let forms = coinForms.get(coin)
  if (!forms) {
    forms = { coin, shown: publicCoin(coin), token: chainToken(coin) }
    coinForms.set(coin, forms)
  }
  return forms
}

/**
 * The last valuation of one owner's list of coins, kept by the caller: reused while the book
 * gives the same balances, the same feed rounds and block time for them (a new block gives new
 * rounds: it is valued again once).
 */
export interface Valuation {
  figures?: BookSnapshot
  valued?: Omit<ValuedAssets, 'block'>
}

const sameFigures = (a: BookSnapshot, b: BookSnapshot) =>
  a.blockTime === b.blockTime &&
  a.balances.length === b.balances.length &&
  a.balances.every((units, i) => units === b.balances[i]) &&
  a.rounds.length === b.rounds.length &&
  a.rounds.every((round, i) => round === b.rounds[i])

/**
 * Balances of `coins` held by `owner` and the USD feeds of their symbols, from the balance
 * book (read once per block in one multicall), with their USD values: balance × price computed exactly in bigint, summed into
 * `total_usd`. A coin without a fresh price shows no price or value and is named in `unpriced`.
 */
export async function valuedAssets(
  book: Pick<BalanceBook, 'snapshot' | 'block'>,
  feeds: PriceFeeds,
  owner: Address,
  coins: readonly CoinRow[],
  last?: Valuation,
): Promise<ValuedAssets> {
  if (coins.length === 0) return { assets: [], total_usd: '0', unpriced: [], block: Number(book.block ?? 0n) }
  const plan = feedPlan(
    feeds,
    coins.map((c) => c.symbol),
  )
  const forms = coins.map(formsOf)
  const read = await book.snapshot(
    owner,
    forms.map((f) => f.token),
    plan.addresses,
  )
  if (last?.valued && last.figures && sameFigures(last.figures, read))
    return { ...last.valued, block: Number(read.block) }
  let total = ZERO
  const unpriced: string[] = []
  const assets = forms.map(({ coin, shown }, i) => {
    const units = read.balances[i] ?? 0n
    const price = priceAt(feeds, coin.symbol, plan.index[i] ?? -1, read)
    const value = price ? multiply({ units, scale: coin.decimals }, price) : undefined
    if (value) total = add(total, value)
    else if (units > 0n && !unpriced.includes(coin.symbol)) unpriced.push(coin.symbol)
    return {
      ...shown,
      balance: formatUnits(units, coin.decimals),
      price_usd: price ? formatDecimal(price) : '',
      value_usd: value ? formatDecimal(value) : '',
    }
  })
  const valued = { assets, total_usd: formatDecimal(total), unpriced }
  if (last) Object.assign(last, { figures: read, valued })
  return { ...valued, block: Number(read.block) }
}

/** USD prices of `symbols` (no balances), from one multicall; a symbol without a fresh price is absent. */
export async function pricesOf(
  chain: Chain,
  feeds: PriceFeeds,
  symbols: readonly string[],
): Promise<Map<string, Decimal>> {
  const plan = feedPlan(feeds, symbols)
  if (plan.addresses.length === 0) return new Map()
  const read = await chain.snapshot(null, [], plan.addresses)
  return new Map(
    symbols.flatMap((symbol, i) => {
      const price = priceAt(feeds, symbol, plan.index[i] ?? -1, read)
      return price ? [[symbol, price] as const] : []
    }),
  )
}

function priceAt(
  feeds: PriceFeeds,
  symbol: string,
  index: number,
  read: { rounds: Parameters<typeof feedPrice>[1][]; blockTime: bigint },
): Decimal | undefined {
  const feed = feeds.of(symbol)
  return feed && index >= 0 ? feedPrice(feed, read.rounds[index], read.blockTime) : undefined
}
