import { encodeFunctionData, erc20Abi, getAddress, keccak256, parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/harness.ts'
import {
  aFundedWallet,
  aKey,
  aSignedInUser,
  createWallet,
  deployToken,
  fund,
  indexChain,
  ok,
  refused,
  signTransfer,
  stopIndexer,
} from './wallet.testkit.ts'

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
  direction: string
  amount: string
  coin: { symbol: string; id: number }
  status: string
}

describe('history', () => {
  it('filters all, income and outgo, newest first, in pages; a transfer between own wallets is "self" in detail', async () => {
    const { client, wallet } = await aFundedWallet(app)
    const friend = aKey().address
    for (const [nonce, value] of [
      [0, '1'],
      [1, '2'],
    ] as const) {
      const raw = await signTransfer(wallet.key, { to: friend, value: parseEther(value), nonce })
      await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    }
    await indexChain(app)

    const all = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    expect(all.total).toBe(5)
    expect(all.list.map((t: Transfer) => [t.direction, t.amount, t.coin.symbol])).toEqual([
      ['outgo', '2', 'BNB'],
      ['outgo', '1', 'BNB'],
      ['income', '1000', 'KNT'],
      ['income', '1000', 'USDT'],
      ['income', '10', 'BNB'],
    ])
    const income = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, type: 'income' })
    expect(income.list.every((t: Transfer) => t.direction === 'income')).toBe(true)
    expect(income.total).toBe(3)
    const outgo = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id, type: 'outgo', page: 2, limit: 1 })
    expect(outgo).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ amount: '1', direction: 'outgo' }] })
    expect((await refused(client, '/v1/wallethistory', { wallet_id: wallet.id, type: 'sideways' })).error).toBe(
      'FIELD_INVALID',
    )

    // to a second wallet of the same user: outgo for one, income for the other, "self" in the detail
    const second = await createWallet(client)
    const raw = await signTransfer(wallet.key, { to: second.key.address, value: parseEther('0.25'), nonce: 2 })
    const { hash } = await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    await indexChain(app)
    expect((await ok(client, '/v1/wallethistory', { wallet_id: second.id })).list).toMatchObject([
      { hash, direction: 'income', amount: '0.25' },
    ])
    expect((await ok(client, '/v1/hash', { hash })).transfers).toMatchObject([{ direction: 'self' }])
  })

  it("answers a transaction of another user's wallet as not found", async () => {
    const owner = await aSignedInUser(app)
    const stranger = await aSignedInUser(app)
    await createWallet(stranger)
    const wallet = await createWallet(owner)
    await fund(app, wallet.key.address)
    const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('1'), nonce: 0 })
    const { hash } = await ok(owner, '/v1/transaction', { wallet_id: wallet.id, raw })

    expect((await ok(owner, '/v1/hash', { hash: hash.toUpperCase().replace('0X', '0x') })).transfers).toHaveLength(1)
    expect(await refused(stranger, '/v1/hash', { hash })).toMatchObject({
      error: 'TX_NOT_FOUND',
      msg: 'Transaction not found',
    })
    expect((await refused(owner, '/v1/hash', { hash: keccak256('0x01') })).error).toBe('TX_NOT_FOUND')
    expect((await refused(owner, '/v1/hash', { hash: '0x12' })).error).toBe('FIELD_INVALID')
    // once the wallet is deleted, its transactions are no longer the user's
    await ok(owner, '/v1/userdel', { wallet_id: wallet.id })
    expect((await refused(owner, '/v1/hash', { hash })).error).toBe('TX_NOT_FOUND')
  })
})

