import type { Transfer } from './types'

/**
 * The transfers of one transaction worth showing, main one first. A token transfer is
 * also a zero-value call to the token contract; that call is left out when the
 * transaction moved something else.
 */
export function shownTransfers(transfers: readonly Transfer[]): Transfer[] {
  const moved = transfers.filter((t) => !/^0(\.0*)?$/.test(t.amount))
  const shown = moved.length > 0 ? moved : transfers.slice(0, 1)
  return [...shown].sort((a, b) => Number(b.log_index >= 0) - Number(a.log_index >= 0))
}
