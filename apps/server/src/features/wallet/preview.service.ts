import type { wallet } from '@kinetic/protocol'
import {
  decodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  maxUint256,
  type Address,
  type Hex,
} from 'viem'
import { ChainRejected } from '../../chain/chain.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { pricesOf } from './assets.ts'
import { withMargin } from './fees.ts'
import { formatDecimal, multiply } from './money.ts'
import { NATIVE_COIN, type WalletContext } from './wallet.context.ts'

/** What a BEP20 call in a transaction's data does, as far as the preview can tell from the call itself. */
type TokenCall =
  { kind: 'transfer'; to: Address; amount: bigint } | { kind: 'approve'; spender: Address; amount: bigint } | undefined

function tokenCall(data: Hex): TokenCall {
  if (data === '0x') return undefined
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer') return { kind: 'transfer', to: call.args[0], amount: call.args[1] }
    if (call.functionName === 'approve') return { kind: 'approve', spender: call.args[0], amount: call.args[1] }
  } catch {
    // not a BEP20 call: only its BNB value and fee are previewed
  }
  return undefined
}

const TOKEN_META_FALLBACK = { symbol: '?', decimals: 0 }

/**
 * See before you sign (ADR 2026-11-24-see-before-you-sign) and the approvals list: standard
 * calls only (eth_call, eth_estimateGas, one multicall), as BSC nodes have no tracing.
 */
export function previewService(ctx: WalletContext) {
  const { chain, repos } = ctx

  /** Symbol and decimals of tokens by lower-case contract: the coin list first, the chain for the rest. */
  async function tokenMetas(contracts: string[]): Promise<Map<string, { symbol: string; decimals: number }>> {
    const unique = [...new Set(contracts)]
    const known = await repos.coins.coinsByContracts(chain.chainId, unique)
    const metas = new Map(known.map((c) => [c.contract ?? '', { symbol: c.symbol, decimals: c.decimals }]))
    for (const contract of unique.filter((c) => !metas.has(c))) {
      const meta = await chain.tokenMeta(getAddress(contract))
      metas.set(contract, meta ? { symbol: meta.symbol, decimals: meta.decimals } : TOKEN_META_FALLBACK)
    }
    return metas
  }

  const allowance = (
    meta: { symbol: string; decimals: number },
    contract: string,
    spender: string,
    amount: bigint,
  ): wallet.Allowance => ({
    symbol: meta.symbol,
    contract: getAddress(contract),
    decimals: meta.decimals,
    spender: getAddress(spender),
    amount: formatUnits(amount, meta.decimals),
    unlimited: amount === maxUint256,
  })

  return {
    /**
     * Runs the transaction with eth_call (a revert is TX_WOULD_REVERT with the decoded reason)
     * and eth_estimateGas, then says what it moves: its BNB value, a BEP20 `transfer` and
     * `approve` decoded from its data, each as sent or received from the wallet's side.
     */
    async simulate(
      userId: number,
      params: { wallet_id: number; to: string; value: string; data: string; gas_price?: string | undefined },
    ) {
      const row = await ctx.ownWallet(userId, params.wallet_id)
      const from = getAddress(row.address)
      const to = getAddress(params.to)
      const value = BigInt(params.value)
      const data = params.data as Hex
      const tx = { from, to, value, data: data === '0x' ? undefined : data }
      let gas: bigint
      try {
        await chain.call(tx)
        gas = await chain.estimateGas(tx)
      } catch (error) {
        if (error instanceof ChainRejected)
          throw new AppError('TX_WOULD_REVERT', { field: 'to', args: { reason: error.reason } })
        throw error
      }
      const [gasPrice, nonce, usd] = await Promise.all([
        params.gas_price ? Promise.resolve(BigInt(params.gas_price)) : chain.gasPrice(),
        chain.nonce(from),
        pricesOf(chain, ctx.prices, [NATIVE_COIN.symbol]),
      ])
      const gasLimit = withMargin(gas)
      const feeWei = gasLimit * gasPrice
      const bnbUsd = usd.get(NATIVE_COIN.symbol)

      const sends: wallet.Movement[] = []
      const receives: wallet.Movement[] = []
      const approvals: wallet.Allowance[] = []
      const self = to === from
      if (value > 0n) {
        const moved = { symbol: NATIVE_COIN.symbol, contract: null, decimals: 18, amount: formatEther(value) }
        sends.push(moved)
        if (self) receives.push(moved)
      }
      const call = tokenCall(data)
      if (call) {
        const meta = (await tokenMetas([to.toLowerCase()])).get(to.toLowerCase()) ?? TOKEN_META_FALLBACK
        if (call.kind === 'transfer') {
          const moved = { ...meta, contract: to, amount: formatUnits(call.amount, meta.decimals) }
          sends.push(moved)
          if (getAddress(call.to) === from) receives.push(moved)
        } else approvals.push(allowance(meta, to, call.spender, call.amount))
      }
      return {
        sends,
        receives,
        approvals,
        gas_limit: gasLimit.toString(),
        gas_price: gasPrice.toString(),
        fee: formatEther(feeWei),
        fee_usd: bnbUsd ? formatDecimal(multiply({ units: feeWei, scale: 18 }, bnbUsd)) : '',
        nonce,
        chain_id: chain.chainId,
      }
    },

    /** Allowances above zero, read now, of every token/spender pair in the wallet's Approval logs. */
    async approvals(userId: number, walletId: number) {
      const row = await ctx.ownWallet(userId, walletId)
      const owner = getAddress(row.address)
      const pairs = await repos.approvals.approvalPairs(chain.chainId, owner.toLowerCase())
      if (pairs.length === 0) return { list: [] }
      const [amounts, metas] = await Promise.all([
        chain.allowances(
          owner,
          pairs.map((p) => ({ token: getAddress(p.token), spender: getAddress(p.spender) })),
        ),
        tokenMetas(pairs.map((p) => p.token)),
      ])
      const list = pairs.flatMap((pair, i) => {
        const amount = amounts[i]
        if (!amount) return []
        return [allowance(metas.get(pair.token) ?? TOKEN_META_FALLBACK, pair.token, pair.spender, amount)]
      })
      return { list }
    },
  }
}
