import { encodeFunctionData, erc20Abi, getAddress, parseEther, type Address, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import { aFundedWallet, aKey, fund, indexChain, ok, signTransfer, stopIndexer } from './wallet.testkit.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await stopIndexer(app)
  await app?.close()
})

type Transfer = {
  hash: string
  from: string
  to: string
  amount: string
  suspicious: boolean
  coin: { symbol: string }
}

const randomHex = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => (b % 16).toString(16)).join('')

/** Another address with the same first and last 4 hex characters (a look-alike). */
const lookAlikeOf = (address: string): Address =>
  getAddress(`0x${address.slice(2, 6)}${randomHex(32)}${address.slice(-4)}`)

describe('look-alike dust (address poisoning)', () => {
  it('hides dust of a listed token from or to a look-alike of a known party unless asked; marks it', async () => {
    const usdt = app.chain.tokens.find((t) => t.symbol === 'USDT')?.contract as Address
    const { client, wallet } = await aFundedWallet(app)
    const poisoner = aKey()
    await fund(app, poisoner.address)
    const stranger = aKey()
    await fund(app, stranger.address)
    const nonces = new Map<string, number>()
    const token = async (key: PrivateKeyAccount, data: Hex) => {
      const nonce = nonces.get(key.address) ?? 0
      nonces.set(key.address, nonce + 1)
      const raw = await signTransfer(key, { to: usdt, data, nonce, gas: 80_000n })
      const hash = await app.chain.client.sendRawTransaction({ serializedTransaction: raw })
      await app.chain.client.waitForTransactionReceipt({ hash })
      return hash
    }
    const transfer = (to: Address, amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

    // the wallet pays a friend whose address the poisoner imitates
    const friend = lookAlikeOf(poisoner.address)
    const paid = await token(wallet.key, transfer(friend, parseEther('5')))
    // dust from the look-alike; a zero-value transferFrom "from the wallet" to another look-alike
    const dust = await token(poisoner, transfer(wallet.key.address, parseEther('0.001')))
    const fakeRecipient = lookAlikeOf(friend)
    const zero = await token(
      poisoner,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [wallet.key.address, fakeRecipient, 0n],
      }),
    )
    // dust from an address that looks like nobody's is shown as usual
    const plainDust = await token(stranger, transfer(wallet.key.address, parseEther('0.001')))
    await indexChain(app)

    const usdtRows = (list: Transfer[]) => list.filter((t) => t.coin.symbol === 'USDT')
    const shown = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    expect(usdtRows(shown.list).map((t: Transfer) => [t.hash, t.amount, t.suspicious])).toEqual([
      [plainDust, '0.001', false],
      [paid, '5', false],
      [expect.any(String), '1000', false],
    ])
    expect(shown.total).toBe(5)

    const all = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, suspicious: 'true' })
    expect(all.total).toBe(7)
    expect(usdtRows(all.list).map((t: Transfer) => [t.hash, t.amount, t.from, t.to, t.suspicious])).toEqual([
      [plainDust, '0.001', stranger.address, wallet.key.address, false],
      [zero, '0', wallet.key.address, fakeRecipient, true],
      [dust, '0.001', poisoner.address, wallet.key.address, true],
      [paid, '5', wallet.key.address, friend, false],
      [expect.any(String), '1000', expect.any(String), wallet.key.address, false],
    ])

    // the coin's own record hides them too
    const { assets } = await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })
    const coinId = (assets as { symbol: string; id: number }[]).find((a) => a.symbol === 'USDT')?.id
    const record = await ok(client, '/v1/record', { wallet_id: wallet.id, coin_id: coinId })
    expect(record.list.map((t: Transfer) => t.hash)).not.toContain(dust)
    const recordAll = await ok(client, '/v1/record', { wallet_id: wallet.id, coin_id: coinId, suspicious: 1 })
    expect(recordAll.list.filter((t: Transfer) => t.suspicious).map((t: Transfer) => t.hash)).toEqual([zero, dust])

    // the poisoner's look-alike is no past recipient for the send screen's warnings
    const info = await ok(client, '/v1/gettransfer', { wallet_id: wallet.id, coin_id: coinId })
    expect(info.recipients).toContain(friend)
    expect(info.recipients).not.toContain(fakeRecipient)
  })
})
