import { afterEach, beforeEach, vi } from 'vitest'

/**
 * `fetch` replaced, in every test of the file that calls this, by the mock it returns (reset, with
 * local storage cleared, before each test).
 */
export function stubFetch() {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>()
  beforeEach(() => {
    localStorage.clear()
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())
  return fetchMock
}

/** The server's answer carrying `data`. */
export const answer = (data: unknown) =>
  new Response(JSON.stringify({ code: true, msg: '', data }), { headers: { 'Content-Type': 'application/json' } })
