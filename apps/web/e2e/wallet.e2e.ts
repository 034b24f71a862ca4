import { errorMessage } from '@kinetic/protocol'
import type { Browser, Page } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  erc20Abi,
  formatEther,
  getAddress,
  http,
  parseEther,
  parseUnits,
  toHex,
  type Hash,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { accountFromMnemonic } from '@kinetic/wallet-core'
import { expect, test } from './fixtures.ts'
import { KINETIC_TOKEN } from '../../server/src/chain/artifacts.ts'
import { inject, open } from './support.ts'
import {
  assetRowText,
  button,
  confirmSend,
  createWalletThroughScreens,
  detailExact,
  detailRow,
  expectError,
  expectToast,
  field,
  fillSend,
  fund,
  newAccountPage,
  t,
  toastsGone,
  walletAddress,
} from './wallet.support.ts'

const WALLET_PASSWORD = 'Zebra-Quartz-91'
const chain = () => createPublicClient({ transport: http(inject('chainRpcUrl')) })

let browser: Browser
test.beforeAll(({ browser: b }) => {
  browser = b
})

/** Checks the detail screen of `hash` against a receipt read from the chain directly. */
async function expectDetailMatchesChain(page: Page, hash: Hash, expected: { from: string; to: string }) {
  await expect
    .poll(() => page.getByText(t.tx.success, { exact: true }).count(), { timeout: 30_000, message: hash })
    .toBe(1)
  const client = chain()
  const receipt = await client.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(await detailRow(page, t.tx.hash)).toBe(hash)
  expect(getAddress(await detailRow(page, t.tx.sender))).toBe(getAddress(expected.from))
  expect(getAddress(await detailRow(page, t.tx.receiver))).toBe(getAddress(expected.to))
  expect(await detailRow(page, t.tx.block)).toBe(String(receipt.blockNumber))
  // the fee for people (6 significant digits, the cost rounded up); the exact value to the wei kept in the row
  expect(await detailRow(page, t.tx.fee)).toMatch(/^[\d.,]+ BNB$/)
  expect(parseEther(await detailExact(page, t.tx.fee))).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
  return receipt
}

/** The confirmation shows the signed fee (gas limit × gas price) in BNB to 8 places, like the form. */
function expectShownFee(shown: string, wei: bigint) {
  const [amount, unit] = shown.split(' ')
  expect(unit).toBe('BNB')
  expect(Math.abs(Number(amount?.replaceAll(',', '')) - Number(formatEther(wei)))).toBeLessThanOrEqual(5e-9)
}

