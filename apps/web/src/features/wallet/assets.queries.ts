import { call, methodQuery } from '@/api'
import { wallet } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invalidateWallet } from './wallet.queries'

/** Balances of the wallet's coins (BNB and its BEP20 list) with their values. */
export function useBalancesQuery(walletId: number | undefined) {
  return useQuery({
    ...methodQuery(wallet.walletBalance, { wallet_id: walletId ?? 0 }),
    enabled: walletId !== undefined,
    refetchInterval: 15_000,
    refetchOnMount: 'always',
  })
}

export function useCoinBalanceQuery(walletId: number | undefined, coinId: number | null) {
  return useQuery({
    ...methodQuery(wallet.balance, { wallet_id: walletId ?? 0, coin_id: coinId ?? 0 }),
    enabled: walletId !== undefined && coinId !== null,
    refetchInterval: 15_000,
    refetchOnMount: 'always',
  })
}

/** Every listed coin, with whether the wallet shows it. */
export function useAllBalancesQuery(walletId: number | undefined) {
  return useQuery({
    ...methodQuery(wallet.allBalances, { wallet_id: walletId ?? 0 }),
    enabled: walletId !== undefined,
  })
}

/** Adds a BEP20 coin to the wallet by contract; the server reads name, symbol and decimals on-chain. */
export function useAddCoinMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: { walletId: number; contract: string }) =>
      call(wallet.coinInfo, { wallet_id: params.walletId, contract: params.contract }),
    onSuccess: () => invalidateWallet(queryClient),
  })
}

/** Takes a coin off the wallet's list (never BNB); it can be added again. */
export function useHideCoinMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: { walletId: number; coinId: number }) =>
      call(wallet.coinHide, { wallet_id: params.walletId, coin_id: params.coinId }),
    onSuccess: () => invalidateWallet(queryClient),
  })
}
