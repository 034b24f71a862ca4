import { aUser, refuse, renderPage } from '@/test/renderPage'
import { errorMessage } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UserInfoPage } from './UserInfoPage'

describe('/userInfo: the body measures', () => {
  it('shows and sends the weight with one decimal, as the weight log keeps it', async () => {
    const page = await renderPage(<UserInfoPage />, {
      answers: {
        '/v1/userinfo': () => aUser({ weight: 57.5 }),
        '/v1/infoedit': (params) => aUser({ weight: Number(params.weight) }),
      },
    })
    const weight = await screen.findByLabelText('Weight')
    expect((weight as HTMLInputElement).value).toBe('57.5')
    expect(weight.getAttribute('inputmode')).toBe('decimal')
    expect(weight.getAttribute('step')).toBe('0.1')
    await page.user.clear(weight)
    await page.user.type(weight, '57.4')
    await page.user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Modified successfully')
    expect(page.requests.find((r) => r.method === '/v1/infoedit')?.params.weight).toBe('57.4')
  })

  it('keeps a range error beside its field, naming the range, until the field is changed', async () => {
    const page = await renderPage(<UserInfoPage />, {
      answers: { '/v1/userinfo': () => aUser({ weight: 57.5 }), '/v1/infoedit': () => refuse('WEIGHT_RANGE') },
    })
    const weight = await screen.findByLabelText('Weight')
    await page.user.clear(weight)
    await page.user.type(weight, '300.5')
    await page.user.click(screen.getByRole('button', { name: 'Save' }))
    const shown = await screen.findByText(errorMessage('WEIGHT_RANGE', 'us-en'))
    expect(shown.textContent).toBe('Weight must be between 20 and 300 kg')
    expect(shown.getAttribute('role')).toBe('alert')
    expect(weight.closest('form')?.contains(shown)).toBe(true)
    expect(weight.getAttribute('aria-invalid')).toBe('true')
    await page.user.type(weight, '{Backspace}{Backspace}{Backspace}')
    expect(screen.queryByText(errorMessage('WEIGHT_RANGE', 'us-en'))).toBeNull()
  })
})
