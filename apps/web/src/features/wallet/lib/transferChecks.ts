import { addressProblem, toUnits } from '@kinetic/wallet-core'
import type { ErrorCode } from '@kinetic/protocol'

/** BNB, the native coin, has 18 decimals; fees are paid in it. */
export const NATIVE_DECIMALS = 18

export type TransferCoin = { decimals: number; native: boolean }

export type TransferForm = {
  to: string
  amount: string
  /** Balance of the coin being sent and the BNB balance, whole units (decimal strings). */
  balance: string
  nativeBalance: string
  coin: TransferCoin
}

export type Checked<T> = { ok: true; value: T } | { ok: false; code: ErrorCode }

/** The amount in base units, or null when it is not a positive number the coin can hold. */
export function parseAmount(amount: string, decimals: number): bigint | null {
  try {
    const units = toUnits(amount.trim(), decimals)
    return units > 0n ? units : null
  } catch {
    return null
  }
}

const unitsOr0 = (value: string, decimals: number): bigint => {
  try {
    return toUnits(value, decimals)
  } catch {
    return 0n
  }
}

/**
 * The checks that need no fee, in the order a person fixes them: recipient, amount,
 * balance. Returns the amount in base units.
 */
export function checkTransfer(form: TransferForm): Checked<bigint> {
  const recipient = addressProblem(form.to.trim())
  if (recipient) return { ok: false, code: recipient }
  const units = parseAmount(form.amount, form.coin.decimals)
  if (units === null) return { ok: false, code: 'AMOUNT_INVALID' }
  if (units > unitsOr0(form.balance, form.coin.decimals)) return { ok: false, code: 'INSUFFICIENT_BALANCE' }
  return { ok: true, value: units }
}

/**
 * The fee check once the fee (wei) is known: sending BNB needs amount + fee, sending a
 * token needs the fee in BNB.
 */
export function checkFee(form: TransferForm, units: bigint, feeWei: bigint): Checked<bigint> {
  const native = unitsOr0(form.nativeBalance, NATIVE_DECIMALS)
  const needed = form.coin.native ? units + feeWei : feeWei
  return needed > native ? { ok: false, code: 'INSUFFICIENT_FEE' } : { ok: true, value: feeWei }
}

/** The largest amount that can be sent: the whole balance, less the fee when sending BNB. */
export function maxSendable(form: Pick<TransferForm, 'balance' | 'coin'>, feeWei: bigint): bigint {
  const balance = unitsOr0(form.balance, form.coin.decimals)
  if (!form.coin.native) return balance
  return balance > feeWei ? balance - feeWei : 0n
}

/** Optional data: text is sent as UTF-8; hex must be whole bytes (an optional 0x prefix). */
export type TransferData = { mode: 'text' | 'hex'; value: string }

export function dataPayload(data: TransferData): { text: string } | { hex: `0x${string}` } | undefined | null {
  const value = data.mode === 'hex' ? data.value.trim() : data.value
  if (value === '') return undefined
  if (data.mode === 'text') return { text: value }
  const hex = value.replace(/^0x/i, '')
  return /^(?:[0-9a-fA-F]{2})+$/.test(hex) ? { hex: `0x${hex.toLowerCase()}` } : null
}
