import { call } from '@/api'
import { wallet } from '@kinetic/protocol'
import type { VaultSecret } from '@kinetic/wallet-core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clearCreateFlow, updateCreateDraft, type CreateDraft } from './lib/createFlow'
import { showFailure } from './lib/problems'
import { accountOf, seal, type WalletKind } from './lib/vault'
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
      return call(wallet.walletImport, { name, address, vault, hint, kind })
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
