import { call, methodQuery, queryKeys } from '@/api'
import { wallet, type ParamsIn } from '@kinetic/protocol'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'

export type HistoryType = (typeof wallet.HISTORY_TYPES)[number]

/** Balance, BNB balance, nonce, chain id and past recipients for sending one coin. */
export function transferInfoQuery(walletId: number, coinId: number) {
  return { ...methodQuery(wallet.transferInfo, { wallet_id: walletId, coin_id: coinId }), meta: { silent: true } }
}

export function useTransferInfoQuery(walletId: number | undefined, coinId: number | null) {
  return useQuery({
    ...transferInfoQuery(walletId ?? 0, coinId ?? 0),
    enabled: walletId !== undefined && coinId !== null,
    staleTime: 0,
  })
}

export type FeeParams = ParamsIn<typeof wallet.gasPrice>

/** Fee tiers for a transfer as far as it is filled in (the gas limit depends on coin and data). */
export function feeQuery(params: FeeParams) {
  return { ...methodQuery(wallet.gasPrice, params), staleTime: 10_000, meta: { silent: true } }
}

export function useFeeQuery(params: FeeParams | null) {
  return useQuery({
    ...feeQuery(params ?? { wallet_id: 0, coin_id: 0 }),
    enabled: params !== null,
    // re-read when it goes stale: what the form shows is what "Next" reads from the cache
    refetchInterval: 10_000,
    placeholderData: (previous) => previous,
  })
}

/** Broadcasts a transaction signed in this browser; the server records and tracks it. */
export function broadcast(walletId: number, raw: string) {
  return call(wallet.transaction, { wallet_id: walletId, raw })
}

/** Detail of a transaction; re-read every few seconds while it is pending. */
export function useTxQuery(hash: string) {
  return useQuery({
    ...methodQuery(wallet.txHash, { hash }),
    enabled: hash !== '',
    meta: { silent: true },
    refetchInterval: (query) => {
      const transfers = query.state.data?.transfers ?? []
      return transfers.length === 0 || transfers.some((t) => t.status === 'pending') ? 3_000 : false
    },
  })
}

const PAGE_SIZE = 20

/**
 * History of the wallet, or of one coin in it, filtered all / income / outgo, page by page;
 * `suspicious` also lists look-alike dust (marked), which is hidden otherwise.
 */
export function useHistoryQuery(
  walletId: number | undefined,
  coinId: number | null,
  type: HistoryType,
  suspicious = false,
) {
  const base = { wallet_id: walletId ?? 0, type, suspicious, limit: PAGE_SIZE }
  const queryKey =
    coinId === null
      ? queryKeys.method(wallet.walletHistory, base)
      : queryKeys.method(wallet.record, { ...base, coin_id: coinId })
  return useInfiniteQuery({
    queryKey: [...queryKey, 'pages'],
    queryFn: ({ pageParam }) =>
      coinId === null
        ? call(wallet.walletHistory, { ...base, page: pageParam })
        : call(wallet.record, { ...base, coin_id: coinId, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: walletId !== undefined,
    staleTime: 0,
  })
}
