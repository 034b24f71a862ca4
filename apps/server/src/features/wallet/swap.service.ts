import { swap as s } from '@kinetic/protocol'
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  maxUint256,
  type Address,
  type Hex,
} from 'viem'
import { ChainRejected, ChainUnavailable } from '../../chain/chain.ts'
import { findRoute, lpFeeIn, minimumReceived, priceImpactPpm, ROUTER_ABI } from '../../chain/dex.ts'
import type { Dex } from '../../chain/networks.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { pricesOf } from './assets.ts'
import { withMargin } from './fees.ts'
import { formatDecimal, multiply, parseDecimal, toBaseUnits, type Decimal } from './money.ts'
import type { CoinRow } from './coins.repo.ts'
import { chainToken, NATIVE_COIN, publicCoin, type WalletContext } from './wallet.context.ts'

/** Gas limits signed with before the swap can be estimated (the approval comes first): per hop count. */
export const SWAP_GAS_LIMIT = { 1: 200_000n, 2: 300_000n } as const
export const APPROVE_GAS_LIMIT = 60_000n

export interface SwapQuoteParams {
  wallet_id: number
  from_coin_id: number
  to_coin_id: number
  amount: string
  slippage: string
  deadline_minutes: number
  unlimited_approval: boolean
}

/**
 * Slippage in basis points from a percent text: more than SLIPPAGE_MAX_PERCENT is
 * SLIPPAGE_TOO_HIGH; zero, or finer than 0.01 %, is FIELD_INVALID.
 */
export function slippageBps(percent: string): bigint {
  const { units, scale } = parseDecimal(percent)
  if (scale > 2 && units % 10n ** BigInt(scale - 2) !== 0n) throw new AppError('FIELD_INVALID', { field: 'slippage' })
  const bps = scale >= 2 ? units / 10n ** BigInt(scale - 2) : units * 10n ** BigInt(2 - scale)
  if (bps > BigInt(s.SLIPPAGE_MAX_PERCENT) * 100n) throw new AppError('SLIPPAGE_TOO_HIGH', { field: 'slippage' })
  if (bps <= 0n) throw new AppError('FIELD_INVALID', { field: 'slippage' })
  return bps
}

/** Parts per million as a percent with two decimals, rounded half up: 1234 ppm → '0.12'. */
const percentOfPpm = (ppm: bigint): string => formatUnits((ppm + 50n) / 100n, 2)

const usdOf = (units: bigint, decimals: number, price: Decimal | undefined): string =>
  price ? formatDecimal(multiply({ units, scale: decimals }, price)) : ''

