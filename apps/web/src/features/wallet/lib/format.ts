import { formatNumber } from '@kinetic/protocol'

/** A token amount with thousands separators, at most `decimals` places, no trailing zeros. */
export function formatAmount(value: string, decimals = 6): string {
  if (value.trim() === '') return '0'
  const text = formatNumber(value, decimals)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** Coin symbols as a list in the person's language ("BNB and KNT", "BNB和KNT"). */
export function formatList(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items)
}

/** A USD value ('' when the coin has no price). */
export function formatUsd(value: string): string {
  return value.trim() === '' ? '—' : `$${formatNumber(value, 2)}`
}

/** "0.0012 BNB ≈ $0.72": an amount at most 8 places, the USD part left out when unpriced (''). */
export function formatWithUsd(amount: string, symbol: string, usd: string): string {
  return `${formatAmount(amount, 8)} ${symbol}${usd === '' ? '' : ` ≈ ${formatUsd(usd)}`}`
}

/** A time from the server (ISO 8601, UTC) in the person's language and time zone (short in lists). */
export function formatTime(iso: string, locale: string, style: 'medium' | 'short' = 'medium'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: style }).format(date)
}
