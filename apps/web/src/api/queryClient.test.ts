import { earn, errorMessage, loadMessages } from '@kinetic/protocol'
import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { call } from './client'
import { createQueryClient } from './queryClient'

beforeAll(() => loadMessages('us-en'))

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>()
beforeEach(() => {
  localStorage.clear()
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  onlineManager.setOnline(true)
})

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

  it('fails a write made offline at once with the OFFLINE message instead of holding it for later', async () => {
    localStorage.setItem('currentLanguage', 'en-US')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const report = vi.fn<(message: string) => void>()
    const supply = new MutationObserver(createQueryClient(report), {
      mutationFn: () => call(earn.supply, { amount: '11', request_id: 'offline-1' }),
    })
    await expect(supply.mutate()).rejects.toMatchObject({ kind: 'offline' })
    expect(report.mock.calls).toEqual([[errorMessage('OFFLINE', 'us-en')]])
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
