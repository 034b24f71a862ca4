import { refuse, renderPage } from '@/test/renderPage'
import { errorMessage } from '@kinetic/protocol'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MessageDetailPage } from './MessageDetailPage'

const notFound = errorMessage('MESSAGE_NOT_FOUND', 'us-en')
const BACK = 'Back to messages'

describe('a message that is not there', () => {
  for (const route of ['/messageDetail', '/messageDetail?id=abc', '/messageDetail?id=0']) {
    it(`says so at ${route}, asks the server nothing, and leads back to the messages`, async () => {
      const page = await renderPage(<MessageDetailPage />, { route })
      expect(await screen.findByText(notFound)).toBeTruthy()
      expect(page.requests).toEqual([])
      await page.user.click(screen.getByRole('button', { name: BACK }))
      await waitFor(() => expect(page.location()).toBe('/messageList'))
    })
  }

  it("says so for an id the server does not know (or another user's)", async () => {
    await renderPage(<MessageDetailPage />, {
      route: '/messageDetail?id=999',
      answers: { '/v1/msginfo': () => refuse('MESSAGE_NOT_FOUND') },
    })
    expect(await screen.findByRole('button', { name: BACK })).toBeTruthy()
    expect(screen.getAllByText(notFound).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})
