import { wallet } from '@kinetic/protocol'
import { formatEther } from 'viem'
import { formatDecimal, multiply, scaleRounded, scaleUp, type Decimal } from './money.ts'

/** Gas price multiples of the node's price per tier, in percent (DESIGN §6: BSC legacy gasPrice). */
export const TIER_PERCENT = { fast: 125n, recommend: 100n, slow: 80n } as const
/** Margin added to the node's gas estimate, in percent. */
export const GAS_MARGIN_PERCENT = 110n
/** Gas limits used before the recipient and amount are known. */
export const DEFAULT_GAS_LIMIT = { native: 21_000n, token: 100_000n } as const

/**
 * The tiers for a node price (wei) and gas limit: prices rounded, never below 1 wei; each fee
 * also in USD when BNB has a price (`bnbUsd`), exactly (wei × price).
 */
export function feeTiers(nodePrice: bigint, gasLimit: bigint, bnbUsd?: Decimal): wallet.FeeTier[] {
  return wallet.FEE_TIERS.map((tier) => {
    const price = scaleRounded(nodePrice, TIER_PERCENT[tier], 100n)
    const gasPrice = price < 1n ? 1n : price
    return {
      tier,
      gas_price: gasPrice.toString(),
      fee: formatEther(gasPrice * gasLimit),
      fee_usd: bnbUsd ? formatDecimal(multiply({ units: gasPrice * gasLimit, scale: 18 }, bnbUsd)) : '',
      seconds: wallet.FEE_TIER_SECONDS[tier],
    }
  })
}

export const withMargin = (estimate: bigint) => scaleUp(estimate, GAS_MARGIN_PERCENT, 100n)
