import type { wallet } from '@kinetic/protocol'
import { formatEther, formatUnits, getAddress, hexToBytes, isHex } from 'viem'
import type { CoinRow, DustLimit, TransferRow } from './wallet.repo.ts'
import { publicCoin } from './wallet.context.ts'

/** What turns chain_transfers rows into the client's transfers. */
export interface TransferView {
  native: CoinRow
  /** Known coins by lower-case contract. */
  coins: Map<string, CoinRow>
  /** The chain head, or undefined when the node could not be asked (confirmations 0). */
  head: bigint | undefined
  /** Lower-case addresses whose point of view sets the direction. */
  mine: Set<string>
}

/** A token no coin row names: shown in base units under '?' (it is not hidden unless it moved nothing). */
const unknownCoin = (contract: string): wallet.Coin => ({
  id: 0,
  symbol: '?',
  name: '',
  decimals: 0,
  contract: getAddress(contract),
  logo: '',
})

const STATUSES = ['pending', 'success', 'failed'] as const

/** A transfer of a listed token below 1/100 of a whole unit is dust (ADR look-alike-dust). */
const DUST_PER_UNIT = 100n

/** Dust limits of the listed tokens (the native coin is not one: look-alike dust is a token trick). */
export function dustLimits(listed: CoinRow[]): DustLimit[] {
  return listed.flatMap((c) =>
    c.contract === null ? [] : [{ contract: c.contract, below: 10n ** BigInt(c.decimals) / DUST_PER_UNIT }],
  )
}

export function toTransfer(row: TransferRow & { suspicious?: boolean }, view: TransferView): wallet.Transfer {
  const known = row.token === null ? view.native : view.coins.get(row.token)
  const coin = known ? publicCoin(known) : unknownCoin(row.token ?? '')
  const fromMe = view.mine.has(row.fromAddress)
  const toMe = view.mine.has(row.toAddress)
  return {
    hash: row.hash,
    log_index: row.logIndex,
    coin,
    from: getAddress(row.fromAddress),
    to: getAddress(row.toAddress),
    amount: formatUnits(BigInt(row.amount), coin.decimals),
    fee: feeOf(row),
    direction: fromMe && toMe ? 'self' : toMe ? 'income' : 'outgo',
    status: STATUSES.find((s) => s === row.status) ?? 'pending',
    block_number: row.blockNumber,
    confirmations:
      row.blockNumber !== null && view.head !== undefined
        ? Math.max(0, Number(view.head - BigInt(row.blockNumber)) + 1)
        : 0,
    ...decodeData(row.data),
    time: (row.confirmedAt ?? row.createdAt).toISOString(),
    nonce: row.nonce,
    gas_price: row.gasPrice ?? '',
    replaced_by: row.replacedBy ?? '',
    replaced_as: row.replaceKind === 'speed_up' || row.replaceKind === 'cancel' ? row.replaceKind : '',
    suspicious: row.suspicious ?? false,
  }
}

/** gas used × gas price in BNB once mined; '' while unknown. */
export function feeOf(row: Pick<TransferRow, 'gasUsed' | 'gasPrice' | 'blockNumber'>): string {
  if (row.blockNumber === null || row.gasUsed === null || row.gasPrice === null) return ''
  return formatEther(BigInt(row.gasUsed) * BigInt(row.gasPrice))
}

/** Data sent with a transaction: its hex, and its text when it is printable UTF-8. */
export function decodeData(hex: string): { data_hex: string; data_text: string } {
  if (!hex || hex === '0x' || !isHex(hex)) return { data_hex: '', data_text: '' }
  let text = ''
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(hex))
  } catch {
    text = ''
  }
  // control characters other than tab and line breaks mean binary data (a contract call)
  // eslint-disable-next-line no-control-regex
  const printable = text !== '' && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text)
  return { data_hex: hex, data_text: printable ? text : '' }
}
