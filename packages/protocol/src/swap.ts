import { z } from 'zod'
import { method } from './method.ts'
import { decimal, id, int, isoTime, optional } from './schema.ts'
import { Coin } from './wallet.ts'

/**
 * Exchange through the chain's PancakeSwap V2-compatible router (DESIGN §12): a quote from the
 * router's `getAmountsOut`, and the transactions to sign on the device — the swap and, when
 * the router may not yet spend enough of the token, the approval first.
 */

/** The slippage choices the exchange offers, in percent; any other up to SLIPPAGE_MAX_PERCENT is "custom". */
export const SLIPPAGE_PRESETS = ['0.1', '0.5', '1'] as const
export const SLIPPAGE_DEFAULT = '0.5'
/** More than this is refused (SLIPPAGE_TOO_HIGH): the swap could pay out half of the quote. */
export const SLIPPAGE_MAX_PERCENT = 50
/** Minutes a signed swap stays valid on chain (docs/adr/2026-11-24-swap-fees-and-deadline.md). */
export const DEADLINE_DEFAULT_MINUTES = 20
export const DEADLINE_MAX_MINUTES = 180

const BOOLEAN_TEXT: Record<string, boolean | undefined> = { true: true, '1': true, false: false, '0': false }

/** A transaction for the device to sign: the call, no gas or nonce (the device adds those). */
export const UnsignedCall = z.object({
  to: z.string(),
  /** 0x calldata. */
  data: z.string(),
  /** wei, decimal string. */
  value: z.string(),
  /** Gas limit to sign with: the node's estimate + 10 %, or a route's default before the approval. */
  gas_limit: z.string(),
})
export type UnsignedCall = z.infer<typeof UnsignedCall>

/** What an eth_call of the transaction says it does, before it is signed. */
export const Simulation = z.object({
  /** ok: it would succeed; reverted: it would fail (reason says why); after_approval: the approval must come first. */
  status: z.enum(['ok', 'reverted', 'after_approval']),
  /** The node's revert reason ('' unless reverted). */
  reason: z.string(),
  /** What the call returns it pays out, in whole units of the coin bought ('' unless ok). */
  amount_out: z.string(),
})
export type Simulation = z.infer<typeof Simulation>

export const SwapQuote = z.object({
  from: Coin,
  to: Coin,
  /** Whole units, decimal strings. */
  amount_in: z.string(),
  /** What the router's getAmountsOut pays for amount_in now. */
  amount_out: z.string(),
  /** amount_out less the slippage: the swap reverts rather than pay less. */
  minimum_received: z.string(),
  /** Percent, decimal string. */
  slippage: z.string(),
  /** How much worse than the pairs' mid price, in percent (2 decimals). */
  price_impact: z.string(),
  /** The symbols the swap goes through, in order (WBNB for BNB), e.g. ['WBNB', 'USDT', 'KNT']. */
  route: z.array(z.string()),
  /** The swap reverts when mined after this time (chain time). */
  deadline: isoTime(),
  /** The liquidity providers' fee, in the coin sold, and in USD ('' when unpriced). */
  lp_fee: z.string(),
  lp_fee_usd: z.string(),
  /** The network fee of the swap (and of the approval when one is needed) in BNB, and in USD ('' when unpriced). */
  network_fee: z.string(),
  network_fee_usd: z.string(),
  /** wei per gas, decimal string: what both transactions are signed with. */
  gas_price: z.string(),
  /** The balance of the coin sold. */
  balance: z.string(),
  chain_id: z.number().int(),
  /** Present when the router may not yet spend amount_in: `approve(router, amount)` to sign first. */
  approval: z
    .object({
      spender: z.string(),
      /** Whole units approved; '' when unlimited. */
      amount: z.string(),
      unlimited: z.boolean(),
      tx: UnsignedCall,
    })
    .nullable(),
  swap: UnsignedCall,
  simulation: Simulation,
})
export type SwapQuote = z.infer<typeof SwapQuote>

export const swapQuote = method('/v1/swap_quote', {
  feature: 'wallet',
  summary:
    "Quote a swap on the chain's V2 router (getAmountsOut; through WBNB or a listed token when no pair is direct): " +
    'minimum received under the slippage, price impact, fees, the approval and swap calls to sign, and an eth_call of the swap',
  auth: true,
  params: z.object({
    wallet_id: id(),
    from_coin_id: id(),
    to_coin_id: id(),
    amount: decimal(),
    /** Percent: 0.1, 0.5, 1 or custom; above 50 SLIPPAGE_TOO_HIGH. */
    slippage: optional(decimal()).default(SLIPPAGE_DEFAULT),
    deadline_minutes: optional(
      int().pipe(z.number().min(1, 'FIELD_INVALID').max(DEADLINE_MAX_MINUTES, 'FIELD_INVALID')),
    ).default(DEADLINE_DEFAULT_MINUTES),
    /** Approve the router for any amount instead of exactly amount_in (the app warns first). */
    unlimited_approval: optional(z.preprocess((v) => BOOLEAN_TEXT[String(v)] ?? v, z.boolean('FIELD_INVALID'))).default(
      false,
    ),
  }),
  result: SwapQuote,
})
