import { signTransfer } from '@kinetic/wallet-core'
import type { ReactNode } from 'react'
import { broadcast } from '../transfer.queries'
import type { Wallet } from '../lib/types'
import { accountOf, unlock } from '../lib/vault'
import { useSimulation } from '../simulate.queries'
import { PasswordSheet } from './PasswordSheet'
import { TxPreview } from './TxPreview'

/** A transaction to preview and sign: a contract call or BNB transfer; nonce and gas price fixed for a replacement. */
export type WalletCall = {
  to: `0x${string}`
  value: bigint
  data: `0x${string}`
  /** The nonce to reuse (speed-up, cancel); the wallet's next one when absent. */
  nonce?: number
  /** The gas price to sign with; the node's when absent. */
  gasPrice?: bigint
}

/**
 * The confirm sheet of a call other than the send form's (revoke an approval, speed up, cancel):
 * the preview of `call` simulated on the node, then the password; the key signs exactly the
 * simulated call with the simulation's gas limit, and the server broadcasts it.
 */
export function CallSheet({
  wallet,
  call,
  title,
  submitText,
  children,
  onClose,
  onSent,
}: {
  wallet: Wallet
  call: WalletCall | null
  title: string
  submitText: string
  children?: ReactNode
  onClose: () => void
  onSent: (hash: string) => void
}) {
  const simulation = useSimulation(
    call && {
      wallet_id: wallet.id,
      to: call.to,
      value: call.value.toString(),
      data: call.data,
      ...(call.gasPrice !== undefined && { gas_price: call.gasPrice.toString() }),
    },
  )

  /** The key exists only inside this call: decrypted, used to sign once, then out of scope. */
  const send = async (password: string) => {
    const terms = simulation.terms
    if (!call || !terms) return
    const { privateKey } = accountOf(await unlock(wallet.id, password))
    const raw = await signTransfer(privateKey as `0x${string}`, {
      chainId: terms.chainId,
      nonce: call.nonce ?? terms.nonce,
      gasPrice: call.gasPrice ?? terms.gasPrice,
      gasLimit: terms.gasLimit,
      to: call.to,
      amount: call.value,
      ...(call.data !== '0x' && { data: { hex: call.data } }),
    })
    const { hash } = await broadcast(wallet.id, raw)
    onSent(hash)
  }

  return (
    <PasswordSheet
      visible={call !== null}
      title={title}
      submitText={submitText}
      walletId={wallet.id}
      hint={wallet.hint}
      onClose={onClose}
      onSubmit={send}
      blocked={simulation.blocked}
    >
      {children}
      {call && <TxPreview {...simulation.preview} />}
    </PasswordSheet>
  )
}
