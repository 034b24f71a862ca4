import { lookAlike } from '@kinetic/wallet-core'

/**
 * Warnings before a transfer (DESIGN §6), most serious first: the recipient looks like an
 * address used before (same first and last 4 hex characters, different address — the
 * address-poisoning trick), or this wallet never sent to it.
 */
export type RecipientWarning = { kind: 'lookAlike'; similar: string; name?: string } | { kind: 'firstTime' }

export type KnownAddresses = {
  /** Past recipients of this wallet (`/v1/gettransfer`). */
  recipients: readonly string[]
  /** Address-book entries. */
  book: readonly { name: string; address: string }[]
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export function recipientWarnings(to: string, known: KnownAddresses): RecipientWarning[] {
  const address = to.trim()
  const warnings: RecipientWarning[] = []
  const candidates = [
    ...known.book.map((entry) => ({ address: entry.address, name: entry.name })),
    ...known.recipients.map((recipient) => ({ address: recipient, name: undefined })),
  ]
  const similar = candidates.find((c) => lookAlike(address, c.address))
  if (similar) {
    warnings.push({ kind: 'lookAlike', similar: similar.address, ...(similar.name && { name: similar.name }) })
  }
  if (!known.recipients.some((r) => same(r, address))) warnings.push({ kind: 'firstTime' })
  return warnings
}
