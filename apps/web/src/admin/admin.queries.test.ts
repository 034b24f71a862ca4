import { admin } from '@kinetic/protocol'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '@/api/keys'
import { setCurrentAccountId } from '@/api/session'
import { answer, stubFetch } from '@/test/fetch'
import { consoleQuery } from './admin.queries'

const fetchMock = stubFetch()

describe('the console’s kept answers', () => {
  it('are read again after a change to that list only, whatever params they were read with', async () => {
    const client = new QueryClient()
    fetchMock.mockImplementation(() => Promise.resolve(answer({ list: [] })))
    await client.fetchQuery(consoleQuery(admin.notices, { limit: 50 }))
    await client.fetchQuery(consoleQuery(admin.goods, { limit: 100 }))

    await client.invalidateQueries({ queryKey: queryKeys.consoleMethod(admin.notices) })

    expect(client.getQueryState(consoleQuery(admin.notices, { limit: 50 }).queryKey)?.isInvalidated).toBe(true)
    expect(client.getQueryState(consoleQuery(admin.goods, { limit: 100 }).queryKey)?.isInvalidated).toBe(false)
  })

  it('are not touched when the app signs out of its accounts', async () => {
    const client = new QueryClient()
    setCurrentAccountId(7)
    fetchMock.mockResolvedValueOnce(answer({ list: [{ id: 1 }] }))
    await client.fetchQuery(consoleQuery(admin.notices, { limit: 50 }))

    client.removeQueries({ queryKey: queryKeys.signedIn })
    setCurrentAccountId(8)

    expect(client.getQueryData(consoleQuery(admin.notices, { limit: 50 }).queryKey)).toEqual({ list: [{ id: 1 }] })
  })
})
