import { aUser, renderPage, type RenderedPage } from '@/test/renderPage'
import { account, errorMessage, type ErrorCode, type Result } from '@kinetic/protocol'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enAccount from '@/i18n/locales/en-US/account.json'
import enCommon from '@/i18n/locales/en-US/common.json'
import { RegisterPage } from './RegisterPage'

const t = enAccount

/** The server's answers, typed by the protocol like real ones. */
const answers = {
  '/v1/send': (): Result<typeof account.sendCode> => ({ cooldown: 60 }),
  '/v1/register': (params: Record<string, string>): Result<typeof account.register> => ({
    user: aUser({ nickname: params.account?.split('@')[0] ?? '', email: params.account ?? '' }),
  }),
}

const field = (label: string) => screen.getByPlaceholderText(label)
const submit = (page: RenderedPage) => page.user.click(screen.getByRole('button', { name: t.register.submit }))

/**
 * The register page, with empty fields: the page keeps what was typed (passwords aside) for as
 * long as the app runs, so what an earlier test typed is cleared first.
 */
async function registerPage(route = '/register') {
  const page = await renderPage(<RegisterPage />, { route, answers })
  for (const label of [t.form.email, t.form.code]) await page.user.clear(field(label))
  if (!route.includes('invite=')) await page.user.clear(field(t.form.invite))
  return page
}

/** A toast with the protocol's message for `code` shows. */
async function expectProblem(code: ErrorCode) {
  expect(await screen.findByText(errorMessage(code, 'us-en'))).toBeTruthy()
}

describe('the register page', () => {
  it('names the first missing or wrong field, in order, and sends nothing until all is right', async () => {
    const page = await registerPage()
    const { user } = page
    await submit(page)
    await expectProblem('EMAIL_REQUIRED')
    await user.type(field(t.form.email), 'not-an-email')
    await submit(page)
    await expectProblem('EMAIL_INVALID')
    await user.clear(field(t.form.email))
    await user.type(field(t.form.email), 'li.lei@example.com')
    await submit(page)
    await expectProblem('CODE_REQUIRED')
    await user.type(field(t.form.code), '123456')
    await submit(page)
    await expectProblem('PASSWORD_REQUIRED')
    await user.type(field(t.form.password), 'short')
    await submit(page)
    await expectProblem('PASSWORD_INVALID')
    await user.clear(field(t.form.password))
    await user.type(field(t.form.password), 'secret123')
    await user.type(field(t.form.repeatPassword), 'secret124')
    await submit(page)
    await expectProblem('PASSWORD_MISMATCH')
    await user.clear(field(t.form.repeatPassword))
    await user.type(field(t.form.repeatPassword), 'secret123')
    await submit(page)
    await expectProblem('PRIVACY_NOT_AGREED')
    expect(page.requests).toEqual([])
  })

  it('mails a code to a valid address only, then counts down before another', async () => {
    const page = await registerPage()
    const sendCode = () => screen.getByRole('button', { name: t.form.sendCode })
    await page.user.type(field(t.form.email), 'li.lei@')
    await page.user.click(sendCode())
    await expectProblem('EMAIL_INVALID')
    expect(page.requests).toEqual([])

    await page.user.type(field(t.form.email), 'example.com')
    await page.user.click(sendCode())
    expect(await screen.findByText(enCommon.toast.codeSent)).toBeTruthy()
    expect(page.requests).toEqual([
      { method: '/v1/send', params: { type: 'email', account: 'li.lei@example.com', scene: 'register' } },
    ])
    // the server's cooldown, a second of which may have gone by
    const resend = screen.getByRole('button', {
      name: new RegExp(`^${t.form.resend.replace('{{seconds}}', '(60|59)')}$`),
    })
    expect((resend as HTMLButtonElement).disabled).toBe(true)
  })

  it('registers with the invitation of the link it was opened from, and goes home', async () => {
    const page = await registerPage('/register?invite=K7PQ2M9X')
    expect((field(t.form.invite) as HTMLInputElement).value).toBe('K7PQ2M9X')
    await page.user.type(field(t.form.email), ' li.lei@example.com ')
    await page.user.type(field(t.form.code), '123456')
    await page.user.type(field(t.form.password), 'secret123')
    await page.user.type(field(t.form.repeatPassword), 'secret123')
    const agree = screen.getByRole('checkbox') as HTMLInputElement
    if (!agree.checked) await page.user.click(agree)
    await submit(page)
    await waitFor(() => expect(page.location()).toBe('/homePage'))
    expect(page.requests).toEqual([
      {
        method: '/v1/register',
        params: {
          type: 'email',
          account: 'li.lei@example.com',
          code: '123456',
          password: 'secret123',
          repassword: 'secret123',
          invite_code: 'K7PQ2M9X',
          agree: '1',
          // the device's zone becomes the account's
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      },
    ])
    expect(await screen.findByText(enCommon.toast.registered)).toBeTruthy()
  })

  it('keeps what was typed, passwords aside, when the page is left and opened again', async () => {
    const first = await registerPage()
    await first.user.type(field(t.form.email), 'han.mei@example.com')
    await first.user.type(field(t.form.password), 'secret123')
    first.unmount()
    await renderPage(<RegisterPage />, { route: '/register', answers })
    expect((field(t.form.email) as HTMLInputElement).value).toBe('han.mei@example.com')
    expect((field(t.form.password) as HTMLInputElement).value).toBe('')
  })
})
