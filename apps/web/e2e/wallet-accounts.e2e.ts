import { generateMnemonic } from '@kinetic/wallet-core'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './fixtures.ts'
import { open } from './support.ts'
import { button, expectToast, field, newAccountPage, t, walletAddress } from './wallet.support.ts'

const PASSWORD = 'Orbit-Lantern-42'

test('adds account 2 of a phrase from wallet details: the address and key other wallets derive', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const words = generateMnemonic()
  // viem's own HD derivation stands for "other wallets" (MetaMask, Rabby: m/44'/60'/0'/0/n)
  const second = mnemonicToAccount(words, { addressIndex: 1 })
  const page = await newAccountPage(browser, 'accounts')

  await open(page, '/walletAdd')
  await field(page, t.import.words).fill(words)
  await field(page, t.form.password).fill(PASSWORD)
  await field(page, t.form.repeatPassword).fill(PASSWORD)
  await button(page, t.import.submit).click()
  await page.waitForURL(/#\/spot$/, { timeout: 20_000 })

  await open(page, '/walletList')
  await page.getByRole('button', { name: t.list.details.replace('{{name}}', t.import.defaultName) }).click()
  await page.waitForURL(/#\/walletDetail\?id=\d+$/)
  await page.getByText(t.detail.addAccount, { exact: true }).click()
  await field(page, 'Wallet password').fill(PASSWORD)
  await button(page, t.common.confirm).click()
  await expectToast(page, t.detail.accountAdded)
  await page.waitForURL(/#\/walletList$/, { timeout: 20_000 })

  // a wallet of its own in the list, current, at account 2's address
  const name = t.detail.accountName.replace('{{n}}', '2')
  await expect.poll(() => page.getByText(name, { exact: true }).count()).toBe(1)
  await expect.poll(() => page.locator('[aria-current="true"]').innerText()).toContain(name)
  expect(await walletAddress(page)).toBe(second.address)

  // it signs as account 2: the exported key is index 1's
  await open(page, '/walletExportKey')
  await button(page, t.export.view.replace('{{what}}', t.export.key)).click()
  await field(page, 'Wallet password').fill(PASSWORD)
  await button(page, t.common.confirm).click()
  await button(page, t.common.show).click()
  const key = await page.locator('output').innerText()
  expect(privateKeyToAccount(key.trim() as `0x${string}`).address).toBe(second.address)

  // the phrase proves account 2 too: a password reset with the words keeps its address
  await open(page, '/walletResetPassword')
  await field(page, t.import.words).fill(words)
  await field(page, t.modify.new).fill('Reset-Harbor-77')
  await field(page, t.form.repeatPassword).fill('Reset-Harbor-77')
  await button(page, t.reset.submit).click()
  await expectToast(page, t.toast.modified)

  // a third account takes the next index
  await open(page, '/walletList')
  await page.getByRole('button', { name: t.list.details.replace('{{name}}', t.import.defaultName) }).click()
  await page.getByText(t.detail.addAccount, { exact: true }).click()
  await field(page, 'Wallet password').fill(PASSWORD)
  await button(page, t.common.confirm).click()
  await page.waitForURL(/#\/walletList$/, { timeout: 20_000 })
  await expect.poll(() => page.getByText(t.detail.accountName.replace('{{n}}', '3'), { exact: true }).count()).toBe(1)
  expect(await walletAddress(page)).toBe(mnemonicToAccount(words, { addressIndex: 2 }).address)
  await page.context().close()
})
