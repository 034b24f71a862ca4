import { buildTransfer, encodeData } from '@kinetic/wallet-core'
import type { Coin, FeeTier, TierName } from './types'
import { checkFee, checkTransfer, dataPayload, type TransferData, type TransferForm } from './transferChecks'
import type { Problem } from './problems'

/** Everything the confirm sheet shows and the signature uses, fixed when "Next" is pressed. */
export type TransferPlan = {
  coin: Coin
  to: `0x${string}`
  amount: string
  units: bigint
  tier: TierName
  gasPrice: bigint
  gasLimit: bigint
  feeWei: bigint
  /** The fee in USD as the server priced it ('' when BNB has no fresh price). */
  feeUsd: string
  data: { text: string } | { hex: `0x${string}` } | undefined
}

export type PlanInput = {
  coin: Coin
  to: string
  amount: string
  tier: TierName
  data: TransferData
  balance: string
  nativeBalance: string
}

export type FeeAnswer = { gas_limit: string; tiers: readonly FeeTier[] }

/** The checks that need no fee; returns the amount in base units and the data to send. */
export function precheck(
  input: PlanInput,
): { ok: true; units: bigint; dataHex?: `0x${string}` } | { ok: false; problem: Problem } {
  const checked = checkTransfer(form(input))
  if (!checked.ok) return { ok: false, problem: { code: checked.code } }
  if (input.coin.contract !== null) return { ok: true, units: checked.value }
  const data = dataPayload(input.data)
  if (data === null) return { ok: false, problem: { text: 'dataHexInvalid' } }
  return { ok: true, units: checked.value, ...(data && { dataHex: encodeData(data) }) }
}

/** The plan once the fee for exactly this transfer is known (or the INSUFFICIENT_FEE problem). */
export function planTransfer(
  input: PlanInput,
  units: bigint,
  fee: FeeAnswer,
): { ok: true; plan: TransferPlan } | { ok: false; problem: Problem } {
  const tier = fee.tiers.find((item) => item.tier === input.tier) ?? fee.tiers[0]
  if (!tier) return { ok: false, problem: { code: 'CHAIN_UNAVAILABLE' } }
  const gasPrice = BigInt(tier.gas_price)
  const gasLimit = BigInt(fee.gas_limit)
  const feeWei = gasPrice * gasLimit
  const funded = checkFee(form(input), units, feeWei)
  if (!funded.ok) return { ok: false, problem: { code: funded.code } }
  const data = input.coin.contract === null ? dataPayload(input.data) : undefined
  return {
    ok: true,
    plan: {
      coin: input.coin,
      to: input.to.trim() as `0x${string}`,
      amount: input.amount.trim(),
      units,
      tier: tier.tier,
      gasPrice,
      gasLimit,
      feeWei,
      feeUsd: tier.fee_usd,
      data: data ?? undefined,
    },
  }
}

function form(input: PlanInput): TransferForm {
  return {
    to: input.to,
    amount: input.amount,
    balance: input.balance,
    nativeBalance: input.nativeBalance,
    coin: { decimals: input.coin.decimals, native: input.coin.contract === null },
  }
}

/** The call a plan signs (recipient or token contract, BNB value in wei, data), for `/v1/simulate`. */
export function planCall(plan: TransferPlan): { to: string; value: string; data: string } {
  const tx = buildTransfer({
    chainId: 1,
    nonce: 0,
    gasPrice: plan.gasPrice,
    gasLimit: plan.gasLimit,
    to: plan.to,
    amount: plan.units,
    ...(plan.coin.contract !== null && { token: plan.coin.contract as `0x${string}` }),
    ...(plan.data && { data: plan.data }),
  })
  return { to: tx.to ?? plan.to, value: (tx.value ?? 0n).toString(), data: tx.data ?? '0x' }
}
