import { encodeFunctionData, erc20Abi, keccak256, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rowCount, startTestApp, type TestApp } from '../../../test/harness.ts'
import { createSigner } from '../../chain/signer.ts'
import { asStoredBeforeProofs, createWallet, fund, proofFor } from '../wallet/wallet.testkit.ts'
import { aUser, balanceOf, expectReconciled, give, ok, refused } from './earn.testkit.ts'
import { ledger, SYSTEM } from './ledger.ts'
import { ledgerRepo } from './ledger.repo.ts'
import { payoutRepo } from './payout.repo.ts'
import { payoutWorker } from './payout.worker.ts'

const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const knt = (whole: string) => parseUnits(whole, 18)
let app: TestApp
let req = 0
const requestId = () => `collect-${++req}-${Date.now()}`

beforeAll(async () => {
  app = await startTestApp({ TREASURY_KEY: treasuryKey })
  await fund(app, treasury.address) // 10 BNB and 1000 KNT
})
afterEach(() => expectReconciled(app))
afterAll(() => app?.close())

const token = () => app.chain.tokens.find((t) => t.symbol === 'KNT')!.contract as Address
const onChain = (address: Address) =>
  app.chain.client.readContract({ address: token(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const statusOf = async (id: number) => (await payoutRepo(app.database.db).byId(id))?.status

/** A signed-in user with a current wallet and `whole` KNT in the ledger. */
async function earner(whole: string) {
  const client = await aUser(app)
  const wallet = await createWallet(client)
  await give(app, client.user.id, knt(whole), 'knt')
  return { client, wallet }
}

/** A payout queued as a collect queues it (the KNT moved to system:payouts), to be paid by `from`. */
async function queue(whole: string, from = treasury) {
  const db = app.database.db
  const { client, wallet } = await earner(whole)
  const row = await payoutRepo(db).insert({
    userId: client.user.id,
    requestId: requestId(),
    amount: knt(whole).toString(),
    toAddress: wallet.address,
    chainId: app.chain.chainId,
    treasury: from.address.toLowerCase(),
  })
  await ledger(db).debit(client.user.id, 'knt', knt(whole), SYSTEM.payouts, `payout:${row!.id}`, 'payout')
  return { id: row!.id, wallet: wallet.address as Address, amount: knt(whole) }
}

describe('collecting KNT on-chain', () => {
  it('pays the current wallet from the treasury, confirmed by the chain, in both histories', async () => {
    const { client, wallet } = await earner('50')
    const { payout } = await ok(client, '/v1/collect', { amount: '20.5', request_id: requestId() })
    expect(payout).toMatchObject({ amount: '20.5', address: wallet.address, status: 'queued' })
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('29.5'))

    await expect.poll(() => statusOf(payout.id), { timeout: 20_000 }).toBe('confirmed')
    expect(await onChain(wallet.address as Address)).toBe(knt('20.5'))
    expect(await ledgerRepo(app.database.db).balance(SYSTEM.payouts, 'knt')).toBe(0n)
    const history = await ok(client, '/v1/ledger', { asset: 'knt', direction: 'out' })
    expect(history.list).toEqual([expect.objectContaining({ amount: '-20.5', kind: 'payout' })])
    const row = await payoutRepo(app.database.db).byId(payout.id)
    expect(await rowCount(app, 'chain_transfers', 'hash = $1', [row?.hash])).toBe(1)
    const records = await ok(client, '/v1/wallethistory', { wallet_id: wallet.id })
    expect(records.list.map((t: { hash: string }) => t.hash)).toContain(row?.hash)
  })

  it('queues one payout for 10 concurrent requests with one request id', async () => {
    const { client } = await earner('30')
    const request_id = requestId()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.call('/v1/collect', { amount: '12', request_id })),
    )
    expect(answers.every((a) => a.body.code === true)).toBe(true)
    expect(new Set(answers.map((a) => a.body.data.payout.id)).size).toBe(1)
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('18'))
    expect(await rowCount(app, 'payouts', 'user_id = $1', [client.user.id])).toBe(1)
    await expect.poll(() => statusOf(answers[0]!.body.data.payout.id), { timeout: 20_000 }).toBe('confirmed')
  })

  it('refuses bad amounts, too little, too much and no wallet, and changes nothing', async () => {
    const { client } = await earner('15')
    const cases: [Record<string, string>, string][] = [
      [{ amount: '-1' }, 'FIELD_INVALID'],
      [{ amount: 'abc' }, 'FIELD_INVALID'],
      [{ amount: '0' }, 'AMOUNT_INVALID'],
      [{ amount: '9.99' }, 'COLLECT_TOO_SMALL'],
      [{ amount: '15.000000000000000001' }, 'INSUFFICIENT_BALANCE'],
    ]
    for (const [params, error] of cases) {
      expect((await refused(client, '/v1/collect', { request_id: requestId(), ...params })).error).toBe(error)
    }
    const walletless = await aUser(app)
    await give(app, walletless.user.id, knt('20'), 'knt')
    expect((await refused(walletless, '/v1/collect', { amount: '10', request_id: requestId() })).error).toBe(
      'WALLET_NOT_FOUND',
    )
    expect(await rowCount(app, 'payouts', 'user_id IN ($1, $2)', [client.user.id, walletless.user.id])).toBe(0)
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('15'))
  })

  it('refuses to pay a wallet stored before proofs, in three languages, until its owner proves it', async () => {
    const { client, wallet } = await earner('20')
    await asStoredBeforeProofs(app, wallet.id)
    const answers = await Promise.all(
      ['us-en', 'zh-cn', 'zh-hk'].map(
        async (lang) => (await client.call('/v1/collect', { amount: '10', request_id: requestId() }, { lang })).body,
      ),
    )
    expect(answers.map((a) => [a.code, a.error])).toEqual([
      [false, 'WALLET_UNPROVEN'],
      [false, 'WALLET_UNPROVEN'],
      [false, 'WALLET_UNPROVEN'],
    ])
    expect(answers.map((a) => a.msg)).toEqual([
      expect.stringContaining('Prove this wallet is yours'),
      expect.stringContaining('请先在钱包页证明'),
      expect.stringContaining('請先在錢包頁證明'),
    ])
    expect(await rowCount(app, 'payouts', 'user_id = $1', [client.user.id])).toBe(0)
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('20'))

    await ok(client, '/v1/walletprove', { wallet_id: wallet.id, proof: await proofFor(client, wallet.key, 'prove') })
    const { payout } = await ok(client, '/v1/collect', { amount: '10', request_id: requestId() })
    expect(payout).toMatchObject({ address: wallet.address, status: 'queued' })
    await expect.poll(() => statusOf(payout.id), { timeout: 20_000 }).toBe('confirmed')
  })

  it('never promises more KNT than the treasury holds to concurrent collects', async () => {
    const db = app.database.db
    const owner = treasury.address.toLowerCase()
    const free = (await onChain(treasury.address)) - (await payoutRepo(db).owed(app.chain.chainId, owner))
    // Two of these fit, a third does not: six users ask at once.
    const each = (free * 2n) / 5n
    const amount = (each / 10n ** 18n).toString()
    const earners = await Promise.all(Array.from({ length: 6 }, () => earner(amount)))
    const answers = await Promise.all(
      earners.map(({ client }) => client.call('/v1/collect', { amount, request_id: requestId() })),
    )
    const paid = answers.filter((a) => a.body.code === true)
    expect(paid.length).toBeGreaterThanOrEqual(1)
    expect(paid.length).toBeLessThanOrEqual(2)
    for (const refusal of answers.filter((a) => a.body.code !== true))
      expect(refusal.body.error).toBe('COLLECT_UNAVAILABLE')
    for (const { client } of earners) {
      const mine = await rowCount(app, 'payouts', 'user_id = $1', [client.user.id])
      expect(await balanceOf(app, client.user.id, 'knt')).toBe(mine ? 0n : knt(amount))
    }
    for (const answer of paid) {
      await expect.poll(() => statusOf(answer.body.data.payout.id), { timeout: 20_000 }).toBe('confirmed')
    }
  })

  it('pays a payout signed before a crash and a newer one, sending them in nonce order', async () => {
    const db = app.database.db
    // the first was signed and saved, then the process died before broadcasting it
    const first = await queue('11')
    const nonce = await app.chain.nonce(treasury.address)
    const raw = await treasury.signTransaction({
      chainId: app.chain.chainId,
      nonce,
      to: token(),
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [first.wallet, first.amount] }),
      gas: 100_000n,
      gasPrice: await app.chain.gasPrice(),
      type: 'legacy',
    })
    await payoutRepo(db).markSent(first.id, { nonce, hash: keccak256(raw), raw })
    const second = await queue('12')

    const worker = payoutWorker({
      db,
      chain: app.chain,
      signer: createSigner({ db, chain: app.chain, account: treasury }),
      token: token(),
      pollMs: 100,
      log: console,
    })
    await worker.kick()
    await worker.stop()
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['confirmed', 'confirmed'])
    expect([await onChain(first.wallet), await onChain(second.wallet)]).toEqual([first.amount, second.amount])
  })

  it('holds no database connection in a transaction while it asks the node to sign', async () => {
    // a treasury of its own: the app's payout job (which pays the app's treasury) does not take it
    const own = privateKeyToAccount(generatePrivateKey())
    await fund(app, own.address)
    const payout = await queue('3', own)
    // every node call the signer makes first counts the transactions left open meanwhile
    const open: number[] = []
    const countOpen = async () => {
      const { rows } = await app.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      )
      open.push(rows[0]!.n)
    }
    const chain = {
      ...app.chain,
      nonce: async (address: Address) => (await countOpen(), app.chain.nonce(address)),
      estimateGas: async (call: Parameters<typeof app.chain.estimateGas>[0]) => (
        await countOpen(),
        app.chain.estimateGas(call)
      ),
      gasPrice: async () => (await countOpen(), app.chain.gasPrice()),
    }
    const db = app.database.db
    const worker = payoutWorker({
      db,
      chain,
      signer: createSigner({ db, chain, account: own }),
      token: token(),
      pollMs: 100,
      log: console,
    })
    await worker.kick()
    await worker.stop()
    expect(await statusOf(payout.id)).toBe('confirmed')
    expect(open.length).toBeGreaterThanOrEqual(3)
    expect(open.every((n) => n === 0)).toBe(true)
  })

  it('refunds once a payout the treasury cannot pay', async () => {
    const { client, wallet } = await earner('5000')
    // queued as a request would (the request's own check would have refused it)
    const db = app.database.db
    const row = await payoutRepo(db).insert({
      userId: client.user.id,
      requestId: requestId(),
      amount: knt('5000').toString(),
      toAddress: wallet.address,
      chainId: app.chain.chainId,
      treasury: treasury.address.toLowerCase(),
    })
    await ledger(db).debit(client.user.id, 'knt', knt('5000'), SYSTEM.payouts, `payout:${row!.id}`, 'payout')
    const worker = payoutWorker({
      db,
      chain: app.chain,
      signer: createSigner({ db, chain: app.chain, account: treasury }),
      token: token(),
      pollMs: 100,
      log: console,
    })
    await worker.kick()
    await worker.kick()
    expect(await statusOf(row!.id)).toBe('failed')
    expect(await balanceOf(app, client.user.id, 'knt')).toBe(knt('5000'))
    expect(await rowCount(app, 'ledger_postings', 'idempotency_key = $1', [`payout:${row!.id}:refund`])).toBe(1)
    await worker.stop()
  })
})

describe.each([
  ['the treasury holds nothing', { TREASURY_KEY: generatePrivateKey() }],
  // nothing listens on port 1: every node request fails to connect
  ['the chain cannot be reached', { TREASURY_KEY: treasuryKey, CHAIN_RPC_URL: 'http://127.0.0.1:1' }],
])('collecting when %s', (_case, env) => {
  let other: TestApp
  beforeAll(async () => {
    other = await startTestApp(env)
  })
  afterAll(() => other?.close())

  it("answers 'Temporarily unable to collect' in the request's language and writes nothing", async () => {
    const client = await aUser(other)
    await createWallet(client)
    await give(other, client.user.id, knt('20'), 'knt')
    const answer = await refused(client, '/v1/collect', { amount: '10', request_id: requestId() })
    expect(answer).toMatchObject({ error: 'COLLECT_UNAVAILABLE', msg: 'Temporarily unable to collect' })
    const zh = await refused(client, '/v1/collect', { amount: '10', request_id: requestId() }, 'zh-cn')
    expect(zh.msg).toBe('暂时无法提取')
    expect(await rowCount(other, 'payouts')).toBe(0)
    expect(await balanceOf(other, client.user.id, 'knt')).toBe(knt('20'))
    await expectReconciled(other)
  })
})
