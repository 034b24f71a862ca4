import type { wallet } from '@kinetic/protocol'
import { formatUnits, type Address } from 'viem'
import type { Chain } from '../../chain/chain.ts'
import { add, formatDecimal, multiply, ZERO } from './money.ts'
import type { PriceSource } from './prices.ts'
import type { CoinRow } from './wallet.repo.ts'
import { chainToken, publicCoin } from './wallet.context.ts'

/**
 * Balances of `coins` held by `owner` — one multicall for all of them — with their USD
 * values: balance × price computed exactly in bigint, summed into `total_usd`.
 */
export async function valuedAssets(
  chain: Chain,
  prices: PriceSource,
  owner: Address,
  coins: readonly CoinRow[],
): Promise<{ assets: wallet.Asset[]; total_usd: string }> {
  if (coins.length === 0) return { assets: [], total_usd: '0' }
  const [balances, usd] = await Promise.all([
    chain.balances(owner, coins.map(chainToken)),
    prices.usd(coins.map((c) => c.symbol)),
  ])
  let total = ZERO
  const assets = coins.map((coin, i) => {
    const units = balances[i] ?? 0n
    const price = usd.get(coin.symbol)
    const value = price ? multiply({ units, scale: coin.decimals }, price) : undefined
    if (value) total = add(total, value)
    return {
      ...publicCoin(coin),
      balance: formatUnits(units, coin.decimals),
      price_usd: price ? formatDecimal(price) : '',
      value_usd: value ? formatDecimal(value) : '',
    }
  })
  return { assets, total_usd: formatDecimal(total) }
}
