import { formatUnits, parseUnits } from 'viem'

/**
 * Exact decimal arithmetic for money (STYLE: never a float): a value is `units / 10^scale`
 * with bigint units. Enough for balances × prices and their sums.
 */
export interface Decimal {
  units: bigint
  scale: number
}

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/

export function parseDecimal(text: string): Decimal {
  const match = DECIMAL_RE.exec(text.trim())
  if (!match) throw new Error(`not a decimal: ${text}`)
  const fraction = match[2] ?? ''
  return { units: BigInt((match[1] ?? '0') + fraction), scale: fraction.length }
}

export const isDecimal = (text: string) => DECIMAL_RE.test(text.trim())

export const multiply = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale })

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return { units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale), scale }
}

export const ZERO: Decimal = { units: 0n, scale: 0 }

/** Plain decimal text without trailing zeros: '1.5', '0', '0.000001'. */
export const formatDecimal = (d: Decimal): string => formatUnits(d.units, d.scale)

/**
 * Whole units (e.g. '1.5' BNB) to base units; undefined when the text has more decimals
 * than the coin has (it would be rounded, and money is never rounded silently).
 */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const fraction = amount.split('.')[1] ?? ''
  if (fraction.replace(/0+$/, '').length > decimals) return undefined
  return parseUnits(amount, decimals)
}

/** `value × numerator / denominator`, rounded half up, in bigint. */
export const scaleRounded = (value: bigint, numerator: bigint, denominator: bigint) =>
  (value * numerator * 2n + denominator) / (denominator * 2n)

/** `value × numerator / denominator`, rounded up. */
export const scaleUp = (value: bigint, numerator: bigint, denominator: bigint) =>
  (value * numerator + denominator - 1n) / denominator
