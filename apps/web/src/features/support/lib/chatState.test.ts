import { describe, expect, it } from 'vitest'
import { mergeMessages, settlePending, type ChatMessage } from './chatState'

const msg = (id: number, from: 'user' | 'operator' = 'user'): ChatMessage => ({
  id,
  client_id: `client-${id}`,
  from,
  content: `text ${id}`,
  image: '',
  created_at: '2026-01-01T00:00:00.000Z',
})

describe('mergeMessages', () => {
  it('keeps each id once, in id order, whatever order pushes and fetches arrive in', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(3), msg(2), msg(4), msg(2)])
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4])
  })
})

describe('settlePending', () => {
  it('drops my pending messages once the server has them, and only those', () => {
    const pending = [
      { client_id: 'client-1', content: 'a', failed: false },
      { client_id: 'client-9', content: 'b', failed: true },
    ]
    expect(settlePending(pending, [msg(1), msg(9, 'operator')])).toEqual([pending[1]])
  })
})
