import { hexToBytes, toHex } from 'viem'
import { WalletCoreError } from './errors.ts'

const HEX_DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/
/** No control, format, private-use or unassigned characters, except tab, line breaks and emoji joiners. */
const PRINTABLE_RE = /^(?:[^\p{C}]|[\t\n\r\u200c\u200d])*$/u

/**
 * Transaction data from what the user typed: text becomes its UTF-8 bytes, hex is checked
 * (0x and an even number of hex digits) and lower-cased. Throws WalletCoreError FIELD_INVALID.
 */
export function encodeData(data: { text: string } | { hex: string }): `0x${string}` {
  if ('text' in data) return toHex(data.text)
  if (!HEX_DATA_RE.test(data.hex)) {
    throw new WalletCoreError('FIELD_INVALID', 'Data must be 0x followed by an even number of hex digits')
  }
  return data.hex.toLowerCase() as `0x${string}`
}

/**
 * Transaction data for display: hex ('' when empty) and its text when the bytes are valid
 * UTF-8 made only of printable characters ('' otherwise). Throws WalletCoreError FIELD_INVALID on non-hex input.
 */
export function decodeData(hex: string): { hex: `0x${string}` | ''; text: string } {
  const data = encodeData({ hex: hex === '' ? '0x' : hex })
  if (data === '0x') return { hex: '', text: '' }
  return { hex: data, text: printableText(hexToBytes(data)) }
}

function printableText(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
    return PRINTABLE_RE.test(text) ? text : ''
  } catch {
    return ''
  }
}
