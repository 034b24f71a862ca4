import { renderPage } from '@/test/renderPage'
import { errorMessage, shop, wireLang, type Locale, type Result } from '@kinetic/protocol'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enShop from '@/i18n/locales/en-US/shop.json'
import cnShop from '@/i18n/locales/zh-CN/shop.json'
import twShop from '@/i18n/locales/zh-TW/shop.json'
import { BuySheet } from './BuySheet'

const TEXTS = { 'en-US': enShop, 'zh-CN': cnShop, 'zh-TW': twShop } as const

const bottle: shop.Good = {
  id: 7,
  kind: 'physical',
  name: 'Sports water bottle',
  description: '750 ml',
  price: 500,
  stock: null,
}
const analysis: shop.Good = { ...bottle, id: 3, kind: 'virtual', name: 'Fitness analysis', price: 300 }

/** The server's answer to a purchase, typed by the protocol like a real one. */
function bought(params: Record<string, string>): Result<typeof shop.buy> {
  const good = params.id === '7' ? bottle : analysis
  return {
    order: {
      id: 41,
      good: { id: good.id, kind: good.kind, name: good.name },
      price: good.price,
      status: good.kind === 'physical' ? 'paid' : 'completed',
      ship_name: params.name ?? '',
      ship_phone: params.phone ?? '',
      ship_address: params.address ?? '',
      created_at: '2026-11-24T10:00:00.000Z',
      updated_at: '2026-11-24T10:00:00.000Z',
    },
    points: 1000 - good.price,
  }
}

const sheet = () => document.querySelector<HTMLElement>('.adm-popup-body') as HTMLElement

describe('the buy sheet', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] satisfies Locale[]) {
    it(`names the first problem of the shipping address in ${locale}, then confirms what is paid and left`, async () => {
      const t = TEXTS[locale]
      const lang = wireLang(locale)
      const page = await renderPage(<BuySheet good={bottle} points={1000} onClose={() => undefined} />, {
        locale,
        answers: { '/v1/poststore': bought },
      })
      const { user } = page
      const inSheet = within(sheet())
      expect(inSheet.getByRole('heading').textContent).toBe(t.buy.addressTitle)

      const next = () => user.click(inSheet.getByRole('button', { name: t.buy.next }))
      await next()
      expect(inSheet.getByRole('alert').textContent).toBe(errorMessage('FIELD_REQUIRED', lang, { field: 'name' }))
      await user.type(inSheet.getByPlaceholderText(t.buy.name), 'Li Lei')
      // typing again clears the problem until the next try
      expect(inSheet.queryByRole('alert')).toBeNull()
      await next()
      expect(inSheet.getByRole('alert').textContent).toBe(errorMessage('PHONE_REQUIRED', lang))
      await user.type(inSheet.getByPlaceholderText(t.buy.phone), '2380013800')
      await next()
      expect(inSheet.getByRole('alert').textContent).toBe(errorMessage('PHONE_INVALID', lang))
      await user.clear(inSheet.getByPlaceholderText(t.buy.phone))
      await user.type(inSheet.getByPlaceholderText(t.buy.phone), '13800138000')
      await user.type(inSheet.getByPlaceholderText(t.buy.address), '1 Rd')
      await next()
      expect(inSheet.getByRole('alert').textContent).toBe(errorMessage('FIELD_INVALID', lang, { field: 'address' }))
      await user.type(inSheet.getByPlaceholderText(t.buy.address), ', Shenzhen')
      await next()

      // the confirmation: the price, the points left, where it goes; nothing was asked yet
      expect(inSheet.getByRole('heading').textContent).toBe(t.buy.confirmTitle)
      const summary = [...sheet().querySelectorAll('dd')].map((dd) => dd.textContent)
      // name and phone, then the address on a line of its own
      expect(summary).toEqual([t.price.replace('{{points}}', '500'), '500', 'Li Lei 13800138000' + '1 Rd, Shenzhen'])
      expect(sheet().querySelectorAll('dd br')).toHaveLength(1)
      expect(page.requests).toEqual([])

      await user.click(inSheet.getByRole('button', { name: t.buy.confirm.physical }))
      await waitFor(() => expect(page.location()).toBe('/orders'))
      expect(page.requests).toEqual([
        {
          method: '/v1/poststore',
          params: {
            id: '7',
            request_id: expect.stringMatching(/\S/),
            name: 'Li Lei',
            phone: '13800138000',
            address: '1 Rd, Shenzhen',
          },
        },
      ])
      expect(await screen.findByText(t.buy.done)).toBeTruthy()
    })
  }

  it('goes back from the confirmation to the address, as typed', async () => {
    const { user } = await renderPage(<BuySheet good={bottle} points={1000} onClose={() => undefined} />)
    const inSheet = within(sheet())
    await user.type(inSheet.getByPlaceholderText(enShop.buy.name), 'Han Mei')
    await user.type(inSheet.getByPlaceholderText(enShop.buy.phone), '13900139000')
    await user.type(inSheet.getByPlaceholderText(enShop.buy.address), '8 Harbour Road, Xiamen')
    await user.click(inSheet.getByRole('button', { name: enShop.buy.next }))
    await user.click(inSheet.getByRole('button', { name: 'Back' }))
    expect((inSheet.getByPlaceholderText(enShop.buy.address) as HTMLTextAreaElement).value).toBe(
      '8 Harbour Road, Xiamen',
    )
  })

  it('exchanges a virtual good at once, without an address', async () => {
    const page = await renderPage(<BuySheet good={analysis} points={1000} onClose={() => undefined} />, {
      answers: { '/v1/poststore': bought },
    })
    const inSheet = within(sheet())
    expect(inSheet.getByRole('heading').textContent).toBe(enShop.buy.confirmTitle)
    expect(inSheet.queryByPlaceholderText(enShop.buy.name)).toBeNull()
    await page.user.click(inSheet.getByRole('button', { name: enShop.buy.confirm.virtual }))
    await waitFor(() => expect(page.location()).toBe('/orders'))
    expect(page.requests.map((r) => Object.keys(r.params))).toEqual([['id', 'request_id']])
  })

  it('says the points are short and offers no way to pay', async () => {
    const page = await renderPage(<BuySheet good={analysis} points={120} onClose={() => undefined} />)
    const inSheet = within(sheet())
    expect(inSheet.getByRole('alert').textContent).toBe(errorMessage('INSUFFICIENT_POINTS', 'us-en'))
    const confirm = inSheet.getByRole('button', { name: enShop.buy.confirm.virtual }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    expect([...sheet().querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      enShop.price.replace('{{points}}', '300'),
      '–',
    ])
    await page.user.click(confirm)
    expect(page.requests).toEqual([])
  })
})
