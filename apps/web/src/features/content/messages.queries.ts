import { call, currentAccountId, methodQuery, queryKeys } from '@/api'
import { content } from '@kinetic/protocol'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

const PAGE = 20
/** The unread count on the Mine tab refreshes this often while the app is open. */
const UNREAD_REFRESH_MS = 60_000

const listKey = () => queryKeys.method(content.messages)

/** Notices and system messages, newest first, page by page. */
export function useMessagesQuery() {
  return useInfiniteQuery({
    queryKey: [...listKey(), 'pages'],
    queryFn: ({ pageParam }) => call(content.messages, { page: pageParam, limit: PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
}

/** How many messages are unread (one small page read for its count). */
export function useUnreadCountQuery() {
  return useQuery({
    ...methodQuery(content.messages, { page: 1, limit: 1 }),
    select: (data) => data.unread,
    meta: { silent: true },
    enabled: currentAccountId() !== null,
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
  })
}

/** One message; reading it marks it read, so the list and the count are refreshed after. */
export function useMessageQuery(id: number) {
  const queryClient = useQueryClient()
  const query = useQuery({ ...methodQuery(content.message, { id }), enabled: id > 0 })
  const read = query.isSuccess
  useEffect(() => {
    if (read) void queryClient.invalidateQueries({ queryKey: listKey().slice(0, 4) })
  }, [read, queryClient])
  return query
}
