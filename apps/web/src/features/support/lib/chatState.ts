import type { support } from '@kinetic/protocol'

export type ChatMessage = support.ChatMessage
/** A message of mine not confirmed by the server yet; `failed` when the send did not get through. */
export type PendingMessage = {
  client_id: string
  content: string
  image?: { id: string; url: string }
  failed: boolean
}

/** Adds messages to a conversation kept sorted by id, each id once (pushes and fetches overlap). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]))
  for (const m of incoming) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** Drops the pending copies the server has confirmed (same client id, sent by me). */
export function settlePending(pending: readonly PendingMessage[], confirmed: readonly ChatMessage[]): PendingMessage[] {
  const mine = new Set(confirmed.filter((m) => m.from === 'user').map((m) => m.client_id))
  return pending.filter((p) => !mine.has(p.client_id))
}
