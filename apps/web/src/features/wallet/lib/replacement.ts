import { encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import type { WalletCall } from '../components/CallSheet'
import type { Transfer } from './types'

/** Gas price of a replacement, in percent of the replaced one's (nodes want at least +10%). */
export const REPLACE_PERCENT = 125n

/** A pending send of `address` that nothing replaced yet: it may be sped up or cancelled. */
export function replaceable(transfer: Transfer, address: string): boolean {
  return (
    transfer.status === 'pending' &&
    transfer.replaced_by === '' &&
    transfer.nonce !== null &&
    transfer.gas_price !== '' &&
    transfer.from.toLowerCase() === address.toLowerCase()
  )
}

/** The replaced transaction's gas price raised by REPLACE_PERCENT, rounded up. */
export const raisedGasPrice = (transfer: Transfer): bigint =>
  (BigInt(transfer.gas_price) * REPLACE_PERCENT + 99n) / 100n

/**
 * Speed-up: the same transaction again (a token transfer as its `transfer` call, BNB with its
 * data), same nonce, higher gas price.
 */
export function speedUpCall(transfer: Transfer): WalletCall {
  const terms = { nonce: transfer.nonce ?? 0, gasPrice: raisedGasPrice(transfer) }
  const units = parseUnits(transfer.amount, transfer.coin.decimals)
  if (transfer.coin.contract !== null)
    return {
      ...terms,
      to: transfer.coin.contract as `0x${string}`,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [transfer.to as `0x${string}`, units],
      }),
    }
  return {
    ...terms,
    to: transfer.to as `0x${string}`,
    value: units,
    data: (transfer.data_hex || '0x') as `0x${string}`,
  }
}

/** Cancel: 0 BNB to the sender itself with the same nonce and a higher gas price. */
export function cancelCall(transfer: Transfer): WalletCall {
  return {
    nonce: transfer.nonce ?? 0,
    gasPrice: raisedGasPrice(transfer),
    to: transfer.from as `0x${string}`,
    value: 0n,
    data: '0x',
  }
}
