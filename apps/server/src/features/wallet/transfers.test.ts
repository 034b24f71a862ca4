import { encodeFunctionData, erc20Abi, formatEther, keccak256, parseEther, parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import type { Client } from '../../../test/harness.ts'
import { withMargin } from './fees.ts'
import {
  aFundedWallet,
  aKey,
  aSignedInUser,
  createWallet,
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

type Asset = { id: number; symbol: string; balance: string; price_usd: string; value_usd: string; contract: string }
type Transfer = {
  hash: string
  coin: { symbol: string }
  amount: string
  fee: string
  direction: string
  status: string
  block_number: number | null
  confirmations: number
  to: string
  from: string
  data_hex: string
  data_text: string
}

/** A signed-in user with a funded wallet (10 BNB, 1000 USDT, 1000 KNT) and its coins by symbol. */
async function aSender() {
  const { client, wallet } = await aFundedWallet(app, 'sender')
  const { assets } = await ok<{ assets: Asset[] }>(client, '/v1/walletbalance', { wallet_id: wallet.id })
  const coin = Object.fromEntries(assets.map((a) => [a.symbol, a])) as Record<'BNB' | 'USDT' | 'KNT', Asset>
  return { client, wallet, coin }
}

async function nextNonce(client: Client, walletId: number, coinId: number): Promise<number> {
  return (await ok(client, '/v1/gettransfer', { wallet_id: walletId, coin_id: coinId })).nonce
}

const tokenTransfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

const history = async (client: Client, params: Record<string, unknown>) =>
  ok<{ list: Transfer[]; total: number }>(client, '/v1/wallethistory', params)

describe('balances', () => {
  it('shows what the faucet sent, priced from the table, with the total value', async () => {
    const { client, wallet, coin } = await aSender()
    expect([coin.BNB, coin.USDT, coin.KNT].map((a) => [a.balance, a.price_usd, a.value_usd])).toEqual([
      ['10', '600', '6000'],
      ['1000', '1', '1000'],
      ['1000', '0.05', '50'],
    ])
    const all = await ok(client, '/v1/walletbalance', { wallet_id: wallet.id })
    expect(all.total_usd).toBe('7050')
    expect((await ok(client, '/v1/walletindex')).total_usd).toBe('7050')
    expect(await ok(client, '/v1/balance', { wallet_id: wallet.id, coin_id: coin.USDT.id })).toMatchObject({
      symbol: 'USDT',
      balance: '1000',
      value_usd: '1000',
    })
    const { assets } = await ok(client, '/v1/all_balances', { wallet_id: wallet.id })
    expect(assets.map((a: { symbol: string; added: boolean }) => [a.symbol, a.added])).toEqual([
      ['BNB', true],
      ['USDT', true],
      ['KNT', true],
    ])
  })

  it('lists and searches the listed coins and their prices', async () => {
    const client = await aSignedInUser(app)
    const { list } = await ok(client, '/v1/bitlist')
    expect(list.map((c: { symbol: string }) => c.symbol)).toEqual(['BNB', 'USDT', 'KNT'])
    expect(list[0]).toMatchObject({ contract: null, decimals: 18, name: 'BNB' })
    expect(list[0].logo).toMatch(/^data:image\/svg\+xml,/)
    const usdt = list[1].contract as string
    expect(
      (await ok(client, '/v1/bitlist', { keyword: 'tether' })).list.map((c: { symbol: string }) => c.symbol),
    ).toEqual(['USDT'])
    expect((await ok(client, '/v1/bitlist', { keyword: usdt.slice(2, 12).toUpperCase() })).list).toHaveLength(1)
    expect((await ok(client, '/v1/bitlist', { keyword: 'nothing-like-this' })).list).toEqual([])
    expect((await ok(client, '/v1/marketvalue')).list).toEqual([
      { symbol: 'BNB', price_usd: '600' },
      { symbol: 'USDT', price_usd: '1' },
      { symbol: 'KNT', price_usd: '0.05' },
    ])
  })
})

describe('fees', () => {
  it('offers fast > recommend > slow, each priced gas limit × gas price in BNB', async () => {
    const { client, wallet, coin } = await aSender()
    const plain = await ok(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: coin.BNB.id })
    expect(plain.gas_limit).toBe('21000')
    const [fast, recommend, slow] = plain.tiers as { tier: string; gas_price: string; fee: string; seconds: number }[]
    expect([fast?.tier, recommend?.tier, slow?.tier]).toEqual(['fast', 'recommend', 'slow'])
    expect([fast?.seconds, recommend?.seconds, slow?.seconds]).toEqual([3, 15, 60])
    expect(BigInt(fast!.gas_price)).toBeGreaterThan(BigInt(recommend!.gas_price))
    expect(BigInt(recommend!.gas_price)).toBeGreaterThan(BigInt(slow!.gas_price))
    for (const t of plain.tiers) expect(t.fee).toBe(formatEther(21_000n * BigInt(t.gas_price)))

    const to = aKey().address
    const native = await ok(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: coin.BNB.id, to, amount: '1.5' })
    const estimate = await app.chain.estimateGas({ from: wallet.key.address, to, value: parseEther('1.5') })
    expect(estimate).toBeGreaterThanOrEqual(21_000n)
    expect(native.gas_limit).toBe(withMargin(estimate).toString())
    const token = await ok(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: coin.USDT.id, to, amount: '5' })
    expect(Number(token.gas_limit)).toBeGreaterThan(23_100)
    expect(token.gas_limit).not.toBe('100000')
    const untold = await ok(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: coin.USDT.id })
    expect(untold.gas_limit).toBe('100000')
  })

  it('says whether the fee is the node’s estimate of this very transfer or a default guess', async () => {
    const { client, wallet, coin } = await aSender()
    const to = aKey().address
    const ask = (params: Record<string, string | number>) =>
      ok(client, '/v1/gas_price', { wallet_id: wallet.id, ...params })
    // before a recipient and an amount exist: a default gas limit, so an estimate
    expect((await ask({ coin_id: coin.USDT.id })).exact).toBe(false)
    expect((await ask({ coin_id: coin.BNB.id, to })).exact).toBe(false)
    // the node estimated this transfer: the fee the confirmation shows
    expect((await ask({ coin_id: coin.USDT.id, to, amount: '5' })).exact).toBe(true)
    expect((await ask({ coin_id: coin.BNB.id, to, amount: '1.5' })).exact).toBe(true)
    // more than the balance: the node refuses to estimate, so the default stays a guess
    expect((await ask({ coin_id: coin.USDT.id, to, amount: '1000000' })).exact).toBe(false)
  })

  it('refuses an amount that is no decimal or has more decimals than any coin', async () => {
    const { client, wallet, coin } = await aSender()
    const params = { wallet_id: wallet.id, coin_id: coin.BNB.id, to: aKey().address }
    for (const amount of ['0.0000000000000000001', '1e3', '-1', '1,5']) {
      const answer = await refused(client, '/v1/gas_price', { ...params, amount })
      expect(answer, amount).toMatchObject({ error: 'FIELD_INVALID', msg: 'Amount is invalid' })
      expect(answer.fields).toHaveProperty('amount')
    }
  })
})

