import { currentAccountId } from '@/api'

/**
 * When this device last read the wallet's balances successfully, per account: shown while the
 * chain node does not answer (the server serves no stale balances, so the time is all we keep).
 */
const key = () => `kinetic.wallet.lastRead.${currentAccountId() ?? 'none'}`

export function rememberGoodRead(at: number): void {
  try {
    localStorage.setItem(key(), String(at))
  } catch {
    // storage full or blocked: the time is a nicety
  }
}

export function lastGoodRead(): number | undefined {
  try {
    const at = Number(localStorage.getItem(key()))
    return Number.isFinite(at) && at > 0 ? at : undefined
  } catch {
    return undefined
  }
}