test.describe('the wallet in the browser', () => {
  test('creates, backs up, funds, sends at every fee tier and imports the same words elsewhere', async () => {
    // 5.5 min measured beside the rest of the suite on a busy machine: twice that
    test.setTimeout(720_000)
    const page = await newAccountPage(browser, 'wallet')
    const words = await createWalletThroughScreens(page, 'Main', WALLET_PASSWORD)
    const address = await walletAddress(page)

    // funded by the dev faucet: the tab shows BNB, USDT and KNT
    await fund(address)
    await open(page, '/spot')
    await expect.poll(() => assetRowText(page, 'BNB'), { timeout: 20_000 }).toMatch(/\b10\b/)
    await expect.poll(() => assetRowText(page, 'USDT')).toMatch(/\b1,000\b/)
    await expect.poll(() => assetRowText(page, 'KNT')).toMatch(/\b1,000\b/)

    // an address-book entry (a bad address first: refused, nothing saved)
    const friend = privateKeyToAccount(generatePrivateKey()).address
    await open(page, '/walletAddressAdd')
    await field(page, t.addressEdit.name).fill('Friend')
    await field(page, t.addressEdit.address).fill('0x1234')
    await button(page, t.common.save).click()
    await expectError(page, 'ADDRESS_INVALID')
    await field(page, t.addressEdit.address).fill(friend)
    await field(page, t.addressEdit.notes).fill('from the gym')
    await button(page, t.common.save).click()
    await expectToast(page, t.toast.submitted)
    await open(page, '/walletAddressList')
    await expect.poll(() => page.getByText('from the gym', { exact: true }).count()).toBe(1)

    // BNB at each tier, to the address-book entry; the first one warns about a first-time recipient
    const client = chain()
    const hashes: Hash[] = []
    for (const [i, tier] of (['fast', 'recommend', 'slow'] as const).entries()) {
      const text = tier === 'recommend' ? 'hello kinetic' : undefined
      const fee = await fillSend(page, {
        bookEntry: 'Friend',
        amount: '0.01',
        tier,
        ...(text && { text }),
        warnings: i === 0 ? [t.send.warn.firstTitle] : [],
      })
      expect(fee).toContain(t.send.fee[tier])
      const hash = await confirmSend(page, WALLET_PASSWORD)
      hashes.push(hash)
      await expectDetailMatchesChain(page, hash, { from: address, to: friend })
      const tx = await client.getTransaction({ hash })
      expect(tx.value).toBe(parseEther('0.01'))
      expect(getAddress(tx.to as string)).toBe(getAddress(friend))
      // the fee shown before signing is what was signed: gas limit × the tier's gas price
      expectShownFee(fee, tx.gas * (tx.gasPrice as bigint))
      if (text) {
        expect(tx.input).toBe(toHex(text))
        expect(await detailRow(page, t.tx.data)).toContain(text)
      }
      expect(await page.getByText('-0.01', { exact: false }).count()).toBeGreaterThan(0)
    }

    // USDT at each tier, typed address this time (a past recipient now: no warning)
    for (const tier of ['fast', 'recommend', 'slow'] as const) {
      const fee = await fillSend(page, { coin: 'USDT', to: friend, amount: '12.5', tier })
      const hash = await confirmSend(page, WALLET_PASSWORD)
      hashes.push(hash)
      const receipt = await expectDetailMatchesChain(page, hash, { from: address, to: friend })
      const tx = await client.getTransaction({ hash })
      expectShownFee(fee, tx.gas * (tx.gasPrice as bigint))
      const transfer = receipt.logs
        .map((log) => decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics }))
        .find((event) => event.eventName === 'Transfer')
      expect(transfer?.args).toMatchObject({ to: getAddress(friend), value: parseUnits('12.5', 18) })
    }
    expect(await client.getTransactionCount({ address })).toBe(6)

    // history: six outgoing transfers, each opening its detail
    await open(page, '/walletTransferRecordHistory')
    await page.getByRole('tab', { name: t.history.outgo }).click()
    for (const hash of hashes) await expect.poll(() => page.locator(`a[href$="hash=${hash}"]`).count()).toBe(1)
    await expect.poll(() => page.getByText(t.common.noMore, { exact: true }).count()).toBe(1)
    await expect.poll(() => page.getByText(/^Refresh in \d+ s$/).count()).toBe(1)
    await page.getByRole('tab', { name: t.history.income }).click()
    await expect.poll(() => page.locator('a[data-direction="outgo"]').count()).toBe(0)
    await page.getByRole('tab', { name: t.history.outgo }).click()
    await page.locator(`a[href$="hash=${hashes[3]}"]`).click()
    await expectDetailMatchesChain(page, hashes[3] as Hash, { from: address, to: friend })
    await open(page, '/spot')
    await expect.poll(() => assetRowText(page, 'USDT')).toMatch(/\b962\.5\b/)

    // bad input: nothing is signed or sent
    await fillSendExpecting(page, { to: '0x1234', amount: '1' }, 'ADDRESS_INVALID')
    await fillSendExpecting(page, { to: friend, amount: '100000' }, 'INSUFFICIENT_BALANCE')
    await fillSendExpecting(page, { to: friend, amount: '0' }, 'AMOUNT_INVALID')
    // all of the BNB balance leaves nothing for the fee
    const bnb = formatEther(await client.getBalance({ address }))
    await fillSendExpecting(page, { to: friend, amount: bnb }, 'INSUFFICIENT_FEE')
    // a look-alike of the friend's address (same first and last 4 hex characters) is flagged
    const lookAlike = `${friend.slice(0, 6)}${'0'.repeat(32)}${friend.slice(-4)}`.toLowerCase()
    await fillSendWarned(page, lookAlike, t.send.warn.lookAlikeTitle)
    // a wrong wallet password
    await fillSend(page, { to: friend, amount: '0.01', tier: 'slow' })
    await field(page, 'Wallet password').fill('not-my-password')
    await button(page, t.send.confirm.submit).click()
    await expectError(page, 'WALLET_PASSWORD_WRONG')
    expect(page.url()).toMatch(/#\/walletTransfer$/)
    expect(await client.getTransactionCount({ address })).toBe(6)

    // a token contract that is not one
    await open(page, '/walletBnbAdd')
    await field(page, t.addCoin.contract).fill(friend)
    await button(page, t.addCoin.addContract).click()
    await expectError(page, 'NOT_A_TOKEN')

    // the same words in another account give the same wallet; 13 words are refused
    const other = await newAccountPage(browser, 'importer')
    await open(other, '/walletAdd')
    await field(other, t.import.words).fill([...words, 'abandon'].join(' '))
    await field(other, t.form.password).fill(WALLET_PASSWORD)
    await field(other, t.form.repeatPassword).fill(WALLET_PASSWORD)
    await button(other, t.import.submit).click()
    await expectError(other, 'MNEMONIC_INVALID')
    expect(other.url()).toMatch(/#\/walletAdd$/)
    await field(other, t.import.words).fill(words.join('  '))
    await button(other, t.import.submit).click()
    await other.waitForURL(/#\/spot$/, { timeout: 20_000 })
    expect(await walletAddress(other)).toBe(address)
    await open(other, '/spot')
    await expect.poll(() => assetRowText(other, 'USDT'), { timeout: 20_000 }).toMatch(/\b962\.5\b/)

    // a second wallet from a private key becomes current; the list switches back by a tap
    await open(other, '/walletAdd?tab=key')
    await field(other, t.import.key).fill(generatePrivateKey())
    await field(other, t.form.name).fill('Spare')
    await field(other, t.form.password).fill(WALLET_PASSWORD)
    await field(other, t.form.repeatPassword).fill(WALLET_PASSWORD)
    await button(other, t.import.submit).click()
    await other.waitForURL(/#\/spot$/, { timeout: 20_000 })
    await expect.poll(() => other.getByRole('button', { name: 'Spare' }).count()).toBe(1)
    await open(other, '/walletList')
    await other.getByText(t.import.defaultName, { exact: true }).click()
    await other.waitForURL(/#\/spot$/)
    expect(await walletAddress(other)).toBe(address)

    await other.context().close()
    await page.context().close()
  })

  test('the send form says its fees are an estimate until the transfer is known, then shows the confirmation’s', async () => {
    test.setTimeout(240_000)
    const page = await newAccountPage(browser, 'wallet-fee')
    await open(page, '/walletAdd?tab=key')
    await field(page, t.import.key).fill(generatePrivateKey())
    await field(page, t.form.password).fill(WALLET_PASSWORD)
    await field(page, t.form.repeatPassword).fill(WALLET_PASSWORD)
    await button(page, t.import.submit).click()
    await page.waitForURL(/#\/spot$/, { timeout: 20_000 })
    await fund(await walletAddress(page))

    await open(page, '/walletTransfer')
    await button(page, t.send.coin).click()
    await page.getByRole('listbox').getByText('USDT', { exact: true }).click()
    await expect.poll(() => page.getByText(/^Balance: [1-9].* USDT$/).count(), { timeout: 20_000 }).toBe(1)
    const recommend = page.locator('label', {
      has: page.getByRole('radio', { name: new RegExp(`^${t.send.fee.recommend}`) }),
    })
    const formFee = async () => /([\d.,]+ BNB)/.exec(await recommend.innerText())?.[1] ?? ''
    // no recipient or amount yet: a guess, and it says so
    await expect.poll(formFee).toMatch(/BNB$/)
    await expect.poll(() => page.getByText(t.send.fee.estimate, { exact: true }).count()).toBe(1)
    const guess = await formFee()

    await field(page, t.send.to).fill(privateKeyToAccount(generatePrivateKey()).address)
    await field(page, t.send.amount).fill('12.5')
    // the node estimated this transfer: no longer an estimate, and no longer the guess
    await expect.poll(() => page.getByText(t.send.fee.estimate, { exact: true }).count(), { timeout: 20_000 }).toBe(0)
    const chosen = await formFee()
    expect(chosen).not.toBe(guess)

    await button(page, t.send.next).click()
    await expect.poll(() => page.getByText(t.send.warn.firstTitle, { exact: true }).count()).toBe(1)
    await button(page, t.send.warn.continue).click()
    const sheet = page.getByRole('form', { name: t.send.confirm.title })
    await expect.poll(() => sheet.count()).toBe(1)
    const confirmed = await sheet
      .locator('div', { has: page.getByText(t.send.confirm.fee, { exact: true }) })
      .locator('dd')
      .innerText()
    expect(/([\d.,]+ BNB)/.exec(confirmed)?.[1]).toBe(chosen)
  })

  test('never sends the words, a private key or a wallet password in any request', async () => {
    test.setTimeout(420_000)
    const bodies: string[] = []
    const record = (page: Page) => page.context().on('request', (r) => bodies.push(r.postData() ?? ''))
    const [first, changed, reset] = ['Otter-Lantern-42', 'Maple-Comet-77', 'Harbor-Violet-63']

    const page = await newAccountPage(browser, 'private')
    record(page)
    const words = await createWalletThroughScreens(page, 'Private', first as string)
    const { privateKey, address } = accountFromMnemonic(words.join(' '))
    expect(await walletAddress(page)).toBe(address)
    await fund(address)
    const to = privateKeyToAccount(generatePrivateKey()).address
    await fillSend(page, { to, amount: '0.5', tier: 'recommend', text: 'memo', warnings: [t.send.warn.firstTitle] })
    await confirmSend(page, first as string)

    // change the password, then reset it with the words (words of another wallet are refused)
    await open(page, '/walletModifyPassword')
    await field(page, t.modify.old).fill(first as string)
    await field(page, t.modify.new).fill(changed as string)
    await field(page, t.form.repeatPassword).fill(changed as string)
    await button(page, t.common.confirm).click()
    await expectToast(page, t.toast.modified)
    await toastsGone(page)
    await open(page, '/walletResetPassword')
    const foreign = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    await field(page, t.import.words).fill(foreign)
    await field(page, t.modify.new).fill(reset as string)
    await field(page, t.form.repeatPassword).fill(reset as string)
    await button(page, t.reset.submit).click()
    await expectToast(page, t.problems.wordsNotThisWallet)
    await field(page, t.import.words).fill(words.join(' '))
    await button(page, t.reset.submit).click()
    await expectToast(page, t.toast.modified)

    // export: the words and the key shown are this wallet's (the old passwords no longer open it)
    await open(page, '/walletExportWords')
    await button(page, t.export.view.replace('{{what}}', t.export.words)).click()
    await field(page, 'Wallet password').fill(changed as string)
    await button(page, t.common.confirm).click()
    await expectError(page, 'WALLET_PASSWORD_WRONG')
    await field(page, 'Wallet password').fill(reset as string)
    await button(page, t.common.confirm).click()
    await button(page, t.backup.reveal).click()
    const shown = page.getByRole('list', { name: t.backup.words }).locator('li > span:last-child')
    await expect.poll(() => shown.allInnerTexts()).toEqual(words)
    await open(page, '/walletExportKey')
    await button(page, t.export.view.replace('{{what}}', t.export.key)).click()
    await field(page, 'Wallet password').fill(reset as string)
    await button(page, t.common.confirm).click()
    await button(page, t.common.show).click()
    await expect.poll(() => page.locator('output').innerText()).toBe(privateKey)

    // another account imports the words, then a private key
    const other = await newAccountPage(browser, 'private-import')
    record(other)
    await open(other, '/walletAdd')
    await field(other, t.import.words).fill(words.join(' '))
    await field(other, t.form.password).fill(first as string)
    await field(other, t.form.repeatPassword).fill(first as string)
    await button(other, t.import.submit).click()
    await other.waitForURL(/#\/spot$/, { timeout: 20_000 })
    const imported = generatePrivateKey()
    await open(other, '/walletAdd')
    await other.getByRole('tab', { name: t.import.tabKey }).click()
    await field(other, t.import.key).fill(imported)
    await field(other, t.form.password).fill(changed as string)
    await field(other, t.form.repeatPassword).fill(changed as string)
    await button(other, t.import.submit).click()
    await other.waitForURL(/#\/spot$/, { timeout: 20_000 })
    expect(await walletAddress(other)).toBe(privateKeyToAccount(imported).address)

    // delete the first account's wallet: the password is checked here, then the server is told
    await open(page, '/walletDetail')
    await button(page, t.detail.delete).click()
    await field(page, 'Wallet password').fill(reset as string)
    await button(page, t.common.confirm).click()
    await page.getByRole('dialog').getByRole('button', { name: t.common.delete, exact: true }).click()
    await expectToast(page, t.toast.deleted)
    await page.waitForURL(/#\/spot$/)
    await expect.poll(() => page.getByText(errorMessage('NOT_OPEN', 'us-en'), { exact: true }).count()).toBe(1)

    const readable = bodies.map((body) => {
      try {
        return `${body}\n${decodeURIComponent(body.replace(/\+/g, ' '))}`.toLowerCase()
      } catch {
        return body.toLowerCase()
      }
    })
    // the recorder sees what is sent: the new wallet's name and address do travel
    expect(readable.some((b) => b.includes(`name=private&address=${address.toLowerCase()}`))).toBe(true)
    expect(readable.filter((b) => b.includes('vault=')).length).toBeGreaterThanOrEqual(4)
    expect(readable.filter((b) => b.includes('method=/v1/transaction')).length).toBe(1)
    const secrets = [
      ...words.slice(0, 10).map((_, i) => words.slice(i, i + 3).join(' ')),
      privateKey.slice(2),
      imported.slice(2),
      first,
      changed,
      reset,
    ].map((secret) => (secret as string).toLowerCase())
    for (const secret of secrets) {
      const leaks = readable.filter((body) => body.includes(secret))
      expect(leaks, `a request carried ${secret.slice(0, 12)}…`).toEqual([])
    }

    await other.context().close()
    await page.context().close()
  })
})

test.describe('managing the wallet', () => {
  test('renames the wallet, receives, adds and removes coins, and edits and deletes address-book entries', async () => {
    test.setTimeout(240_000)
    const page = await newAccountPage(browser, 'manage')
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    await open(page, '/walletAdd?tab=key')
    await field(page, t.import.key).fill(key)
    await field(page, t.form.name).fill('Daily')
    await field(page, t.form.password).fill(WALLET_PASSWORD)
    await field(page, t.form.repeatPassword).fill(WALLET_PASSWORD)
    await button(page, t.import.submit).click()
    await page.waitForURL(/#\/spot$/, { timeout: 20_000 })

    // rename: the new name is the one listed
    await open(page, '/walletDetail')
    await page.getByRole('button', { name: /^Daily/ }).click()
    const rename = page.getByRole('form', { name: t.detail.rename })
    await rename.getByPlaceholder(t.form.name, { exact: true }).fill('Travel')
    await rename.getByRole('button', { name: t.common.save }).click()
    await expectToast(page, t.toast.modified)
    await open(page, '/walletList')
    await expect.poll(() => page.getByText('Travel', { exact: true }).count()).toBe(1)
    expect(await page.getByText('Daily', { exact: true }).count()).toBe(0)

    // receive: the address, its QR code and the BEP20-only note
    expect(await walletAddress(page)).toBe(address)
    expect(await page.getByRole('img', { name: t.receive.qr }).locator('svg').count()).toBe(1)

    // a token deployed just now, added by its contract: name, symbol and decimals come from the chain
    await fund(address)
    const deployer = createWalletClient({
      account: privateKeyToAccount(key),
      chain: foundry,
      transport: http(inject('chainRpcUrl')),
    })
    const deployed = await deployer.deployContract({
      abi: KINETIC_TOKEN.abi,
      bytecode: KINETIC_TOKEN.bytecode,
      args: ['Trail Coin', 'TRAIL', parseUnits('250', 18)],
    })
    const { contractAddress } = await chain().waitForTransactionReceipt({ hash: deployed })
    await open(page, '/walletBnbAdd')
    await field(page, t.addCoin.contract).fill(contractAddress as string)
    await button(page, t.addCoin.addContract).click()
    await expectToast(page, t.addCoin.addedToast)
    const facts = page.getByRole('definition')
    await expect.poll(() => facts.allInnerTexts()).toEqual(['TRAIL', 'Trail Coin', '18'])
    await open(page, '/walletMyAsset')
    await expect.poll(() => page.getByText(t.assets.title, { exact: true }).count()).toBe(1)
    await page.getByPlaceholder(t.assets.search).fill('trail')
    await expect.poll(() => assetRowText(page, 'TRAIL')).toMatch(/\b250\b/)
    expect(await assetRowText(page, 'USDT')).toBe('')

    // removing a coin takes it off the list; adding it back brings it with its balance; BNB cannot go
    await open(page, '/walletBnbAdd')
    await button(page, t.addCoin.removeNamed.replace('{{symbol}}', 'USDT')).click()
    await expectToast(page, t.toast.deleted)
    await expect.poll(() => button(page, t.addCoin.addNamed.replace('{{symbol}}', 'USDT')).count()).toBe(1)
    expect(await button(page, t.addCoin.removeNamed.replace('{{symbol}}', 'BNB')).count()).toBe(0)
    await open(page, '/spot')
    await expect.poll(() => assetRowText(page, 'TRAIL')).toMatch(/\b250\b/)
    expect(await assetRowText(page, 'USDT')).toBe('')
    await open(page, '/walletBnbAdd')
    await button(page, t.addCoin.addNamed.replace('{{symbol}}', 'USDT')).click()
    await expectToast(page, t.addCoin.addedToast)
    await open(page, '/spot')
    await expect.poll(() => assetRowText(page, 'USDT')).toMatch(/\b1,000\b/)

    // the address book: add, edit the notes, delete
    const friend = privateKeyToAccount(generatePrivateKey()).address
    await open(page, '/walletAddressAdd')
    await field(page, t.addressEdit.name).fill('Coach')
    await field(page, t.addressEdit.address).fill(friend)
    await field(page, t.addressEdit.notes).fill('pays for the track')
    await button(page, t.common.save).click()
    await expectToast(page, t.toast.submitted)
    await open(page, '/walletAddressList')
    await page.getByText('Coach', { exact: true }).click()
    await page.waitForURL(/#\/walletAddressAdd\?id=\d+$/)
    await expect.poll(() => field(page, t.addressEdit.notes).inputValue()).toBe('pays for the track')
    await field(page, t.addressEdit.notes).fill('track club treasurer')
    await button(page, t.common.save).click()
    await expectToast(page, t.toast.modified)
    await open(page, '/walletAddressList')
    await expect.poll(() => page.getByText('track club treasurer', { exact: true }).count()).toBe(1)
    expect(await page.getByText('pays for the track', { exact: true }).count()).toBe(0)
    await page.getByText('Coach', { exact: true }).click()
    await page.waitForURL(/#\/walletAddressAdd\?id=\d+$/)
    await button(page, t.common.delete).click()
    await page.getByRole('dialog').getByRole('button', { name: t.common.delete, exact: true }).click()
    await expectToast(page, t.toast.deleted)
    await open(page, '/walletAddressList')
    await expect.poll(() => page.getByText(t.common.empty, { exact: true }).count()).toBe(1)

    await page.context().close()
  })
})

/** Fills the send form and presses Next, expecting `code` and no confirm sheet. */
async function fillSendExpecting(
  page: Page,
  input: { to: string; amount: string },
  code: Parameters<typeof errorMessage>[0],
): Promise<void> {
  await toastsGone(page)
  await open(page, '/walletTransfer')
  await expect.poll(() => page.getByText(/^Balance: \d/).count()).toBe(1)
  await field(page, t.send.to).fill(input.to)
  await field(page, t.send.amount).fill(input.amount)
  await button(page, t.send.next).click()
  await expectError(page, code)
  expect(await page.getByRole('form', { name: t.send.confirm.title }).count()).toBe(0)
}

/** Fills the send form to `to` and expects the warning titled `title`; declines it. */
async function fillSendWarned(page: Page, to: string, title: string): Promise<void> {
  await open(page, '/walletTransfer')
  await expect.poll(() => page.getByText(/^Balance: \d/).count()).toBe(1)
  await field(page, t.send.to).fill(to)
  await field(page, t.send.amount).fill('0.01')
  await button(page, t.send.next).click()
  await expect.poll(() => page.getByText(title, { exact: true }).count()).toBe(1)
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  expect(await page.getByRole('form', { name: t.send.confirm.title }).count()).toBe(0)
}