describe('sending', () => {
  it('sends BNB signed in the browser: pending at once, then success with its amount and fee', async () => {
    const { client, wallet, coin } = await aSender()
    const recipient = aKey().address
    const info = await ok(client, '/v1/gettransfer', { wallet_id: wallet.id, coin_id: coin.BNB.id })
    expect(info).toMatchObject({ balance: '10', native_balance: '10', chain_id: 31337, recipients: [] })
    const gasPrice = BigInt(
      (await ok(client, '/v1/gas_price', { wallet_id: wallet.id, coin_id: coin.BNB.id })).tiers[1].gas_price,
    )

    const raw = await signTransfer(wallet.key, { to: recipient, value: parseEther('1.5'), nonce: info.nonce, gasPrice })
    const { hash } = await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    expect(hash).toBe(keccak256(raw))

    const [pending] = (await history(client, { wallet_id: wallet.id })).list
    expect(pending).toMatchObject({
      hash,
      status: 'pending',
      direction: 'outgo',
      amount: '1.5',
      fee: '',
      confirmations: 0,
      block_number: null,
      to: recipient,
      coin: { symbol: 'BNB' },
    })

    await indexChain(app)
    const { list } = await history(client, { wallet_id: wallet.id, type: 'outgo' })
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ hash, status: 'success', amount: '1.5', fee: formatEther(21_000n * gasPrice) })
    expect(list[0]!.block_number).toBeGreaterThan(0)
    expect(list[0]!.confirmations).toBeGreaterThanOrEqual(1)
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [hash])).toBe(1)

    const after = await ok(client, '/v1/gettransfer', { wallet_id: wallet.id, coin_id: coin.BNB.id })
    expect(after).toMatchObject({ nonce: info.nonce + 1, recipients: [recipient] })
    expect(Number(after.balance)).toBeLessThan(8.5)

    const detail = await ok(client, '/v1/hash', { hash })
    expect(detail).toMatchObject({ gas_used: '21000', gas_price: gasPrice.toString() })
    expect(detail.block_hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(detail.transfers).toHaveLength(1)
  })

  it('sends a token: its row names the coin and recipient; record filters by coin', async () => {
    const { client, wallet, coin } = await aSender()
    const recipient = aKey().address
    const nonce = await nextNonce(client, wallet.id, coin.USDT.id)
    const raw = await signTransfer(wallet.key, {
      to: coin.USDT.contract as Address,
      data: tokenTransfer(recipient, parseUnits('25', 18)),
      nonce,
      gas: 80_000n,
    })
    const { hash } = await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    const [pending] = (await history(client, { wallet_id: wallet.id, type: 'outgo' })).list
    expect(pending).toMatchObject({ hash, status: 'pending', amount: '25', to: recipient, coin: { symbol: 'USDT' } })

    await indexChain(app)
    const outgo = (await history(client, { wallet_id: wallet.id, type: 'outgo' })).list
    // the transaction's zero BNB to the token contract is not shown beside the token row
    expect(outgo).toHaveLength(1)
    expect(outgo[0]).toMatchObject({ hash, status: 'success', amount: '25', coin: { symbol: 'USDT' } })
    expect(outgo[0]!.fee).not.toBe('')
    expect(outgo[0]!.data_hex).toBe('')

    const usdt = await ok(client, '/v1/record', { wallet_id: wallet.id, coin_id: coin.USDT.id })
    expect(usdt.list.map((t: Transfer) => [t.direction, t.amount])).toEqual([
      ['outgo', '25'],
      ['income', '1000'],
    ])
    const bnb = await ok(client, '/v1/record', { wallet_id: wallet.id, coin_id: coin.BNB.id })
    expect(bnb.list.map((t: Transfer) => [t.direction, t.amount, t.coin.symbol])).toEqual([['income', '10', 'BNB']])
    expect((await ok(client, '/v1/balance', { wallet_id: wallet.id, coin_id: coin.USDT.id })).balance).toBe('975')
  })

  it('carries a text note with a BNB transfer and shows it back', async () => {
    const { client, wallet, coin } = await aSender()
    const to = aKey().address
    const note = 'Dinner 🍜'
    const gas = await ok(client, '/v1/gas_price', {
      wallet_id: wallet.id,
      coin_id: coin.BNB.id,
      to,
      amount: '0.1',
      data: note,
    })
    const nonce = await nextNonce(client, wallet.id, coin.BNB.id)
    const data = `0x${Buffer.from(note).toString('hex')}` as const
    const raw = await signTransfer(wallet.key, {
      to,
      value: parseEther('0.1'),
      data,
      nonce,
      gas: BigInt(gas.gas_limit),
    })
    await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })
    await indexChain(app)
    const [sent] = (await history(client, { wallet_id: wallet.id, type: 'outgo' })).list
    expect(sent).toMatchObject({ status: 'success', data_hex: data, data_text: note })
  })

  it('answers the same hash for the same raw posted twice, even at once, and records it once', async () => {
    const { client, wallet, coin } = await aSender()
    const nonce = await nextNonce(client, wallet.id, coin.BNB.id)
    const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('0.5'), nonce })
    const answers = await Promise.all([1, 2].map(() => client.call('/v1/transaction', { wallet_id: wallet.id, raw })))
    for (const { body } of answers) expect(body).toMatchObject({ code: true, data: { hash: keccak256(raw) } })
    expect((await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })).hash).toBe(keccak256(raw))
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [keccak256(raw)])).toBe(1)
    await indexChain(app)
    expect((await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })).hash).toBe(keccak256(raw))
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [keccak256(raw)])).toBe(1)
  })

  it('answers the hash of a transfer sent but never recorded (a process killed in between), and records it', async () => {
    const { client, wallet, coin } = await aSender()
    const nonce = await nextNonce(client, wallet.id, coin.BNB.id)
    const raw = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('0.5'), nonce })
    // on the chain and mined, but not in the database: what a crash after broadcasting leaves
    await app.chain.client.waitForTransactionReceipt({ hash: await app.chain.sendRawTransaction(raw) })
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [keccak256(raw)])).toBe(0)
    expect((await ok(client, '/v1/transaction', { wallet_id: wallet.id, raw })).hash).toBe(keccak256(raw))
    await indexChain(app)
    expect(await rowCount(app, 'chain_transfers', 'hash = $1 AND status = $2', [keccak256(raw), 'success'])).toBe(1)
  })

  it('refuses a replayed nonce with the node’s reason', async () => {
    const { client, wallet, coin } = await aSender()
    const nonce = await nextNonce(client, wallet.id, coin.BNB.id)
    const to = aKey().address
    await ok(client, '/v1/transaction', {
      wallet_id: wallet.id,
      raw: await signTransfer(wallet.key, { to, value: parseEther('1'), nonce }),
    })
    const replay = await signTransfer(wallet.key, { to, value: parseEther('2'), nonce })
    const answer = await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: replay })
    expect(answer).toMatchObject({ error: 'TX_REJECTED', msg: 'The network rejected the transaction: nonce too low' })
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [keccak256(replay)])).toBe(0)
  })

  it('refuses a transaction signed by another key, or for another chain, and records nothing', async () => {
    const { client, wallet } = await aSender()
    const other = aKey()
    const foreign = await signTransfer(other, { to: aKey().address, value: 1n, nonce: 0 })
    expect(await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: foreign })).toMatchObject({
      error: 'TX_SIGNER_MISMATCH',
      msg: 'The transaction was not signed by this wallet',
    })
    const bsc = await signTransfer(wallet.key, { to: aKey().address, value: 1n, nonce: 0, chainId: 56 })
    expect((await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: bsc })).error).toBe('TX_REJECTED')
    expect((await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: '0x1234' })).error).toBe(
      'FIELD_INVALID',
    )
    expect(await rowCount(app, 'chain_transfers', 'hash = ANY($1)', [[keccak256(foreign), keccak256(bsc)]])).toBe(0)
  })

  it('refuses more than the balance, and a token transfer without BNB for the fee', async () => {
    const { client, wallet, coin } = await aSender()
    const nonce = await nextNonce(client, wallet.id, coin.BNB.id)
    const tooMuch = await signTransfer(wallet.key, { to: aKey().address, value: parseEther('10'), nonce })
    expect(await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: tooMuch })).toMatchObject({
      error: 'INSUFFICIENT_BALANCE',
      msg: 'Insufficient balance',
    })
    const tooManyTokens = await signTransfer(wallet.key, {
      to: coin.KNT.contract as Address,
      data: tokenTransfer(aKey().address, parseUnits('1000.000001', 18)),
      nonce,
      gas: 80_000n,
    })
    expect((await refused(client, '/v1/transaction', { wallet_id: wallet.id, raw: tooManyTokens })).error).toBe(
      'INSUFFICIENT_BALANCE',
    )

    // a second wallet holding USDT but no BNB
    const poor = await createWallet(client)
    await ok(client, '/v1/transaction', {
      wallet_id: wallet.id,
      raw: await signTransfer(wallet.key, {
        to: coin.USDT.contract as Address,
        data: tokenTransfer(poor.key.address, parseUnits('5', 18)),
        nonce,
        gas: 80_000n,
      }),
    })
    const noFee = await signTransfer(poor.key, {
      to: coin.USDT.contract as Address,
      data: tokenTransfer(aKey().address, parseUnits('1', 18)),
      nonce: 0,
      gas: 80_000n,
    })
    expect(await refused(client, '/v1/transaction', { wallet_id: poor.id, raw: noFee })).toMatchObject({
      error: 'INSUFFICIENT_FEE',
      msg: 'Not enough BNB to pay the network fee',
    })
  })
})
