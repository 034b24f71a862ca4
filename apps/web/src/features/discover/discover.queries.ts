import { call, methodQuery, queryKeys } from '@/api'
import { earn, type MethodRef, type ParamsIn } from '@kinetic/protocol'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

export type RewardKind = (typeof earn.REWARD_KINDS)[number]
const LIST_PAGE = 20

type Page = { page: number; limit: number }
type Paged<T> = { list: T[]; total: number; page: number; limit: number }

/** Each reward stream's operations: settled days, receive, and receive records. */
const STREAMS = {
  computing: {
    shares: earn.computing,
    sharesPage: (p: Page) => call(earn.computing, p),
    receipts: earn.computingToken,
    receiptsPage: (p: Page) => call(earn.computingToken, p),
    receive: (p: ParamsIn<typeof earn.computingReceive>) => call(earn.computingReceive, p),
  },
  token: {
    shares: earn.tokenData,
    sharesPage: (p: Page) => call(earn.tokenData, p),
    receipts: earn.tokenDataToken,
    receiptsPage: (p: Page) => call(earn.tokenDataToken, p),
    receive: (p: ParamsIn<typeof earn.tokenDataReceive>) => call(earn.tokenDataReceive, p),
  },
} as const

/** Discover: always read fresh (settlement and the cool-down move it without the user). */
export function useFindQuery() {
  return useQuery({ ...methodQuery(earn.find), staleTime: 0 })
}

/** One page after another of a paged list, for infinite scrolling. */
function usePagedQuery<T>(def: MethodRef, fetchPage: (p: Page) => Promise<Paged<T>>) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.method(def).slice(0, -1), { limit: LIST_PAGE }],
    queryFn: ({ pageParam }) => fetchPage({ page: pageParam, limit: LIST_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
}

/** My share of each settled day in one stream, newest first. */
export const useSharesQuery = (kind: RewardKind) => usePagedQuery(STREAMS[kind].shares, STREAMS[kind].sharesPage)

/** My receives of one stream, newest first. */
export const useReceiptsQuery = (kind: RewardKind) => usePagedQuery(STREAMS[kind].receipts, STREAMS[kind].receiptsPage)

/**
 * The economy page (public): its figures from the first page, the payouts made page by page.
 * Read fresh: settlement, payouts and the chain move it.
 */
export function useEconomyQuery() {
  return useInfiniteQuery({
    queryKey: [...queryKeys.method(earn.economy).slice(0, -1), { limit: LIST_PAGE }],
    queryFn: ({ pageParam }) => call(earn.economy, { page: pageParam, limit: LIST_PAGE }),
    initialPageParam: 1,
    getNextPageParam: ({ payouts: p }) => (p.page * p.limit < p.total ? p.page + 1 : undefined),
    staleTime: 0,
  })
}

/** After a pledge or a receive, everything showing KNT, power or these lists is read again. */
function useDiscoverMutation<P>(mutationFn: (params: P) => Promise<unknown>) {
  const queryClient = useQueryClient()
  const touched: MethodRef[] = [earn.find, earn.balances, earn.home, earn.ledgerHistory]
  for (const stream of Object.values(STREAMS)) touched.push(stream.shares, stream.receipts)
  return useMutation({
    mutationFn,
    onSettled: () => {
      for (const def of touched) void queryClient.invalidateQueries({ queryKey: queryKeys.method(def).slice(0, -1) })
    },
  })
}

export const usePledgeMutation = () =>
  useDiscoverMutation((params: ParamsIn<typeof earn.pledge>) => call(earn.pledge, params))

/** Receives one stream's unclaimed rewards into the KNT balance. */
export const useReceiveMutation = (kind: RewardKind) => useDiscoverMutation(STREAMS[kind].receive)
