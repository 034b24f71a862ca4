import {
  decodeFunctionData,
  erc20Abi,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hash,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { AppError } from '../../platform/rpc/app-error.ts'

/** A signed transaction as /v1/transaction checks it before broadcasting. */
export interface SignedTx {
  hash: Hash
  /** Lower-case signer. */
  from: string
  /** Lower-case recipient (the token contract for a token transfer). */
  to: string
  chainId: number | undefined
  nonce: number
  value: bigint
  /** The most the transaction can cost in fees: gas limit × (legacy gas price or max fee per gas). */
  maxFee: bigint
  gasPrice: bigint
  data: Hex | ''
  /** Set when the call is a BEP20 `transfer(to, amount)` sending no BNB. */
  token: { contract: string; to: string; amount: bigint } | undefined
}

const invalid = () => new AppError('FIELD_INVALID', { field: 'raw' })

/** Reads and recovers a raw transaction; anything but a signed transfer or call is FIELD_INVALID. */
export async function readSignedTx(raw: Hex): Promise<SignedTx> {
  const serialized = raw as TransactionSerialized
  let tx: ReturnType<typeof parseTransaction>
  let signer: Address
  try {
    tx = parseTransaction(serialized)
    signer = await recoverTransactionAddress({ serializedTransaction: serialized })
  } catch {
    throw invalid()
  }
  // Blob and delegation transactions are not transfers; a contract creation has no recipient.
  if (tx.type !== 'legacy' && tx.type !== 'eip1559' && tx.type !== 'eip2930') throw invalid()
  if (!tx.to || tx.gas === undefined) throw invalid()
  const gasPrice = tx.type === 'eip1559' ? tx.maxFeePerGas : tx.gasPrice
  if (gasPrice === undefined) throw invalid()
  const data = tx.data && tx.data !== '0x' ? tx.data : ''
  const value = tx.value ?? 0n
  return {
    hash: keccak256(raw),
    from: signer.toLowerCase(),
    to: tx.to.toLowerCase(),
    chainId: tx.chainId,
    nonce: tx.nonce ?? 0,
    value,
    maxFee: tx.gas * gasPrice,
    gasPrice,
    data,
    // a token transfer moves no BNB (as the pending row and the indexer read it too)
    token: data && value === 0n ? tokenTransfer(tx.to, data) : undefined,
  }
}

function tokenTransfer(contract: Address, data: Hex): SignedTx['token'] {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName !== 'transfer') return undefined
    const [to, amount] = call.args
    return { contract: contract.toLowerCase(), to: to.toLowerCase(), amount }
  } catch {
    return undefined
  }
}
