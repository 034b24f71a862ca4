import { errorText } from '@/i18n'
import { formatNumber, type ErrorCode } from '@kinetic/protocol'

const KNT_DECIMALS = 18
const AMOUNT_RE = /^\d{1,30}(\.\d+)?$/

/** A KNT amount (decimal string, whole units) in base units, exactly. */
export function kntUnits(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole + fraction.slice(0, KNT_DECIMALS).padEnd(KNT_DECIMALS, '0'))
}

/** Base units back to a decimal string without trailing zeros. */
export function kntText(units: bigint): string {
  const sign = units < 0n ? '-' : ''
  const digits = (units < 0n ? -units : units).toString().padStart(KNT_DECIMALS + 1, '0')
  const whole = digits.slice(0, -KNT_DECIMALS)
  const fraction = digits.slice(-KNT_DECIMALS).replace(/0+$/, '')
  return sign + whole + (fraction ? `.${fraction}` : '')
}

/**
 * The first problem with a KNT amount to stake or unstake, as the server would name it;
 * `over` names an amount above `max` (the balance, or the pledge).
 */
export function kntProblem(value: string, max: string, over: ErrorCode): string | null {
  if (!AMOUNT_RE.test(value)) return errorText(value ? 'FIELD_INVALID' : 'AMOUNT_INVALID', { field: 'amount' })
  if ((value.split('.')[1]?.length ?? 0) > KNT_DECIMALS) return errorText('FIELD_INVALID', { field: 'amount' })
  if (kntUnits(value) === 0n) return errorText('AMOUNT_INVALID')
  if (kntUnits(value) > kntUnits(max)) return errorText(over)
  return null
}

/** An estimate to six places at most, without trailing zeros (`800`, `13.333333`): what it is worth reading. */
export function estimateText(value: string): string {
  return formatNumber(value, 6)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
}
