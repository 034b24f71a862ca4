import { call, methodQuery, queryKeys } from '@/api'
import { earn, shop, type ParamsIn } from '@kinetic/protocol'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

export const ORDERS_PAGE = 20

export function useStoreQuery(type: (typeof shop.GOOD_KINDS)[number]) {
  return useQuery({ ...methodQuery(shop.store, { type, limit: 100 }), staleTime: 0 })
}

/** My orders, 20 a page, for infinite scrolling. */
export function useOrdersQuery() {
  return useInfiniteQuery({
    queryKey: queryKeys.method(shop.orders, { limit: ORDERS_PAGE }),
    queryFn: ({ pageParam }) => call(shop.orders, { page: pageParam, limit: ORDERS_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
}

/** Buys one good; points, goods, orders and the trading history are read again after. */
export function useBuyMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof shop.buy>) => call(shop.buy, params),
    onSettled: () => {
      for (const def of [shop.store, shop.orders, earn.ledgerHistory]) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.method(def).slice(0, -1) })
      }
    },
  })
}
