import type { AddressEntry, Coin } from './types'

/** Search over coins: symbol or name contain the keyword, or the contract is it. */
export function matchesCoin(asset: Pick<Coin, 'symbol' | 'name' | 'contract'>, keyword: string): boolean {
  const k = keyword.trim().toLowerCase()
  return (
    k === '' ||
    asset.symbol.toLowerCase().includes(k) ||
    asset.name.toLowerCase().includes(k) ||
    (asset.contract ?? '').toLowerCase() === k
  )
}

/** Search over the address book: name, address or notes contain the keyword. */
export function matchesEntry(entry: AddressEntry, keyword: string): boolean {
  const k = keyword.trim().toLowerCase()
  return (
    k === '' ||
    entry.name.toLowerCase().includes(k) ||
    entry.address.toLowerCase().includes(k) ||
    entry.notes.toLowerCase().includes(k)
  )
}
