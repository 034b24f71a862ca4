import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { Locale } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import { cameraProblem, QrScanner } from './QrScanner'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})
afterEach(() => vi.unstubAllGlobals())

/** A browser whose camera answers getUserMedia with `error` (the person refused, no camera…). */
function cameraRefusing(error: DOMException) {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: () => Promise.reject(error), enumerateDevices: () => Promise.resolve([]) },
  })
}

describe('QR scanner on Send', () => {
  it.each(['en-US', 'zh-CN', 'zh-TW'] as const)('says in %s that camera access was refused', async (locale: Locale) => {
    cameraRefusing(new DOMException('Permission denied', 'NotAllowedError'))
    await renderPage(<QrScanner visible onClose={() => {}} onScan={() => null} />, { locale })
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', TEXTS[locale].scan.denied)
  })

  it('says when the browser has no camera API here (plain HTTP)', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined })
    await renderPage(<QrScanner visible onClose={() => {}} onScan={() => null} />, { locale: 'en-US' })
    expect((await screen.findByRole('alert')).textContent).toBe(enWallet.scan.unsupported)
  })

  it('names each getUserMedia failure', () => {
    expect(cameraProblem(new DOMException('', 'NotAllowedError'))).toBe('denied')
    expect(cameraProblem(new DOMException('', 'NotFoundError'))).toBe('noCamera')
    expect(cameraProblem(new DOMException('', 'NotReadableError'))).toBe('noCamera')
    expect(cameraProblem(new Error('boom'))).toBe('failed')
  })
})
