import { call, methodQuery, queryKeys } from '@/api'
import { support, type ParamsIn } from '@kinetic/protocol'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

export type TicketFilter = support.TicketStatus | 'all'
const PAGE = 20

const ticketsRoot = () => queryKeys.method(support.tickets).slice(0, 4)

export function useCategoriesQuery() {
  return useQuery({ ...methodQuery(support.ticketCategories), staleTime: 10 * 60_000 })
}

/** My tickets of one status (or all), newest activity first, page by page. */
export function useTicketsQuery(filter: TicketFilter) {
  const status = filter === 'all' ? undefined : filter
  return useInfiniteQuery({
    queryKey: [...queryKeys.method(support.tickets, { status }), 'pages'],
    queryFn: ({ pageParam }) => call(support.tickets, { status, page: pageParam, limit: PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
}

export function useTicketQuery(id: number) {
  return useQuery({ ...methodQuery(support.ticketChat, { id }), enabled: id > 0, staleTime: 0 })
}

function useInvalidateTickets() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ticketsRoot() })
}

export function useAddTicketMutation() {
  const invalidate = useInvalidateTickets()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof support.ticketAdd>) => call(support.ticketAdd, params),
    onSuccess: () => invalidate(),
  })
}

export function useReplyMutation(id: number) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateTickets()
  return useMutation({
    mutationFn: (content: string) => call(support.ticketChat, { id, content }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(queryKeys.method(support.ticketChat, { id }), conversation)
      void invalidate()
    },
  })
}

export function useCloseTicketMutation(id: number) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateTickets()
  return useMutation({
    mutationFn: () => call(support.ticketClose, { id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.method(support.ticketChat, { id }) })
      void invalidate()
    },
  })
}
