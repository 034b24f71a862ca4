import { renderPage } from '@/test/renderPage'
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import enAccount from '@/i18n/locales/en-US/account.json'
import cnAccount from '@/i18n/locales/zh-CN/account.json'
import { LanguageListPage } from './LanguageListPage'
import { LoginPage } from './LoginPage'
import { RegisterPage } from './RegisterPage'

const signedOutPages = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<RegisterPage />} />
    <Route path="/languageList" element={<LanguageListPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
)

describe('choosing the language before sign-in', () => {
  it('log-in shows the language in its own name, and choosing English comes back to log-in in English', async () => {
    localStorage.removeItem('currentAccount')
    const page = await renderPage(signedOutPages, { locale: 'zh-CN', route: '/login' })
    const link = screen.getByRole('link', { name: '语言：简体中文' })
    await page.user.click(link)
    expect(page.location()).toBe('/languageList')

    await page.user.click(screen.getByText('English'))
    await waitFor(() => expect(page.location()).toBe('/login'))
    expect(await screen.findByRole('button', { name: enAccount.login.submit })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Language: English' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: cnAccount.login.submit })).toBeNull()
    expect(localStorage.getItem('currentLanguage')).toBe('en-US')
  })

  it('register has the same switch', async () => {
    const page = await renderPage(signedOutPages, { locale: 'en-US', route: '/register' })
    await page.user.click(screen.getByRole('link', { name: 'Language: English' }))
    expect(page.location()).toBe('/languageList')
  })

  it('opened directly while signed in, goes back to Mine', async () => {
    localStorage.setItem('currentAccount', '12')
    const page = await renderPage(signedOutPages, { locale: 'en-US', route: '/languageList' })
    await page.user.click(screen.getByText('繁體中文'))
    await waitFor(() => expect(page.location()).toBe('/my'))
    localStorage.removeItem('currentAccount')
  })
})
