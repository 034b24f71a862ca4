import { formatNumber, formatTokenAmount, type TokenAmountFormat } from '@kinetic/protocol'

/** The interface's language (i18n sets it on <html>), for its number marks; en-US outside a page. */
export function interfaceLocale(): string {
  return (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en-US'
}

/**
 * A token amount for people, the one rule of every wallet screen (protocol formatTokenAmount):
 * 6 significant digits, at most 8 places (or the coin's `decimals`), the language's marks.
 * Where the exact value matters (preview, quote, detail), the Amount component shows it on tap.
 */
export function formatAmount(value: string, decimals = 18, round?: TokenAmountFormat['round']): string {
  if (value.trim() === '') return '0'
  return formatTokenAmount(value, { decimals, round, locale: interfaceLocale() })
}

/** Coin symbols as a list in the person's language ("BNB and KNT", "BNB和KNT"). */
export function formatList(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items)
}

/** A USD value ('' when the coin has no price). */
export function formatUsd(value: string): string {
  return value.trim() === '' ? '—' : `$${formatNumber(value, 2)}`
}

/** "0.0012 BNB ≈ $0.72": a cost, rounded up (never shown less than it is), the USD part left out when unpriced (''). */
export function formatWithUsd(amount: string, symbol: string, usd: string): string {
  return `${formatAmount(amount, 18, 'up')} ${symbol}${usd === '' ? '' : ` ≈ ${formatUsd(usd)}`}`
}

/** A time from the server (ISO 8601, UTC) in the person's language and time zone (short in lists). */
export function formatTime(iso: string, locale: string, style: 'medium' | 'short' = 'medium'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: style }).format(date)
}