/** The exchange: quotes and the calls to sign (docs/adr/2026-11-24-swap-routing.md). */
export function swapService(ctx: WalletContext, dex: Dex | undefined) {
  const { chain } = ctx

  /** The router call for a route: ETH in, ETH out or token to token, paying `to`. */
  function swapCall(
    from: CoinRow,
    to: CoinRow,
    path: Address[],
    amountIn: bigint,
    minOut: bigint,
    recipient: Address,
    deadline: bigint,
  ) {
    if (from.contract === null)
      return {
        data: encodeFunctionData({
          abi: ROUTER_ABI,
          functionName: 'swapExactETHForTokens',
          args: [minOut, path, recipient, deadline],
        }),
        value: amountIn,
      }
    const functionName = to.contract === null ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
    return {
      data: encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [amountIn, minOut, path, recipient, deadline] }),
      value: 0n,
    }
  }

  /** eth_call of the swap from the wallet: what the router returns it pays out, or why it reverts. */
  async function simulate(owner: Address, call: { data: Hex; value: bigint }, to: CoinRow) {
    try {
      const returned = await chain.call({ from: owner, to: (dex as Dex).router, data: call.data, value: call.value })
      const amounts = decodeFunctionResult({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', data: returned })
      return { status: 'ok' as const, reason: '', amount_out: formatUnits(amounts.at(-1) ?? 0n, to.decimals) }
    } catch (error) {
      if (error instanceof ChainRejected) return { status: 'reverted' as const, reason: error.reason, amount_out: '' }
      throw error
    }
  }

  return {
    async swapQuote(userId: number, params: SwapQuoteParams): Promise<s.SwapQuote> {
      if (!dex) throw new AppError('SWAP_UNAVAILABLE')
      const row = await ctx.ownWallet(userId, params.wallet_id)
      const [from, to] = await Promise.all([
        ctx.walletCoin(row.id, params.from_coin_id).catch(() => {
          throw new AppError('COIN_NOT_FOUND', { field: 'from_coin_id' })
        }),
        ctx.walletCoin(row.id, params.to_coin_id).catch(() => {
          throw new AppError('COIN_NOT_FOUND', { field: 'to_coin_id' })
        }),
      ])
      if (from.id === to.id) throw new AppError('SWAP_SAME_COIN', { field: 'to_coin_id' })
      const bps = slippageBps(params.slippage)
      const amountIn = toBaseUnits(params.amount, from.decimals)
      if (amountIn === undefined) throw new AppError('FIELD_INVALID', { field: 'amount' })
      if (amountIn === 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' })

      const owner = getAddress(row.address)
      const tokenIn = chainToken(from) ?? dex.wbnb
      const tokenOut = chainToken(to) ?? dex.wbnb
      const via = chain.tokens.map((t) => t.contract)
      const route = await findRoute(chain, dex, tokenIn, tokenOut, amountIn, via)
      if (!route) throw new AppError('SWAP_NO_ROUTE', { field: 'to_coin_id' })
      const amountOut = route.amounts.at(-1) ?? 0n
      if (amountOut === 0n) throw new AppError('SWAP_AMOUNT_TOO_SMALL', { field: 'amount' })
      const minOut = minimumReceived(amountOut, bps)

      const tokenInAddress = chainToken(from)
      const [snapshot, allowance, gasPrice, symbols, prices] = await Promise.all([
        chain.snapshot(owner, [chainToken(from)], []),
        tokenInAddress
          ? chain.read([
              { address: tokenInAddress, abi: erc20Abi, functionName: 'allowance', args: [owner, dex.router] },
            ])
          : Promise.resolve([maxUint256]),
        chain.gasPrice(),
        Promise.all(route.path.map((token) => symbolOf(token))),
        pricesOf(chain, ctx.prices, [NATIVE_COIN.symbol, from.symbol]),
      ])
      const deadline = snapshot.blockTime + BigInt(params.deadline_minutes * 60)
      const call = swapCall(from, to, route.path, amountIn, minOut, owner, deadline)
      const needsApproval = ((allowance[0] as bigint | undefined) ?? 0n) < amountIn

      let simulation: s.Simulation = { status: 'after_approval', reason: '', amount_out: '' }
      let swapGas: bigint = route.hops.length > 1 ? SWAP_GAS_LIMIT[2] : SWAP_GAS_LIMIT[1]
      if (!needsApproval) {
        simulation = await simulate(owner, call, to)
        if (simulation.status === 'ok')
          swapGas = withMargin(
            await chain.estimateGas({ from: owner, to: dex.router, data: call.data, value: call.value }),
          )
      }
      const approvalAmount = params.unlimited_approval ? maxUint256 : amountIn
      const approval =
        needsApproval && tokenInAddress
          ? {
              spender: dex.router,
              amount: params.unlimited_approval ? '' : formatUnits(amountIn, from.decimals),
              unlimited: params.unlimited_approval,
              tx: {
                to: tokenInAddress,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [dex.router, approvalAmount],
                }),
                value: '0',
                gas_limit: APPROVE_GAS_LIMIT.toString(),
              },
            }
          : null
      const networkWei = gasPrice * (swapGas + (approval ? APPROVE_GAS_LIMIT : 0n))
      const lpFee = lpFeeIn(route.amounts, dex.lpFeeBps)
      return {
        from: publicCoin(from),
        to: publicCoin(to),
        amount_in: formatUnits(amountIn, from.decimals),
        amount_out: formatUnits(amountOut, to.decimals),
        minimum_received: formatUnits(minOut, to.decimals),
        slippage: formatUnits(bps, 2),
        price_impact: percentOfPpm(priceImpactPpm(amountIn, amountOut, route.hops)),
        route: symbols,
        deadline: new Date(Number(deadline) * 1000).toISOString(),
        lp_fee: formatUnits(lpFee, from.decimals),
        lp_fee_usd: usdOf(lpFee, from.decimals, prices.get(from.symbol)),
        network_fee: formatEther(networkWei),
        network_fee_usd: usdOf(networkWei, 18, prices.get(NATIVE_COIN.symbol)),
        gas_price: gasPrice.toString(),
        balance: formatUnits(snapshot.balances[0] ?? 0n, from.decimals),
        chain_id: chain.chainId,
        approval,
        swap: { to: dex.router, data: call.data, value: call.value.toString(), gas_limit: swapGas.toString() },
        simulation,
      }
    },
  }

  /** A route token's symbol: WBNB for the wrapped coin, a listed token's, else its own on-chain. */
  async function symbolOf(token: Address): Promise<string> {
    if (token.toLowerCase() === (dex as Dex).wbnb.toLowerCase()) return 'WBNB'
    const coin = await ctx.repos.coins.coinByContract(chain.chainId, token.toLowerCase())
    if (coin) return coin.symbol
    try {
      return (await chain.tokenMeta(token))?.symbol ?? '?'
    } catch (error) {
      if (error instanceof ChainUnavailable) throw error
      return '?'
    }
  }
}
