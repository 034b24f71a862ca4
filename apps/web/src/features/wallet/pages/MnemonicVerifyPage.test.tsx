import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import { errorMessage, wireLang, type Locale } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import enWallet from '@/i18n/locales/en-US/wallet.json'
import cnWallet from '@/i18n/locales/zh-CN/wallet.json'
import twWallet from '@/i18n/locales/zh-TW/wallet.json'
import { startCreateFlow, updateCreateDraft } from '../lib/createFlow'
import { MnemonicVerifyPage } from './MnemonicVerifyPage'

const TEXTS = { 'en-US': enWallet, 'zh-CN': cnWallet, 'zh-TW': twWallet } as const
const WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow'.split(' ')

beforeAll(async () => {
  await initI18n()
  await loadTexts('wallet')
})

/** The verify screen of a wallet being created, with the words picked in `order`, confirmed. */
async function confirmOrder(locale: Locale, order: readonly string[]) {
  const t = TEXTS[locale]
  startCreateFlow({ name: 'Main', password: 'walk12345', hint: '' })
  updateCreateDraft({ mnemonic: WORDS.join(' ') })
  const page = await renderPage(<MnemonicVerifyPage />, { locale, route: '/mnemonicWordsVerify' })
  const choices = within(screen.getByRole('group', { name: t.verify.choices }))
  for (const word of order) {
    await page.user.click(choices.getAllByRole('button', { name: word }).find((b) => !b.hasAttribute('disabled'))!)
  }
  await page.user.click(screen.getByRole('button', { name: t.common.confirm }))
  return page
}

/** The accessible names of the picked slots, in order. */
const slotNames = (locale: Locale) =>
  within(screen.getByRole('list', { name: TEXTS[locale].verify.picked }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))

describe('verifying the words of a new wallet', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`marks only the two swapped words after a wrong order, in ${locale}`, async () => {
      const t = TEXTS[locale]
      // "thank" and "wave" (places 3 and 5) swapped; the rest where they belong
      const order = [...WORDS]
      ;[order[2], order[4]] = [order[4] as string, order[2] as string]
      const page = await confirmOrder(locale, order)
      expect(await screen.findByText(errorMessage('MNEMONIC_ORDER', wireLang(locale)))).toBeTruthy()
      const misplaced = (word: string) => t.verify.removeMisplaced.replace('{{word}}', word)
      const placed = (word: string) => t.verify.remove.replace('{{word}}', word)
      expect(slotNames(locale)).toEqual(order.map((word, i) => (i === 2 || i === 4 ? misplaced(word) : placed(word))))
      expect(page.requests).toEqual([])
    })
  }

  it('clears the marks as soon as a slot is taken back', async () => {
    const order = [WORDS[1], WORDS[0], ...WORDS.slice(2)] as string[]
    const page = await confirmOrder('en-US', order)
    await screen.findByText(errorMessage('MNEMONIC_ORDER', 'us-en'))
    expect(slotNames('en-US').filter((name) => name?.endsWith('not in its place'))).toHaveLength(2)
    await page.user.click(screen.getByRole('button', { name: 'Remove yellow' }))
    expect(slotNames('en-US').filter((name) => name?.endsWith('not in its place'))).toHaveLength(0)
  })
})
