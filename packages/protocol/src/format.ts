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
