import { addressProblem, fromUnits } from '@kinetic/wallet-core'

/** What a scanned code fills on Send: the recipient, and the coin and amount when it names them. */
export type PaymentRequest = { to: string; coinId?: number; amount?: string }
export type PaymentQrProblem =
  { problem: 'notAddress' } | { problem: 'otherChain'; chainId: number } | { problem: 'unknownToken'; contract: string }
export type PaymentQr = ({ ok: true } & PaymentRequest) | ({ ok: false } & PaymentQrProblem)

type CoinRef = { id: number; contract: string | null; decimals: number }

const ADDRESS = '0x[0-9a-fA-F]{40}'
/**
 * EIP-681: `ethereum:[pay-]<address>[@<chain id>][/<function>][?<params>]`. Amounts in the
 * params are integers in base units, optionally in scientific notation (`2.5e18`).
 */
const EIP681_RE = new RegExp(`^ethereum:(?:pay-)?(${ADDRESS})(?:@(\\d+))?(?:/([A-Za-z_][A-Za-z0-9_]*))?(?:\\?(.*))?$`)
const PLAIN_RE = new RegExp(`^${ADDRESS}$`)
/** An EIP-681 number: digits, an optional fraction and an optional exponent. */
const NUMBER_RE = /^(\d+)(?:\.(\d+))?(?:[eE]\+?(\d+))?$/

/** An EIP-681 amount as base units, or undefined when it is not a whole number of them. */
export function eip681Units(text: string): bigint | undefined {
  const match = NUMBER_RE.exec(text)
  if (!match) return undefined
  const [, whole = '', fraction = '', exponent = '0'] = match
  const shift = Number(exponent)
  if (shift > 80) return undefined
  const digits = fraction.replace(/0+$/, '')
  if (digits.length > shift) return undefined
  return BigInt(whole + digits.padEnd(shift, '0'))
}

const usable = (address: string) => addressProblem(address) === null

/**
 * A scanned text as what Send should fill: a plain address, or an EIP-681 payment request
 * for this chain (BNB with `value`, or a listed token's `transfer` with `address` and
 * `uint256`). Anything else is a problem the scanner names.
 */
export function readPaymentQr(raw: string, chainId: number, coins: readonly CoinRef[]): PaymentQr {
  const text = raw.trim()
  if (PLAIN_RE.test(text)) return usable(text) ? { ok: true, to: text } : { ok: false, problem: 'notAddress' }
  const match = EIP681_RE.exec(text)
  if (!match) return { ok: false, problem: 'notAddress' }
  const [, target = '', chain, fn, query = ''] = match
  if (chain !== undefined && Number(chain) !== chainId)
    return { ok: false, problem: 'otherChain', chainId: Number(chain) }
  const params = new URLSearchParams(query)
  const amountOf = (units: string | null, coin: CoinRef | undefined) => {
    if (units === null || !coin) return {}
    const value = eip681Units(units)
    return value === undefined ? {} : { amount: fromUnits(value, coin.decimals) }
  }
  if (fn === undefined) {
    if (!usable(target)) return { ok: false, problem: 'notAddress' }
    const native = coins.find((c) => c.contract === null)
    return { ok: true, to: target, ...(native && { coinId: native.id }), ...amountOf(params.get('value'), native) }
  }
  const to = params.get('address')
  if (fn !== 'transfer' || to === null || !usable(to) || !usable(target)) return { ok: false, problem: 'notAddress' }
  const token = coins.find((c) => c.contract?.toLowerCase() === target.toLowerCase())
  if (!token) return { ok: false, problem: 'unknownToken', contract: target }
  return { ok: true, to, coinId: token.id, ...amountOf(params.get('uint256'), token) }
}
