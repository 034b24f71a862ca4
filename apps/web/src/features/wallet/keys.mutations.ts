import { call } from '@/api'
import { wallet } from '@kinetic/protocol'
import { nextAccountIndex, type VaultSecret } from '@kinetic/wallet-core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clearCreateFlow, updateCreateDraft, type CreateDraft } from './lib/createFlow'
import { showFailure } from './lib/problems'
import type { Wallet } from './lib/types'
import { accountOf, proveControl, seal, unlock, type WalletKind } from './lib/vault'
import { forgetWallet, invalidateWallet } from './wallet.queries'

/**
 * Mutations that encrypt or decrypt a vault in this browser before calling the server.
 * Their failures can be wallet-core errors (wrong password…), so each shows its own
 * message (`showFailure`) instead of the generic toast of the query client.
 */
const own = { meta: { silent: true }, onError: showFailure } as const

/** The end of the creation flow: encrypt the words, store the wallet, mark it backed up. */
export function useFinishCreateMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    ...own,
    mutationFn: async (draft: Readonly<CreateDraft> & { mnemonic: string }) => {
      let walletId = draft.walletId
      if (walletId === null) {
        const secret: VaultSecret = { kind: 'mnemonic', mnemonic: draft.mnemonic }
        const vault = await seal(secret, draft.password)
        const { address } = accountOf(secret)
        const created = await call(wallet.walletCreate, {
          name: draft.name,
          address,
          vault,
          hint: draft.hint,
          kind: 'mnemonic',
          proof: await proveControl(secret, 'create'),
        })
        walletId = created.wallet.id
        updateCreateDraft({ walletId })
      }
      await call(wallet.walletVerify, { wallet_id: walletId })
      clearCreateFlow()
    },
    onSuccess: () => forgetWallet(queryClient),
  })
}

export type ImportParams = { secret: VaultSecret; name: string; password: string; hint: string }

export function useImportMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    ...own,
    mutationFn: async ({ secret, name, password, hint }: ImportParams) => {
      const { address } = accountOf(secret)
      const vault = await seal(secret, password)
      const kind: WalletKind = secret.kind
      const proof = await proveControl(secret, 'import')
      return call(wallet.walletImport, { name, address, vault, hint, kind, proof })
    },
    onSuccess: () => forgetWallet(queryClient),
  })
}

/** A new password: the same secret encrypted again, replacing the stored vault. */
export function useReplaceVaultMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    ...own,
    mutationFn: async (params: { walletId: number; secret: VaultSecret; password: string; hint: string }) => {
      const vault = await seal(params.secret, params.password)
      return call(wallet.walletPassword, { wallet_id: params.walletId, vault, hint: params.hint })
    },
    onSuccess: () => invalidateWallet(queryClient),
  })
}

/**
 * Another account of a wallet's phrase (m/44'/60'/0'/0/n), derived here: the next index whose
 * address is not yet one of the user's wallets, sealed with the same password and hint as a
 * wallet of its own. Stored backed up exactly when the phrase's wallet is (same words).
 */
export function useAddAccountMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    ...own,
    mutationFn: async (params: { wallet: Wallet; password: string; name: (n: number) => string }) => {
      const secret = await unlock(params.wallet.id, params.password)
      if (secret.kind !== 'mnemonic') throw new Error('Only a mnemonic wallet has further accounts')
      const { list } = await call(wallet.walletList, {})
      const index = nextAccountIndex(
        secret.mnemonic,
        list.map((w) => w.address),
      )
      const account: VaultSecret = { kind: 'mnemonic', mnemonic: secret.mnemonic, index }
      const vault = await seal(account, params.password)
      const purpose = params.wallet.backed_up ? 'import' : 'create'
      const stored = {
        name: params.name(index + 1),
        address: accountOf(account).address,
        vault,
        hint: params.wallet.hint,
        kind: 'mnemonic' as const,
        proof: await proveControl(account, purpose),
      }
      return purpose === 'import' ? call(wallet.walletImport, stored) : call(wallet.walletCreate, stored)
    },
    onSuccess: () => forgetWallet(queryClient),
  })
}

/**
 * "Prove it's yours" for a wallet stored before proofs: the password opens its vault here, the
 * challenge is signed with its key, and from then on its deposits are credited and collect pays it.
 */
export function useProveMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    ...own,
    mutationFn: async (params: { wallet: Wallet; password: string }) => {
      const secret = await unlock(params.wallet.id, params.password)
      const proof = await proveControl(secret, 'prove')
      return call(wallet.walletProve, { wallet_id: params.wallet.id, proof })
    },
    onSuccess: () => invalidateWallet(queryClient),
  })
}
