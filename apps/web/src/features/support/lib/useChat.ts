import { call, currentAccountId } from '@/api'
import { newClientId, openLiveSocket, type LiveStatus } from '@/shared/realtime'
import { support } from '@kinetic/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import { mergeMessages, settlePending, type ChatMessage, type PendingMessage } from './chatState'

/** Fetches every message after `afterId` (several pages when many were missed). */
async function fetchAfter(afterId: number): Promise<ChatMessage[]> {
  const all: ChatMessage[] = []
  for (let after = afterId; ;) {
    const { list } = await call(support.chatHistory, { after_id: after || undefined, limit: support.CHAT_PAGE_MAX })
    all.push(...list)
    const last = list.at(-1)
    if (!last || list.length < support.CHAT_PAGE_MAX || after === 0) return all
    after = last.id
  }
}

/**
 * The customer-service conversation, live: history first, then pushes over `/v1/ws`. After
 * a dropped connection it reconnects (backoff) and fetches what came after the last message
 * it has; messages not confirmed are sent again with the same client id, which the server
 * stores once — so nothing is lost and nothing doubled.
 */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [pending, setPending] = useState<PendingMessage[]>([])
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState<Error>()
  const lastId = useRef(0)
  // the pending messages as last rendered, for the reconnection's resend (it runs outside render)
  const pendingRef = useRef(pending)
  useEffect(() => {
    pendingRef.current = pending
  }, [pending])

  const add = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return
    lastId.current = Math.max(lastId.current, ...incoming.map((m) => m.id))
    setMessages((current) => mergeMessages(current, incoming))
    setPending((current) => settlePending(current, incoming))
  }, [])

  const deliver = useCallback(
    async (message: PendingMessage) => {
      setPending((current) => current.map((p) => (p.client_id === message.client_id ? { ...p, failed: false } : p)))
      try {
        add([
          await call(support.chatSend, {
            client_id: message.client_id,
            content: message.content,
            image: message.image?.id,
          }),
        ])
      } catch (cause) {
        setPending((current) => current.map((p) => (p.client_id === message.client_id ? { ...p, failed: true } : p)))
        throw cause
      }
    },
    [add],
  )

  const catchUp = useCallback(async () => {
    try {
      add(await fetchAfter(lastId.current))
      setLoaded(true)
      setError(undefined)
      // what did not get through before the connection dropped goes again, under the same id
      for (const message of pendingRef.current.filter((p) => p.failed)) await deliver(message).catch(() => undefined)
    } catch (cause) {
      setError(cause instanceof Error ? cause : new Error(String(cause)))
    }
  }, [add, deliver])

  useEffect(() => {
    const account = currentAccountId()
    // the history loads at once; the socket's (re)connections then fetch what came after
    void catchUp()
    return openLiveSocket({
      path: `/v1/ws${account === null ? '' : `?account=${account}`}`,
      onStatus: (next) => {
        setStatus(next)
        if (next === 'online') void catchUp()
      },
      onEvent: (event) => {
        if (event.type === 'chat') add([(event as unknown as support.ChatEvent).message])
      },
    })
  }, [add, catchUp])

  /** Queues a message (text, an uploaded image, or both) and sends it; false when it is blank. */
  const send = useCallback(
    (text: string, image?: { id: string; url: string }) => {
      const content = text.trim()
      if ((content === '' && !image) || content.length > support.CHAT_CONTENT_MAX) return false
      const message = { client_id: newClientId(), content, image, failed: false }
      setPending((current) => [...current, message])
      void deliver(message).catch(() => undefined)
      return true
    },
    [deliver],
  )

  return { messages, pending, status, loaded, error, send, retry: deliver, reload: catchUp }
}
