/**
 * Version comparison (spec §5): split on dots into numbers, compare segment by segment,
 * a missing segment counts as 0, the first difference decides.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.split('.').map(segment)
  const right = b.split('.').map(segment)
  const length = Math.max(left.length, right.length)
  for (let i = 0; i < length; i++) {
    const x = left[i] ?? 0
    const y = right[i] ?? 0
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

function segment(part: string): number {
  const n = Number.parseInt(part.trim(), 10)
  return Number.isFinite(n) ? n : 0
}

/**
 * Whether the installed app must update: only when it is lower than the server's version.
 * Skipped (false) when either version is unknown or empty.
 */
export function needsUpdate(installed: unknown, latest: unknown): boolean {
  if (typeof installed !== 'string' || typeof latest !== 'string') return false
  if (installed.trim() === '' || latest.trim() === '') return false
  return compareVersions(installed, latest) < 0
}
