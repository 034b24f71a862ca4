/**
 * Number formatting (spec §5): thousands separators and optional fixed decimals.
 * Accepts numbers, bigints and decimal strings; decimal strings are formatted without
 * passing through a float, so token amounts keep every digit.
 */
export function formatNumber(value: number | bigint | string, decimals?: number): string {
  const text = typeof value === 'number' ? numberToPlain(value) : String(value).trim()
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return text
  const sign = match[1] ?? ''
  let whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0'
  let fraction = match[3] ?? ''
  if (decimals !== undefined) {
    ;[whole, fraction] = roundHalfUp(whole, fraction, decimals)
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const isZero = /^0*$/.test(whole + fraction)
  return (isZero ? '' : sign) + grouped + (fraction ? `.${fraction}` : '')
}

function numberToPlain(n: number): string {
  // String() gives the shortest digits that read back as n (toFixed(20) would show float
  // noise: 1234567.891 → 1234567.89100000006…); only exponent notation is expanded here.
  const text = String(n)
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  const [, sign = '', lead = '', rest = '', exp = '0'] = match
  const e = Number(exp)
  return e >= 0 ? sign + (lead + rest).padEnd(e + 1, '0') : `${sign}0.${'0'.repeat(-e - 1)}${lead}${rest}`
}

function roundHalfUp(whole: string, fraction: string, decimals: number): [string, string] {
  const padded = fraction.padEnd(decimals + 1, '0')
  const kept = padded.slice(0, decimals)
  const next = Number(padded[decimals] ?? '0')
  if (next < 5) return [whole, kept]
  // add one unit in the last kept place, carrying through the whole part
  const digits = (whole + kept).split('').map(Number)
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = (digits[i] ?? 0) + 1
    if (d < 10) {
      digits[i] = d
      break
    }
    digits[i] = 0
    if (i === 0) digits.unshift(1)
  }
  const all = digits.join('')
  return [all.slice(0, all.length - decimals) || '0', all.slice(all.length - decimals)]
}

/** Shortens a long string in the middle with dots: `0x1234...abcd`. */
export function shortenMiddle(text: string, head = 6, tail = 4): string {
  if (text.length <= head + tail + 3) return text
  return `${text.slice(0, head)}...${text.slice(text.length - tail)}`
}

/** Significant digits an amount is shown with (DESIGN: amounts for people); the exact value is on tap or copy. */
export const AMOUNT_SIGNIFICANT = 6
/** The most places an amount is shown with: below 0.00000001 it reads "<0.00000001". */
export const AMOUNT_MAX_PLACES = 8
/** The fewest places kept when the rule would drop them from an amount of 1 or more (cents stay). */
const AMOUNT_MIN_PLACES = 2

export interface TokenAmountFormat {
  /** The coin's decimals: never more places than it has (18 when not given). */
  decimals?: number
  /** nearest (half up), down for a minimum (never more than it is), up for a cost (never less). */
  round?: 'nearest' | 'down' | 'up'
  /** BCP 47 language: its grouping and decimal marks (en-US when not given). */
  locale?: string
}

/**
 * A token amount (a decimal string of whole units) for people: 6 significant digits, at least
 * 2 places once it reaches 1, at most 8 (or the coin's decimals), trailing zeros dropped,
 * grouped in the language's marks. A non-zero amount that would show as 0 reads "<0.00000001".
 * The digits are worked on as text, never through a float.
 */
export function formatTokenAmount(value: string, options: TokenAmountFormat = {}): string {
  const parts = splitDecimal(value)
  if (!parts) return value
  const { sign, whole, fraction } = parts
  const maxPlaces = Math.max(0, Math.min(AMOUNT_MAX_PLACES, options.decimals ?? 18))
  let places: number
  if (whole !== '0') places = Math.max(AMOUNT_SIGNIFICANT - whole.length, AMOUNT_MIN_PLACES)
  else {
    const zeros = /^0*/.exec(fraction)?.[0].length ?? 0
    places = zeros + AMOUNT_SIGNIFICANT
  }
  places = Math.min(places, maxPlaces)
  const round = options.round ?? 'nearest'
  const [w, kept] = roundTo(whole, fraction, places, round)
  const f = kept.replace(/0+$/, '')
  const marks = numberMarks(options.locale)
  const isZero = /^0*$/.test(whole + fraction)
  if (!isZero && /^0*$/.test(w + f)) {
    // what the rule keeps is 0, but the amount is not: say it is below the smallest place shown
    const smallest = places === 0 ? '1' : `0${marks.decimal}${'0'.repeat(places - 1)}1`
    return `<${sign}${smallest}`
  }
  const grouped = w.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group)
  return (isZero ? '' : sign) + grouped + (f ? `${marks.decimal}${f}` : '')
}

/** The exact amount, every digit kept (trailing zeros dropped), grouped in the language's marks. */
export function exactTokenAmount(value: string, locale?: string): string {
  const parts = splitDecimal(value)
  if (!parts) return value
  const marks = numberMarks(locale)
  const f = parts.fraction.replace(/0+$/, '')
  const isZero = /^0*$/.test(parts.whole + f)
  return (
    (isZero ? '' : parts.sign) +
    parts.whole.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group) +
    (f ? `${marks.decimal}${f}` : '')
  )
}

function splitDecimal(value: string): { sign: string; whole: string; fraction: string } | null {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null
  return {
    sign: match[1] === '-' ? '-' : '',
    whole: (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0',
    fraction: match[3] ?? '',
  }
}

function roundTo(whole: string, fraction: string, places: number, round: 'nearest' | 'down' | 'up'): [string, string] {
  if (round === 'nearest') return roundHalfUp(whole, fraction, places)
  const kept = fraction.padEnd(places, '0').slice(0, places)
  const dropped = fraction.slice(places)
  if (round === 'down' || /^0*$/.test(dropped)) return [whole, kept]
  // up: one unit in the last kept place, the same carry as half-up on a "…5" tail
  return roundHalfUp(whole, `${kept}5`, places)
}

const marksCache = new Map<string, { group: string; decimal: string }>()
function numberMarks(locale = 'en-US'): { group: string; decimal: string } {
  let marks = marksCache.get(locale)
  if (!marks) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234.5)
    marks = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    }
    marksCache.set(locale, marks)
  }
  return marks
}
