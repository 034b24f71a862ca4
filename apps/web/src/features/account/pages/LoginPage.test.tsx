import { aUser, refuse, renderPage, type RenderedPage } from '@/test/renderPage'
import { account, errorMessage, type Result } from '@kinetic/protocol'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enAccount from '@/i18n/locales/en-US/account.json'
import cnAccount from '@/i18n/locales/zh-CN/account.json'
import { LoginPage } from './LoginPage'

const t = enAccount

/** The signed-in user, typed by the protocol like the server's answer. */
const signedIn = (email: string): Result<typeof account.login> => ({
  user: aUser({ email, google_bound: true }),
})

const field = (label: string) => screen.getByPlaceholderText(label)
const submit = (page: RenderedPage, name = t.login.submit) => page.user.click(screen.getByRole('button', { name }))

describe('the login page', () => {
  it('asks for the account, then the password, before asking the server', async () => {
    const page = await renderPage(<LoginPage />, { route: '/login' })
    await submit(page)
    expect(await screen.findByText(errorMessage('FIELD_REQUIRED', 'us-en', { field: 'account' }))).toBeTruthy()
    await page.user.type(field(t.form.loginAccount), 'li.lei@example.com')
    await submit(page)
    expect(await screen.findByText(errorMessage('PASSWORD_REQUIRED', 'us-en'))).toBeTruthy()
    expect(page.requests).toEqual([])
  })

  it('shows the Google code field when the account needs it, and signs in with the code', async () => {
    const page = await renderPage(<LoginPage />, {
      route: '/login',
      answers: {
        '/v1/login': (params) => (params.google_code ? signedIn(params.account ?? '') : refuse('GOOGLE_CODE_REQUIRED')),
      },
    })
    expect(screen.queryByPlaceholderText(t.form.googleOrRecovery)).toBeNull()
    await page.user.type(field(t.form.loginAccount), ' li.lei@example.com ')
    await page.user.type(field(t.form.password), 'secret123')
    await submit(page)
    // the server's words, and the field for the code
    expect(await screen.findByText(errorMessage('GOOGLE_CODE_REQUIRED', 'us-en'))).toBeTruthy()
    await screen.findByPlaceholderText(t.form.googleOrRecovery)
    expect(page.requests).toEqual([
      { method: '/v1/login', params: { account: 'li.lei@example.com', password: 'secret123' } },
    ])

    await page.user.type(field(t.form.googleOrRecovery), '123456')
    await submit(page)
    await waitFor(() => expect(page.location()).toBe('/homePage'))
    expect(page.requests[1]).toEqual({
      method: '/v1/login',
      params: { account: 'li.lei@example.com', password: 'secret123', google_code: '123456' },
    })
  })

  it('says a wrong password in the interface language and stays on the page', async () => {
    const page = await renderPage(<LoginPage />, {
      locale: 'zh-CN',
      route: '/login',
      answers: { '/v1/login': () => refuse('LOGIN_FAILED') },
    })
    await page.user.type(field(cnAccount.form.loginAccount), 'li.lei@example.com')
    await page.user.type(field(cnAccount.form.password), 'wrong-one')
    await submit(page, cnAccount.login.submit)
    expect(await screen.findByText(errorMessage('LOGIN_FAILED', 'zh-cn'))).toBeTruthy()
    expect(page.location()).toBe('/login')
    expect(screen.queryByPlaceholderText(cnAccount.form.googleOrRecovery)).toBeNull()
  })
})
