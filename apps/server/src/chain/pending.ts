import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import type { PendingTransfer } from './indexer.repo.ts'

/** Selector of `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb'

/**
 * What a signed raw transaction moves, for `recordPending` right after broadcasting it:
 * the signer (recovered from the signature), the hash, and either the native value or —
 * for a BEP20 `transfer(to, amount)` call — the token, its recipient and amount. Throws on
 * bytes that are not a signed transaction.
 */
export async function pendingTransfer(chainId: number, raw: Hex): Promise<PendingTransfer> {
  const serialized = raw as TransactionSerialized
  const tx = parseTransaction(serialized)
  const from = await recoverTransactionAddress({ serializedTransaction: serialized })
  const hash = keccak256(raw)
  const nonce = tx.nonce ?? 0
  const gasPrice = tx.gasPrice ?? tx.maxFeePerGas ?? null
  const data = tx.data ?? '0x'
  const target = tx.to ? getAddress(tx.to) : undefined
  if (target && data.startsWith(TRANSFER_SELECTOR) && !tx.value) {
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data })
      if (call.functionName === 'transfer') {
        const [to, amount] = call.args
        return { chainId, hash, from, to, token: target, amount, gasPrice, nonce, data: '' }
      }
    } catch {
      // not a well-formed transfer call: record it as the contract call it is
    }
  }
  const to = target ?? getContractAddress({ from, nonce: BigInt(nonce) })
  return {
    chainId,
    hash,
    from,
    to,
    token: null,
    amount: tx.value ?? 0n,
    gasPrice,
    nonce,
    data: data === '0x' ? '' : data,
  }
}
