import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
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

/** What an approval transaction allows: `spender` may move `amount` (base units) of the `token` contract. */
export type ApprovalCall = { token: string; spender: string; amount: bigint }

/**
 * The approval a transaction is, when it is one: a call with no BNB to a token contract whose
 * calldata is ERC-20 `approve(spender, amount)`; null for anything else.
 */
export function approvalCall(transfer: Transfer): ApprovalCall | null {
  if (transfer.log_index !== -1 || !/^0(\.0*)?$/.test(transfer.amount)) return null
  if (!transfer.data_hex.toLowerCase().startsWith('0x095ea7b3')) return null
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: transfer.data_hex as Hex })
    if (call.functionName !== 'approve') return null
    const [spender, amount] = call.args
    return { token: transfer.to, spender, amount }
  } catch {
    return null
  }
}
