import { aUser, renderPage } from '@/test/renderPage'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enAccount from '@/i18n/locales/en-US/account.json'
import enCommon from '@/i18n/locales/en-US/common.json'
import { AccountLogoffPage } from './AccountLogoffPage'

const t = enAccount

describe('cancelling the account', () => {
  it('says what goes and what is lost, and asks with two answers that cannot be mistaken', async () => {
    const page = await renderPage(<AccountLogoffPage />, {
      route: '/accountLogoff',
      answers: {
        '/v1/userinfo': () => aUser({ google_bound: true }),
        '/v1/logoff': () => ({ ok: true }),
      },
    })
    const what = await screen.findByRole('region', { name: t.logoff.what })
    for (const words of ['health data', 'wallets saved on this account', 'points', 'KNT still in the app']) {
      expect(what.textContent).toContain(words)
    }

    await page.user.type(screen.getByPlaceholderText(t.form.googleOrRecovery), '123456')
    await page.user.click(screen.getByRole('button', { name: t.logoff.submit }))
    const dialog = await screen.findByRole('dialog')
    const answers = [...dialog.querySelectorAll('button')].map((b) => b.textContent)
    expect(answers).toEqual(['Keep my account', 'Delete account'])
    expect(answers).not.toContain(enCommon.cancel)

    // the dialog's buttons take no pointer events while it animates in: clicked directly
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(page.requests.map((r) => r.method)).not.toContain('/v1/logoff')
  })
})
