import { queryKeys } from '@/api'
import { content } from '@kinetic/protocol'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { appRoute, OPEN_ROUTE, PUSH_RECEIVED } from '@/sw/push-messages'

/**
 * Listens to the service worker's push handlers (sw/push.ts): a push that arrived while the
 * app is open refreshes the messages and the unread count; a tapped notification opens its route.
 */
export default function PushListener() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; route?: unknown } | null
      if (data?.type === PUSH_RECEIVED)
        void queryClient.invalidateQueries({ queryKey: queryKeys.method(content.messages).slice(0, 4) })
      if (data?.type === OPEN_ROUTE) void navigate(appRoute(data.route))
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [queryClient, navigate])
  return null
}
