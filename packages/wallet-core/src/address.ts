import { getAddress } from 'viem'

const ADDRESS_RE = /^0x([0-9a-fA-F]{40})$/
/** Hex characters compared at each end of two addresses for the look-alike warning (DESIGN §6). */
const LOOK_ALIKE_CHARS = 4

/**
 * What is wrong with an address, or null: ADDRESS_INVALID unless it is 0x and 40 hex
 * characters; ADDRESS_CHECKSUM when it mixes cases that are not its EIP-55 checksum (a
 * mistyped character or case). All lower- or all upper-case hex carries no checksum.
 */
export function addressProblem(value: string): 'ADDRESS_INVALID' | 'ADDRESS_CHECKSUM' | null {
  const hex = ADDRESS_RE.exec(value)?.[1]
  if (hex === undefined) return 'ADDRESS_INVALID'
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase() || getAddress(value) === value) return null
  return 'ADDRESS_CHECKSUM'
}

/** Whether the value is an address `addressProblem` finds nothing wrong with. */
export function isAddress(value: string): boolean {
  return addressProblem(value) === null
}

/**
 * Whether two different addresses share their first 4 and last 4 hex characters after 0x
 * (case-insensitive): a recipient crafted to pass a glance at a known one.
 */
export function lookAlike(a: string, b: string): boolean {
  const x = ADDRESS_RE.exec(a)?.[1]?.toLowerCase()
  const y = ADDRESS_RE.exec(b)?.[1]?.toLowerCase()
  if (x === undefined || y === undefined || x === y) return false
  return (
    x.slice(0, LOOK_ALIKE_CHARS) === y.slice(0, LOOK_ALIKE_CHARS) &&
    x.slice(-LOOK_ALIKE_CHARS) === y.slice(-LOOK_ALIKE_CHARS)
  )
}
