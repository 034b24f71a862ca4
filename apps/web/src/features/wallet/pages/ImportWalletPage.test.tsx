import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import { errorMessage, wireLang, type Locale } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import { ImportWalletPage } from './ImportWalletPage'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const
// BIP39's test vector of 0x7f…: every word is on the list and the last one carries the checksum.
const WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow'

/** The page reads my wallets (for a free default name); nothing else may reach the server. */
const myWallets = { '/v1/replacement': () => ({ list: [] }) }
const sent = (page: { requests: { method: string }[] }) => page.requests.filter((r) => r.method !== '/v1/replacement')

/** Types the phrase on the words tab and submits; nothing may reach the server. */
async function importWords(locale: Locale, phrase: string) {
  const t = TEXTS[locale]
  const page = await renderPage(<ImportWalletPage />, { locale, answers: myWallets })
  // pasted, as words usually are
  await page.user.click(screen.getByPlaceholderText(t.import.words))
  await page.user.paste(phrase)
  await page.user.click(screen.getByRole('button', { name: t.import.submit }))
  return page
}

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

describe('importing a wallet by its words', () => {
  it('names each mistyped word by its position, not "12 words separated by spaces"', async () => {
    const page = await importWords('en-US', WORDS.replace('thank year', 'thnak year').replace(/yellow$/, 'yelow'))
    expect(
      await screen.findByText('Not a mnemonic word: word 3 “thnak” and word 12 “yelow”. Check the spelling.'),
    ).toBeTruthy()
    expect(screen.queryByText(errorMessage('MNEMONIC_INVALID', 'us-en'))).toBeNull()
    expect(sent(page)).toEqual([])
  })

  for (const locale of ['zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names the mistyped word in ${locale}`, async () => {
      await importWords(locale, WORDS.replace(/^legal/, 'legl'))
      const word = TEXTS[locale].problems.wordAt.replace('{{position}}', '1').replace('{{word}}', 'legl')
      expect(
        await screen.findByText(errorMessage('MNEMONIC_WORD_UNKNOWN', wireLang(locale), { words: word })),
      ).toBeTruthy()
    })
  }

  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`says the checksum does not match when every word is valid, in ${locale}`, async () => {
      const page = await importWords(locale, WORDS.replace('wave sausage', 'sausage wave'))
      expect(await screen.findByText(errorMessage('MNEMONIC_CHECKSUM', wireLang(locale)))).toBeTruthy()
      expect(sent(page)).toEqual([])
    })
  }

  it('keeps the word-count message for 11 valid words', async () => {
    await importWords('en-US', WORDS.split(' ').slice(1).join(' '))
    expect(await screen.findByText(errorMessage('MNEMONIC_INVALID', 'us-en'))).toBeTruthy()
  })
})

describe('a problem with the words stays beside them', () => {
  it('shows the unknown word under the words field until the words are corrected', async () => {
    const t = TEXTS['en-US']
    const page = await importWords('en-US', WORDS.replace(/yellow$/, 'yelow'))
    const message = 'Not a mnemonic word: word 12 “yelow”. Check the spelling.'
    const field = screen.getByPlaceholderText(t.import.words)
    const shown = await screen.findByText(message)
    expect(shown.getAttribute('role')).toBe('alert')
    // beside the field, in the form: not a toast that fades after 2 s
    expect(field.closest('form')?.contains(shown)).toBe(true)
    // a wrong correction names the word still wrong; the right one takes the message away
    await page.user.type(field, 'x')
    expect(screen.getByText('Not a mnemonic word: word 12 “yelowx”. Check the spelling.')).toBeTruthy()
    await page.user.clear(field)
    await page.user.paste(WORDS)
    expect(screen.queryByText(/Not a mnemonic word/)).toBeNull()
    expect(sent(page)).toEqual([])
  })
})

describe('the default name of an imported wallet', () => {
  const aWallet = (id: number, name: string) => ({
    id,
    name,
    address: `0x${String(id).padStart(40, '0')}`,
    kind: 'mnemonic' as const,
    hint: '',
    backed_up: true,
    current: id === 1,
    proven: true,
    created_at: '2026-11-24T10:00:00.000Z',
  })

  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`numbers the next imported wallet when one already has the name, in ${locale}`, async () => {
      const base = TEXTS[locale].import.defaultName
      await renderPage(<ImportWalletPage />, {
        locale,
        answers: { '/v1/replacement': () => ({ list: [aWallet(1, base), aWallet(2, `${base} 2`)] }) },
      })
      expect(await screen.findByDisplayValue(`${base} 3`)).toBeTruthy()
    })
  }

  it('keeps the plain name for the first imported wallet', async () => {
    await renderPage(<ImportWalletPage />, {
      answers: { '/v1/replacement': () => ({ list: [aWallet(1, 'My Wallet')] }) },
    })
    expect(await screen.findByDisplayValue('Imported Wallet')).toBeTruthy()
  })
})
