import { encodeFunctionData, erc20Abi, type TransactionSerializableLegacy } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { isAddress } from './address.ts'
import { encodeData } from './data.ts'
import { InvalidAmountError, InvalidPrivateKeyError, WalletCoreError } from './errors.ts'
import { parsePrivateKey } from './hd.ts'

/** A transfer of BNB or of one BEP20 token, with the fee terms the server suggested. */
export interface TransferRequest {
  chainId: number
  nonce: number
  gasPrice: bigint
  gasLimit: bigint
  /** The recipient. */
  to: `0x${string}`
  /** In base units (wei, or the token's smallest unit). */
  amount: bigint
  /** The BEP20 contract; absent for native BNB. */
  token?: `0x${string}`
  /** Optional data for a native transfer: text (sent as UTF-8) or raw hex. */
  data?: { text: string } | { hex: `0x${string}` }
}

/**
 * The unsigned legacy transaction (BSC prices gas with gasPrice) for a transfer: BNB goes
 * straight to the recipient with the optional data; a token transfer calls the contract's
 * `transfer(to, amount)` with no value. Throws WalletCoreError for a bad address or data on
 * a token transfer, InvalidAmountError for a negative amount.
 */
export function buildTransfer(req: TransferRequest): TransactionSerializableLegacy {
  checkAddress(req.to)
  if (req.amount < 0n) throw new InvalidAmountError()
  const terms = {
    type: 'legacy' as const,
    chainId: req.chainId,
    nonce: req.nonce,
    gasPrice: req.gasPrice,
    gas: req.gasLimit,
  }
  if (req.token !== undefined) {
    checkAddress(req.token)
    if (req.data !== undefined) throw new WalletCoreError('FIELD_INVALID', 'A token transfer cannot carry data')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [req.to, req.amount] })
    return { ...terms, to: req.token, value: 0n, data }
  }
  const data = req.data === undefined ? '0x' : encodeData(req.data)
  return { ...terms, to: req.to, value: req.amount, ...(data === '0x' ? {} : { data }) }
}

/** Builds and signs the transfer (EIP-155, bound to chainId); returns the raw transaction for /v1/transaction. */
export async function signTransfer(privateKey: `0x${string}`, req: TransferRequest): Promise<`0x${string}`> {
  const key = parsePrivateKey(privateKey)
  if (key === undefined) throw new InvalidPrivateKeyError()
  return privateKeyToAccount(key).signTransaction(buildTransfer(req))
}

function checkAddress(address: string): void {
  if (!isAddress(address)) throw new WalletCoreError('ADDRESS_INVALID', `Not a valid address: ${address}`)
}
