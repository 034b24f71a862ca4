import { call, currentAccountId, methodQuery } from '@/api'
import { wallet, type ParamsIn } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'

/** Every wallet answer of the acting account: what a wallet change makes stale. */
export const walletKeyRoot = () => ['signedIn', currentAccountId(), 'wallet'] as const

/** After a change to a wallet's data (name, vault, coins, a transfer): read it again. */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeyRoot() })
}

/**
 * After the current wallet changes (switch, create, import), drops what was loaded
 * rather than marking it stale: a page opened next must never show the previous wallet —
 * its address on the receive screen — while it refetches.
 */
export function forgetWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ queryKey: walletKeyRoot() })
}

/**
 * The wallet home: the current wallet (null when there is none), its assets and total.
 * `fresh`: read again whenever the screen opens (balances move without this app: income).
 */
export function useWalletHomeQuery({ fresh = false } = {}) {
  return useQuery({
    ...methodQuery(wallet.walletIndex),
    refetchInterval: 15_000,
    ...(fresh && { refetchOnMount: 'always' as const }),
    meta: { silent: true },
  })
}

/**
 * The wallet a page acts on: `?id=` when given, else the current one. `wallet` is null
 * when the account has none (the page then offers to bind one), undefined while loading.
 */
export function useActiveWallet() {
  const [search] = useSearchParams()
  const requested = Number(search.get('id'))
  const byId = Number.isSafeInteger(requested) && requested > 0 ? requested : null
  const home = useWalletHomeQuery()
  const one = useQuery({
    ...methodQuery(wallet.walletInfo, { wallet_id: byId ?? 0 }),
    enabled: byId !== null,
    meta: { silent: true },
  })
  const query = byId !== null ? one : home
  const data = byId !== null ? one.data : home.data?.wallet
  return { wallet: data, error: query.error, refetch: query.refetch }
}

export function useWalletsQuery() {
  return useQuery({ ...methodQuery(wallet.walletList, {}), staleTime: 0 })
}

export function useSwitchWalletMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (walletId: number) => call(wallet.walletList, { wallet_id: walletId }),
    onSuccess: () => forgetWallet(queryClient),
  })
}

export function useRenameWalletMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof wallet.walletRename>) => call(wallet.walletRename, params),
    onSuccess: () => invalidateWallet(queryClient),
  })
}

export function useDeleteWalletMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (walletId: number) => call(wallet.walletDelete, { wallet_id: walletId }),
    // invalidated, not dropped: the page that deleted it still shows its toast and leaves
    onSuccess: () => invalidateWallet(queryClient),
  })
}

/**
 * The name of a contract Kinetic knows ('router', 'treasury') by address, any case; undefined
 * for any other address or while the list loads.
 */
export function useKnownContract(): (address: string) => wallet.KnownContract | undefined {
  const known = useQuery({ ...methodQuery(wallet.knownContracts), staleTime: Infinity, meta: { silent: true } })
  return (address) => known.data?.list.find((c) => c.address.toLowerCase() === address.toLowerCase())?.name
}
