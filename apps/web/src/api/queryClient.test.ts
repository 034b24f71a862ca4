import { earn } from '@kinetic/protocol'
import { MutationObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call } from './client'
import { createQueryClient } from './queryClient'

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>()
beforeEach(() => {
  localStorage.clear()
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

describe('the query client', () => {
  it('reports a request id reused with other details once, with the server’s message', async () => {
    const msg = 'This request id was already used with different details'
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: false, msg, error: 'IDEMPOTENCY_KEY_REUSED', fields: { request_id: msg } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    const report = vi.fn<(message: string) => void>()
    const supply = new MutationObserver(createQueryClient(report), {
      mutationFn: () => call(earn.supply, { amount: '11', request_id: 'used-before' }),
    })
    await expect(supply.mutate()).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: msg })
    expect(report.mock.calls).toEqual([[msg]])
  })
})
