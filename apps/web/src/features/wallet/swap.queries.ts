import { methodQuery } from '@/api'
import { swap, wallet, type ParamsIn } from '@kinetic/protocol'
import { queryOptions, useQuery } from '@tanstack/react-query'

export type SwapQuoteParams = ParamsIn<typeof swap.swapQuote>

/** A quote for a swap; never cached (a price is only good now). */
export function swapQuoteQuery(params: SwapQuoteParams) {
  return { ...methodQuery(swap.swapQuote, params), staleTime: 0, gcTime: 0, retry: false, meta: { silent: true } }
}

/** The quote for the form as typed; re-read every 15 s while it is shown, keeping the last one meanwhile. */
export function useSwapQuoteQuery(params: SwapQuoteParams | null) {
  return useQuery({
    ...swapQuoteQuery(params ?? { wallet_id: 0, from_coin_id: 0, to_coin_id: 0, amount: '0' }),
    enabled: params !== null,
    refetchInterval: 15_000,
    placeholderData: (previous) => previous,
  })
}

/** A sent swap's transaction as the server knows it (keyed per account like every signed-in answer). */
export function swapResultQuery(hash: string) {
  return queryOptions({
    ...methodQuery(wallet.txHash, { hash }),
    meta: { silent: true },
    // pending until the indexer sees it mined
    refetchInterval: (query) => {
      const transfers = query.state.data?.transfers ?? []
      return transfers.length === 0 || transfers.some((item) => item.status === 'pending') ? 1000 : false
    },
  })
}

export const useSwapResultQuery = (hash: string) => useQuery(swapResultQuery(hash))
