import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createIndexer } from '../../chain/indexer.ts'
import { Client, rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { startPushReceiver, type PushDevice } from '../../../test/push-receiver.ts'
import { PASSWORD, securityKit, totpCode } from '../account/security.testkit.ts'
import { adminCall, operatorClient } from '../admin/admin.testkit.ts'
import { aHolder } from '../discover/discover.testkit.ts'
import { aUser, give, ok } from '../earn/earn.testkit.ts'
import { trackedAddresses, transfersReceived } from '../wallet/index.ts'
import { appPush } from './content.testkit.ts'
import type { swap } from '@kinetic/protocol'
import { parseEther, type Address, type Hex } from 'viem'
import { aKey, createWallet, fund, signTransfer } from '../wallet/wallet.testkit.ts'

/**
 * Every producer of a system message (orders, tickets, security events, account
 * deletion, settlement, transfers received): the event happens through the API (or the chain),
 * and the user's Messages show it, unread, in the language they read in; the kinds that have a
 * push reach their subscribed device, titled in the account's language.
 */
let app: TestApp
let ops: Client
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
beforeAll(async () => {
  app = await startTestApp({ PUSH_ALLOW_LOCAL: '1' })
  ops = (await operatorClient(app)).client
  receiver = await startPushReceiver()
})
afterAll(async () => {
  await receiver.close()
  await app.close()
})

const { freshEmail, signedIn, login, emailCode, bindGoogle } = securityKit(() => app, 'producers')

/** The newest message of the signed-in user, as their list shows it in `lang`. */
async function newest(client: Client, lang = 'us-en') {
  const { body } = await client.call('/v1/msg', {}, { lang })
  expect(body.code).toBe(true)
  return body.data.list[0] as { id: number; title: string; summary: string; read: boolean; kind: string }
}

let devices = 0
async function subscribed(client: Client, lang = 'us-en'): Promise<PushDevice> {
  const device = receiver.device(`producer-${++devices}`)
  const { body } = await client.call('/v1/pushsubscribe', { endpoint: device.endpoint, keys: device.keys }, { lang })
  expect(body.code).toBe(true)
  return device
}
const arrived = (device: PushDevice, n = 1) =>
  vi.waitFor(() => expect(device.received).toHaveLength(n), { timeout: 15_000, interval: 100 })

describe('orders', () => {
  it('placing one posts "Order placed"; shipping it posts and pushes "Your order has shipped"', async () => {
    const texts = (t: string) => ({ 'us-en': t, 'zh-cn': `${t}（简）`, 'zh-hk': `${t}（繁）` })
    const good = await adminCall(ops, '/admin/goodadd', {
      kind: 'physical',
      name: texts('Trail band'),
      description: texts('A strap'),
      price: 100,
      stock: 5,
    })
    expect(good.body.code).toBe(true)
    const buyer = await aUser(app)
    await give(app, buyer.user.id, 500n)
    const { order } = await ok(buyer, '/v1/poststore', {
      id: good.body.data.id,
      request_id: randomUUID(),
      name: 'Li Lei',
      phone: '13800000000',
      address: '1 Long Road',
    })
    expect(await newest(buyer)).toMatchObject({ kind: 'system', title: 'Order placed', read: false })
    expect((await newest(buyer)).summary).toContain(`Your order ${order.id} (Trail band) is placed; 100 points`)

    const device = await subscribed(buyer, 'zh-hk')
    const shipped = await adminCall(ops, '/admin/orderadvance', { id: order.id, status: 'shipped' })
    expect(shipped.body.code).toBe(true)
    expect(await newest(buyer, 'zh-hk')).toMatchObject({ title: '您的訂單已發貨' })
    await arrived(device)
    expect(device.received[0]?.payload).toMatchObject({ kind: 'shipped', title: '您的訂單已發貨' })
  })
})

describe('tickets', () => {
  it("an operator's answer posts a message and pushes it", async () => {
    const user = await aUser(app)
    const device = await subscribed(user)
    const opened = await user.call('/v1/wrokadd', { cat_id: 2, title: 'Watch', content: 'No steps.' })
    const id = opened.body.data.id as number
    expect((await adminCall(ops, '/admin/ticketreply', { id, content: 'Re-pair it.' })).body.code).toBe(true)
    expect(await newest(user)).toMatchObject({ title: 'Your work order was replied' })
    await arrived(device)
    expect(device.received[0]?.payload).toMatchObject({ kind: 'ticket', title: 'Your work order was replied' })
  })
})

describe('security events', () => {
  it('a password change posts "Your password was changed"', async () => {
    const { user, client } = await signedIn('pw')
    const code = await emailCode(client, user.email, 'password')
    expect((await client.call('/v1/password', { password: 'newpass9', repassword: 'newpass9', code })).body.code).toBe(
      true,
    )
    expect(await newest(client, 'zh-cn')).toMatchObject({ title: '你的密码已修改', read: false })
  })

  it("a security message tells the time on the account's clock and names its zone", async () => {
    const { user, client } = await signedIn('pwzone')
    expect((await client.call('/v1/infoedit', { time_zone: 'America/New_York' })).body.code).toBe(true)
    const code = await emailCode(client, user.email, 'password')
    const before = Date.now()
    expect((await client.call('/v1/password', { password: 'newpass9', repassword: 'newpass9', code })).body.code).toBe(
      true,
    )
    const after = Date.now()
    const newYork = (at: number) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(at)
    const { summary } = await newest(client)
    const written = [newYork(before), newYork(after)].map((time) => `changed on ${time} (America/New_York)`)
    expect(
      written.some((text) => summary.includes(text)),
      summary,
    ).toBe(true)
  })

  it('an e-mail change posts "Your e-mail address was changed" naming the new address', async () => {
    const { client } = await signedIn('mail')
    const next = freshEmail('next')
    const code = await emailCode(client, next, 'bind')
    expect((await client.call('/v1/email', { account: next, code })).body.code).toBe(true)
    const message = await newest(client)
    expect(message).toMatchObject({ title: 'Your e-mail address was changed' })
    expect(message.summary).toContain(next)
  })

  it('binding and unbinding Google Authenticator post a message each', async () => {
    const { client } = await signedIn('totp')
    const { secret } = await bindGoogle(client)
    expect(await newest(client, 'zh-hk')).toMatchObject({ title: '已綁定 Google 驗證器' })
    const unbound = await client.call('/v1/googleauth', { action: 'unbind', google_code: totpCode(secret) })
    expect(unbound.body).toMatchObject({ code: true, data: { bound: false } })
    expect(await newest(client)).toMatchObject({ title: 'Google Authenticator unbound' })
  })

  it('a sign-in posts "New sign-in to your account" with the address it came from', async () => {
    const { user } = await signedIn('login')
    const { client, body } = await login(user.email, PASSWORD)
    expect(body.code).toBe(true)
    const message = await newest(client)
    expect(message).toMatchObject({ title: 'New sign-in to your account' })
    expect(message.summary).toContain('from the address 127.0.0.1')
  })

  it('deleting the account posts "Account deletion requested" before the account goes', async () => {
    const { user, client } = await signedIn('bye')
    const code = await emailCode(client, user.email, 'logoff')
    expect((await client.call('/v1/logoff', { code })).body.code).toBe(true)
    expect(
      await rowCount(app, 'messages', "user_id = $1 AND title->>'us-en' = 'Account deletion requested'", [user.id]),
    ).toBe(1)
  })
})

describe('settlement', () => {
  it('crediting a day posts "Daily settlement credited" with the amount and pushes it', async () => {
    const holder = await aHolder(app, await aUser(app), { power: '10' })
    const device = await subscribed(holder)
    const settled = await adminCall(ops, '/admin/settle', { day: '2024-03-05' })
    expect(settled.body).toMatchObject({ code: true, data: { run: { status: 'done' } } })
    const message = await newest(holder)
    expect(message).toMatchObject({ title: 'Daily settlement credited' })
    // the only holder: the whole computing pool (80% of the stage's 10,000 KNT)
    expect(message.summary).toContain('The settlement of 2024-03-05 credited 8000 KNT')
    await arrived(device)
    expect(device.received[0]?.payload).toMatchObject({ kind: 'settlement', title: 'Daily settlement credited' })
  })
})

describe('transfers received', () => {
  it('a confirmed transfer into a user wallet posts "Transfer received" and pushes it', async () => {
    const user = await aUser(app)
    const wallet = await createWallet(user, aKey())
    const device = await subscribed(user, 'zh-cn')
    await fund(app, wallet.key.address)
    const { chain, databaseUrl } = app.config
    if (!chain.rpcUrl || !databaseUrl) throw new Error('the test app has no chain or database URL')
    const indexer = createIndexer({
      db: app.database.db,
      databaseUrl,
      chain: { ...chain, rpcUrl: chain.rpcUrl },
      tracked: () => trackedAddresses(app.database.db),
      onConfirmed: transfersReceived({ tokens: chain.tokens, push: appPush(app) }),
    })
    try {
      expect(await indexer.indexOnce()).toMatchObject({ ran: true })
    } finally {
      await indexer.stop()
    }
    const { body } = await user.call('/v1/msg', { limit: 100 }, { lang: 'zh-cn' })
    const received = body.data.list.filter((m: { title: string }) => m.title === '收到转账')
    // the faucet's 10 BNB and its listed tokens
    expect(received.length).toBeGreaterThanOrEqual(1)
    expect(received.map((m: { summary: string }) => m.summary)).toContainEqual(expect.stringMatching(/^10 BNB 已从 0x/))
    await arrived(device, received.length)
    expect(device.received.map((r) => r.payload)).toContainEqual(
      expect.objectContaining({ kind: 'transfer', title: '收到转账', body: expect.stringMatching(/^10 BNB/) }),
    )
  })
})

describe("transfers received, not what one's own transaction brings back", () => {
  it('a swap\'s output is no "Transfer received"; BNB from another address is, its amount grouped and trimmed', async () => {
    const user = await aUser(app)
    const wallet = await createWallet(user, aKey())
    await fund(app, wallet.key.address)
    const { chain, databaseUrl } = app.config
    if (!chain.rpcUrl || !databaseUrl) throw new Error('the test app has no chain or database URL')
    const indexer = createIndexer({
      db: app.database.db,
      databaseUrl,
      chain: { ...chain, rpcUrl: chain.rpcUrl },
      tracked: () => trackedAddresses(app.database.db),
      onConfirmed: transfersReceived({ tokens: chain.tokens }),
    })
    const receivedSummaries = async () => {
      const { body } = await user.call('/v1/msg', { limit: 100 }, { lang: 'us-en' })
      return (body.data.list as { title: string; summary: string }[])
        .filter((m) => m.title === 'Transfer received')
        .map((m) => m.summary)
    }
    let funded: string[] = []
    try {
      expect(await indexer.indexOnce()).toMatchObject({ ran: true })
      funded = await receivedSummaries()
      // the faucet's 1000 USDT, grouped
      expect(funded).toContainEqual(expect.stringMatching(/^1,000 USDT arrived in your wallet /))

      // swap 1 BNB for USDT: the pair pays the wallet, inside the wallet's own transaction
      const { assets } = await user.call('/v1/walletbalance', { wallet_id: wallet.id }).then((r) => r.body.data)
      const coin = (symbol: string) => (assets as { id: number; symbol: string }[]).find((a) => a.symbol === symbol)
      const quote = (
        await user.call('/v1/swap_quote', {
          wallet_id: wallet.id,
          from_coin_id: coin('BNB')?.id,
          to_coin_id: coin('USDT')?.id,
          amount: '1',
          slippage: '1',
        })
      ).body.data as swap.SwapQuote
      const raw = await signTransfer(wallet.key, {
        to: quote.swap.to as Address,
        data: quote.swap.data as Hex,
        value: BigInt(quote.swap.value),
        gas: BigInt(quote.swap.gas_limit),
        nonce: await app.chain.nonce(wallet.key.address),
      })
      const swapped = await user.call('/v1/transaction', { wallet_id: wallet.id, raw })
      expect(swapped.body.code).toBe(true)
      await app.chain.client.waitForTransactionReceipt({ hash: swapped.body.data.hash })

      // someone else sends 0.123456789123456789 BNB
      const friend = aKey()
      await fund(app, friend.address)
      const sent = await app.chain.client.sendRawTransaction({
        serializedTransaction: await signTransfer(friend, {
          to: wallet.key.address,
          value: parseEther('0.123456789123456789'),
          nonce: await app.chain.nonce(friend.address),
        }),
      })
      await app.chain.client.waitForTransactionReceipt({ hash: sent })
      expect(await indexer.indexOnce()).toMatchObject({ ran: true })
    } finally {
      await indexer.stop()
    }
    const after = await receivedSummaries()
    // one new message: the friend's BNB, at most 8 decimals; nothing for the swap's USDT
    expect(after).toHaveLength(funded.length + 1)
    expect(after[0]).toMatch(/^0\.12345679 BNB arrived in your wallet /)
    expect(after.filter((s) => s.includes('USDT'))).toEqual(funded.filter((s) => s.includes('USDT')))
  })
})
