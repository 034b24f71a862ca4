import type { swap } from '@kinetic/protocol'
import { signTransfer } from '@kinetic/wallet-core'
import { call } from '@/api'
import { wallet as protocol } from '@kinetic/protocol'
import { broadcast } from '../transfer.queries'
import type { Wallet } from './types'
import { accountOf, unlock } from './vault'

/**
 * Signs one of a swap quote's calls (the approval or the swap) in this browser with the wallet
 * password, like every send: the vault is decrypted here, the key used once, the raw
 * transaction broadcast by the server (/v1/transaction). Resolves with the hash.
 */
export async function signAndBroadcast(
  wallet: Wallet,
  password: string,
  tx: swap.UnsignedCall,
  quote: Pick<swap.SwapQuote, 'gas_price' | 'chain_id' | 'from'>,
  nativeCoinId: number,
): Promise<string> {
  const { privateKey } = accountOf(await unlock(wallet.id, password))
  const info = await call(protocol.transferInfo, { wallet_id: wallet.id, coin_id: nativeCoinId })
  const raw = await signTransfer(privateKey as `0x${string}`, {
    chainId: quote.chain_id,
    nonce: info.nonce,
    gasPrice: BigInt(quote.gas_price),
    gasLimit: BigInt(tx.gas_limit),
    to: tx.to as `0x${string}`,
    amount: BigInt(tx.value),
    data: { hex: tx.data as `0x${string}` },
  })
  const { hash } = await broadcast(wallet.id, raw)
  return hash
}
