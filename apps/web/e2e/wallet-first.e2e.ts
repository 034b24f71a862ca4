import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './fixtures.ts'
import { open } from './support.ts'
import { button, createWalletThroughScreens, field, fund, newAccountPage, t, walletAddress } from './wallet.support.ts'

/**
 * What a new wallet user checks first: the verify screen marks only the misplaced
 * words (createWalletThroughScreens asserts it), and the first-time recipient dialog shows the
 * whole address it asks to check, on the narrowest phones.
 */

/** Every line of text in the dialog lies inside the dialog: nothing is cut off or runs out. */
async function textOutsideDialog(page: Page): Promise<string[]> {
  return page.getByRole('dialog').evaluate((dialog) => {
    const box = dialog.getBoundingClientRect()
    const outside: string[] = []
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.left < 0 || rect.right > innerWidth)
          outside.push(`${node.textContent} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`)
      }
    }
    for (const element of dialog.querySelectorAll('*'))
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
        outside.push(`${element.className} scrolls or clips its text`)
    return outside
  })
}

test('the first-time recipient dialog shows the whole address, grouped and wrapped, at 375 and 320 px', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const page = await newAccountPage(browser, 'first')
  await createWalletThroughScreens(page, 'First', 'Zebra-Quartz-91')
  await fund(await walletAddress(page))
  const to = privateKeyToAccount(generatePrivateKey()).address

  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 812 })
    await open(page, '/walletTransfer')
    await expect.poll(() => page.getByText(/^Balance: [1-9]/).count(), { timeout: 20_000 }).toBe(1)
    await field(page, t.send.to).fill(to)
    await field(page, t.send.amount).fill('0.01')
    await button(page, t.send.next).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByText(t.send.warn.firstTitle, { exact: true }).count()).toBe(1)

    // the whole address, character for character, none of it outside the dialog or the screen
    // (polled: the dialog grows into place)
    expect((await dialog.innerText()).replace(/\s/g, '')).toContain(to)
    await expect.poll(() => textOutsideDialog(page), { message: `${width} px` }).toEqual([])
    // in 0x and ten groups of four, wrapped over lines
    const groups = dialog.locator(`[data-address="${to}"] > span`)
    expect(await groups.allInnerTexts()).toEqual(['0x', ...(to.slice(2).match(/.{4}/g) ?? [])])
    const tops = await groups.evaluateAll((spans) => new Set(spans.map((s) => s.getBoundingClientRect().top)).size)
    expect(tops, `${width} px`).toBeGreaterThan(1)

    await button(page, 'Cancel').click()
    await expect.poll(() => dialog.count()).toBe(0)
  }
})
