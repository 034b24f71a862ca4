import type { wallet } from '@kinetic/protocol'
import { decodeFunctionData, erc20Abi, formatEther, formatUnits, getAddress, hexToBytes, isHex, type Hex } from 'viem'
import { ROUTER_ABI } from '../../chain/dex.ts'
import type { CoinRow } from './coins.repo.ts'
import type { DustLimit } from './dust.repo.ts'
import type { TransferRow } from './transfers.repo.ts'
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
  /** Swaps by transaction hash (`swapsOf`). */
  swaps?: Map<string, wallet.SwapLegs>
}

/** A swap call to the router as its calldata says: the coins at both ends (null: BNB) and what goes in. */
export interface SwapCall {
  tokenIn: string | null
  tokenOut: string | null
  amountIn: bigint
}

/** Reads a router swap from a transaction's native row (to the router, with its calldata); undefined for anything else. */
export function swapCall(
  row: Pick<TransferRow, 'toAddress' | 'data' | 'amount'>,
  router: string,
): SwapCall | undefined {
  if (row.toAddress !== router.toLowerCase() || !row.data || !isHex(row.data)) return undefined
  try {
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: row.data as Hex })
    const first = (path: readonly string[]) => (path[0] ?? '').toLowerCase()
    const last = (path: readonly string[]) => (path.at(-1) ?? '').toLowerCase()
    switch (call.functionName) {
      case 'swapExactETHForTokens':
        return { tokenIn: null, tokenOut: last(call.args[1]), amountIn: BigInt(row.amount) }
      case 'swapExactTokensForETH':
        return { tokenIn: first(call.args[2]), tokenOut: null, amountIn: call.args[0] }
      case 'swapExactTokensForTokens':
        return { tokenIn: first(call.args[2]), tokenOut: last(call.args[2]), amountIn: call.args[0] }
      default:
        return undefined
    }
  } catch {
    return undefined
  }
}

/**
 * The swaps among `rows` (every row of some transactions that touch `me`): a transaction
 * whose native row `me` sent to the router with a swap's calldata. What was sent is the
 * calldata's amount; what was received, the rows paid to `me` in the coin bought (the
 * pair's Transfer log, or the router's BNB payout), once the swap succeeded.
 */
export function swapsOf(
  rows: readonly TransferRow[],
  me: string,
  router: string,
  coin: (token: string | null) => wallet.Coin,
): Map<string, wallet.SwapLegs> {
  const swaps = new Map<string, wallet.SwapLegs>()
  for (const row of rows) {
    if (row.logIndex !== -1 || row.fromAddress !== me) continue
    const call = swapCall(row, router)
    if (!call) continue
    const received = rows
      .filter((r) => r.hash === row.hash && r.logIndex >= 0 && r.toAddress === me && r.token === call.tokenOut)
      .reduce((sum, r) => sum + BigInt(r.amount), 0n)
    const sent = coin(call.tokenIn)
    const bought = coin(call.tokenOut)
    swaps.set(row.hash, {
      sent: { coin: sent, amount: formatUnits(call.amountIn, sent.decimals) },
      received: {
        coin: bought,
        amount: row.status === 'success' ? formatUnits(received, bought.decimals) : '',
      },
    })
  }
  return swaps
}

/** What an approval transaction allows: `spender` may move `amount` (base units) of the `token` contract (lower-case). */
export interface ApprovalCall {
  token: string
  spender: string
  amount: bigint
}

/**
 * The approval (or revoke: amount 0) a transaction's native row is, when it is one: a call
 * with no BNB whose calldata is ERC-20 `approve(spender, amount)`; undefined for anything else.
 */
export function approvalCall(
  row: Pick<TransferRow, 'logIndex' | 'toAddress' | 'data' | 'amount'>,
): ApprovalCall | undefined {
  if (row.logIndex !== -1 || BigInt(row.amount) !== 0n || !row.data.toLowerCase().startsWith('0x095ea7b3'))
    return undefined
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: row.data as Hex })
    if (call.functionName !== 'approve') return undefined
    const [spender, amount] = call.args
    return { token: row.toAddress.toLowerCase(), spender: getAddress(spender), amount }
  } catch {
    return undefined
  }
}

/** A token no coin row names: shown in base units under '?' (it is not hidden unless it moved nothing). */
export const unknownCoin = (contract: string): wallet.Coin => ({
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
    swap: view.swaps?.get(row.hash) ?? null,
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