describe('coins by contract', () => {
  it('adds a token read on-chain; hides its zero-value transfers until then', async () => {
    const { client, wallet } = await aFundedWallet(app)
    const issuer = aKey()
    await fund(app, issuer.address)
    const token = await deployToken(app, issuer, 'ZED')
    const send = async (amount: bigint, nonce: number) =>
      ok(aux, '/v1/transaction', {
        wallet_id: issuerWallet.id,
        raw: await signTransfer(issuer, {
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [wallet.key.address, amount] }),
          nonce,
          gas: 80_000n,
        }),
      })
    const aux = await aSignedInUser(app)
    const issuerWallet = await createWallet(aux, issuer)
    await send(0n, 1) // spam-like: nothing moved
    await send(parseEther('3'), 2)
    await indexChain(app)

    const before = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    const unknown = before.list.filter((t: Transfer) => t.coin.symbol === '?')
    expect(unknown.map((t: Transfer) => t.amount)).toEqual(['3000000000000000000'])

    const added = await ok(client, '/v1/coininfo', { wallet_id: wallet.id, contract: token.toLowerCase() })
    expect(added).toMatchObject({
      added: true,
      coin: { symbol: 'ZED', name: 'ZED token', decimals: 18, contract: getAddress(token) },
    })
    const after = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    expect(after.list.filter((t: Transfer) => t.coin.symbol === 'ZED').map((t: Transfer) => t.amount)).toEqual([
      '3',
      '0',
    ])
    const { assets } = await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })
    expect(
      assets.map((a: { symbol: string; balance: string; value_usd: string }) => [a.symbol, a.balance, a.value_usd]),
    ).toContainEqual(['ZED', '3', ''])
    // added coins are not listed for everyone
    expect((await ok(client, '/v1/bitlist', { keyword: 'ZED' })).list).toEqual([])
    const detail = await ok(client, '/v1/coininfo', { wallet_id: wallet.id, coin_id: added.coin.id })
    expect(detail).toEqual(added)
    const other = await createWallet(client)
    expect((await ok(client, '/v1/coininfo', { wallet_id: other.id, coin_id: added.coin.id })).added).toBe(false)
    // adding it again changes nothing
    await ok(client, '/v1/coininfo', { wallet_id: wallet.id, contract: token })
    expect((await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })).assets).toHaveLength(4)
  })

  it('refuses an address that is not a token contract', async () => {
    const client = await aSignedInUser(app)
    const wallet = await createWallet(client)
    const eoa = aKey().address
    expect(await refused(client, '/v1/coininfo', { wallet_id: wallet.id, contract: eoa })).toMatchObject({
      error: 'NOT_A_TOKEN',
      msg: 'This address is not a BEP20 token contract',
    })
    const multicall = app.config.chain.multicall as Address
    expect((await refused(client, '/v1/coininfo', { wallet_id: wallet.id, contract: multicall })).error).toBe(
      'NOT_A_TOKEN',
    )
    expect((await refused(client, '/v1/coininfo', { wallet_id: wallet.id, coin_id: 999_999 })).error).toBe(
      'COIN_NOT_FOUND',
    )
    expect((await refused(client, '/v1/coininfo', { wallet_id: wallet.id })).error).toBe('FIELD_REQUIRED')
    expect((await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })).assets).toHaveLength(3)
  })

  it('hides a coin from the wallet and adds it back; BNB stays; nobody else can hide one', async () => {
    const client = await aSignedInUser(app)
    const wallet = await createWallet(client)
    const symbols = async () =>
      (await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })).assets.map((a: { symbol: string }) => a.symbol)
    const { assets } = await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })
    const coin = (symbol: string) => assets.find((a: { symbol: string }) => a.symbol === symbol) as { id: number }
    expect(await symbols()).toEqual(['BNB', 'USDT', 'KNT'])

    const stranger = await aSignedInUser(app)
    const strangerWallet = await createWallet(stranger)
    expect((await refused(stranger, '/v1/coinhide', { wallet_id: wallet.id, coin_id: coin('USDT').id })).error).toBe(
      'WALLET_NOT_FOUND',
    )
    expect(await refused(client, '/v1/coinhide', { wallet_id: wallet.id, coin_id: coin('BNB').id })).toMatchObject({
      error: 'COIN_NOT_REMOVABLE',
      msg: 'BNB always stays in the wallet',
    })
    expect(await symbols()).toEqual(['BNB', 'USDT', 'KNT'])

    await ok(client, '/v1/coinhide', { wallet_id: wallet.id, coin_id: coin('USDT').id })
    expect(await symbols()).toEqual(['BNB', 'KNT'])
    expect((await refused(client, '/v1/coinhide', { wallet_id: wallet.id, coin_id: coin('USDT').id })).error).toBe(
      'COIN_NOT_FOUND',
    )
    expect((await ok(client, '/v1/coininfo', { wallet_id: wallet.id, coin_id: coin('USDT').id })).added).toBe(false)
    // the other wallets keep it
    expect((await ok(stranger, '/v1/walletbalance', { wallet_id: strangerWallet.id })).assets).toHaveLength(3)

    const usdt = app.chain.tokens.find((t) => t.symbol === 'USDT')?.contract
    await ok(client, '/v1/coininfo', { wallet_id: wallet.id, contract: usdt })
    expect(await symbols()).toEqual(['BNB', 'KNT', 'USDT'])
  })
})
