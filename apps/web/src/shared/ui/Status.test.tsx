import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { onlineManager, useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import enCommon from '@/i18n/locales/en-US/common.json'
import cnCommon from '@/i18n/locales/zh-CN/common.json'
import twCommon from '@/i18n/locales/zh-TW/common.json'
import { Loading } from './Status'

const TEXTS = { 'en-US': enCommon, 'zh-CN': cnCommon, 'zh-TW': twCommon } as const

/** A page that reads once and shows the shared loading state until the answer is in. */
function ReadingPage() {
  const { data } = useQuery({ queryKey: ['signedIn', 12, 'spot'], queryFn: () => Promise.resolve('the answer') })
  return data === undefined ? <Loading /> : <p>{data}</p>
}

const spinner = () => document.querySelector('[aria-busy="true"]')

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('a page loading', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`says offline, in ${locale}, that a page never read on this device is not available, then loads once online`, async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      await renderPage(<ReadingPage />, { locale })
      expect(await screen.findByText(TEXTS[locale].notOffline)).toBeTruthy()
      expect(spinner()).toBeNull()
      await act(async () => onlineManager.setOnline(true))
      expect(await screen.findByText('the answer')).toBeTruthy()
      expect(screen.queryByText(TEXTS[locale].notOffline)).toBeNull()
    })
  }

  it('shows the spinner online while the answer is on its way', async () => {
    await renderPage(<ReadingPage />, { locale: 'en-US' })
    expect(spinner()).not.toBeNull()
    expect(screen.queryByText(enCommon.notOffline)).toBeNull()
    expect(await screen.findByText('the answer')).toBeTruthy()
  })
})
