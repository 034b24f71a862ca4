import { call, methodQuery, queryKeys } from '@/api'
import { earn, shop, wallet, type ParamsIn } from '@kinetic/protocol'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

export const HISTORY_PAGE = 20
export type HistoryFilter = {
  asset?: (typeof earn.LEDGER_ASSETS)[number] | undefined
  direction?: (typeof earn.DIRECTIONS)[number] | undefined
}

/** Every ledger movement of mine, 20 a page, for infinite scrolling. */
export function useLedgerHistoryQuery(filter: HistoryFilter) {
  const params = { ...filter, limit: HISTORY_PAGE }
  return useInfiniteQuery({
    queryKey: queryKeys.method(earn.ledgerHistory, params),
    queryFn: ({ pageParam }) => call(earn.ledgerHistory, { ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
}

/** Asks for a review of an energy credit's verdict (a support ticket, once per day). */
export function useEnergyReviewMutation() {
  return useMutation({ mutationFn: (params: ParamsIn<typeof earn.energyReview>) => call(earn.energyReview, params) })
}

/** My invitation code, invited accounts and referral points (reading it pays pending rewards). */
export function useInviteQuery() {
  return useQuery({ ...methodQuery(earn.invite, { limit: 100 }), staleTime: 0 })
}

export function useRulesQuery() {
  return useQuery(methodQuery(earn.rules))
}

/** The link a friend opens to register with my code. */
export function inviteLink(code: string): string {
  return `${window.location.origin}${window.location.pathname}#/register?invite=${encodeURIComponent(code)}`
}

/** My points, energy, computing power and KNT. */
export function useBalancesQuery() {
  return useQuery({ ...methodQuery(earn.balances), staleTime: 0 })
}

/** Collects KNT to my current wallet; balances and history are read again after. */
export function useCollectMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof wallet.collect>) => call(wallet.collect, params),
    onSettled: () => {
      for (const def of [earn.balances, earn.ledgerHistory, shop.store]) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.method(def).slice(0, -1) })
      }
    },
  })
}

/** Home: reading it credits today's energy, so it is always read fresh. */
export function useHomeQuery() {
  return useQuery({ ...methodQuery(earn.home), staleTime: 0 })
}

/** After a movement on Home, everything showing balances is read again. */
function useHomeMutation<P>(mutationFn: (params: P) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => {
      for (const def of [earn.home, earn.balances, earn.ledgerHistory, shop.store]) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.method(def).slice(0, -1) })
      }
    },
  })
}

export const useFinalizeMutation = () =>
  useHomeMutation((params: ParamsIn<typeof earn.finalize>) => call(earn.finalize, params))
export const useSupplyMutation = () =>
  useHomeMutation((params: ParamsIn<typeof earn.supply>) => call(earn.supply, params))
export const useTaskReceiveMutation = () =>
  useHomeMutation((params: ParamsIn<typeof earn.taskReceive>) => call(earn.taskReceive, params))
