import { formatUnits } from 'viem'
import { InvalidAmountError } from './errors.ts'

/** At least one digit, with an optional fraction; '1.', '.5' and '0' are fine, signs and exponents are not. */
const AMOUNT_RE = /^(?=\.?\d)(\d*)(?:\.(\d*))?$/
/** BEP20 `decimals` is a uint8. */
const MAX_DECIMALS = 255

/**
 * A decimal string of whole units ('1.5' BNB) to base units (wei), exactly. Trailing zeros
 * in the fraction are ignored; throws InvalidAmountError for an empty, negative or
 * non-decimal amount, or more significant fraction digits than the coin has.
 */
export function toUnits(amount: string, decimals: number): bigint {
  checkDecimals(decimals)
  const match = AMOUNT_RE.exec(amount.trim())
  if (!match) throw new InvalidAmountError()
  const [, whole = '', digits = ''] = match
  const fraction = digits.replace(/0+$/, '')
  if (fraction.length > decimals) {
    throw new InvalidAmountError(`The amount has more than ${decimals} decimal places`)
  }
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/** Base units to a decimal string of whole units, without trailing zeros ('1.5', '0'). */
export function fromUnits(units: bigint, decimals: number): string {
  checkDecimals(decimals)
  return formatUnits(units, decimals)
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}`)
  }
}
