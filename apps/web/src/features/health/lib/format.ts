/** Numbers the health screens show, the same in every language (units come from the texts). */

/** What a figure shows when there is no data behind it. */
export const DASH = '--'

/** Kilometres with two decimals from metres: 4500 → "4.50". */
export function km(metres: number): string {
  return (Math.max(0, metres) / 1000).toFixed(2)
}

/** Whole hours and the remaining minutes of a number of minutes. */
export function hoursMinutes(minutes: number): { h: number; m: number } {
  const total = Math.max(0, Math.round(minutes))
  return { h: Math.floor(total / 60), m: total % 60 }
}

/** A duration as h:mm:ss or m:ss: 3725 → "1:02:05", 605 → "10:05". */
export function clockDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}

/** Pace per kilometre as runners write it: 330 → 5'30". */
export function pace(secondsPerKm: number): string {
  const total = Math.round(secondsPerKm)
  return `${Math.floor(total / 60)}'${String(total % 60).padStart(2, '0')}"`
}

/** A signed percentage change: 12 → "+12%", -5 → "-5%", 0 → "0%". */
export function signedPercent(change: number): string {
  return `${change > 0 ? '+' : ''}${change}%`
}
