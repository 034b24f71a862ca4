/**
 * Everyone's effective computing power as Discover shows it: a figure kept in the process
 * (docs/adr/2026-11-25-network-power-figure.md). Summing every holder's power is a scan of all
 * users, so it is not part of a request's read: the figure is read again once it is `freshMs`
 * old, and until it is `maxAgeMs` old the kept figure answers while that one read runs. Older
 * than that (an instance nobody asked for a while), or with other rules (the node's threshold
 * or boost changed), the request waits for the new figure.
 */
export const NETWORK_POWER_FRESH_MS = 30_000
export const NETWORK_POWER_MAX_AGE_MS = 60_000

type Rules = { activateMin: bigint; boostPct: number }

export function networkPower<T = bigint>(
  read: (activateMin: bigint, boostPct: number) => Promise<T>,
  options: { freshMs?: number; maxAgeMs?: number; now?: () => number } = {},
) {
  const { freshMs = NETWORK_POWER_FRESH_MS, maxAgeMs = NETWORK_POWER_MAX_AGE_MS, now = Date.now } = options
  let kept: { rules: string; value: T; at: number } | undefined
  let reading: { rules: string; value: Promise<T> } | undefined

  function readAgain(rules: string, { activateMin, boostPct }: Rules): Promise<T> {
    if (reading?.rules === rules) return reading.value
    const at = now()
    const value = read(activateMin, boostPct).then((total) => {
      if (kept?.rules !== rules || kept.at <= at) kept = { rules, value: total, at }
      return total
    })
    const mine = { rules, value }
    reading = mine
    const done = () => {
      if (reading === mine) reading = undefined
    }
    value.then(done, done)
    return value
  }

  /** The figure under these rules, at most `maxAgeMs` old. */
  return async (rules: Rules): Promise<T> => {
    const key = `${rules.activateMin}:${rules.boostPct}`
    const age = kept?.rules === key ? now() - kept.at : Infinity
    if (age < freshMs) return kept!.value
    if (age < maxAgeMs) {
      // the kept figure answers; a failed read is tried again by the next request
      readAgain(key, rules).catch(() => undefined)
      return kept!.value
    }
    return readAgain(key, rules)
  }
}
