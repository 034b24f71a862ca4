import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryKeys, setCurrentAccountId } from '@/api'
import { answer, stubFetch } from '@/test/fetch'
import { swapResultQuery } from './swap.queries'

const fetchMock = stubFetch()

describe('a swap’s result', () => {
  it('read for one account is not shown to another account on the same device', async () => {
    const client = new QueryClient()
    const hash = `0x${'ab'.repeat(32)}`
    setCurrentAccountId(7)
    fetchMock.mockResolvedValueOnce(answer({ transfers: [{ status: 'success', log_index: -1 }] }))
    await client.fetchQuery(swapResultQuery(hash))
    expect(client.getQueryData(swapResultQuery(hash).queryKey)).toBeDefined()

    setCurrentAccountId(8)
    expect(client.getQueryData(swapResultQuery(hash).queryKey)).toBeUndefined()
  })

  it('is dropped with the accounts’ other answers when the app signs out', async () => {
    const client = new QueryClient()
    const hash = `0x${'cd'.repeat(32)}`
    setCurrentAccountId(7)
    fetchMock.mockResolvedValueOnce(answer({ transfers: [] }))
    await client.fetchQuery(swapResultQuery(hash))

    client.removeQueries({ queryKey: queryKeys.signedIn })

    expect(client.getQueryData(swapResultQuery(hash).queryKey)).toBeUndefined()
  })
})
