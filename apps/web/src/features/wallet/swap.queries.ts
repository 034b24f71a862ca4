import { call, methodQuery } from '@/api'
import { swap, wallet, type ParamsIn } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'

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

/** A transaction's status as the server knows it (pending until the indexer sees it mined). */
export const txStatus = (hash: string) => call(wallet.txHash, { hash })
