import { createPublicClient, erc20Abi, formatUnits, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testChainConfig } from '../../../test/chain.ts'
import { cuttableProxy } from '../../../test/faults.ts'
import { Client, rowCounts, startTestApp, type TestApp } from '../../../test/harness.ts'
import { createWallet, fund } from '../wallet/wallet.testkit.ts'
import { aHolder, anOperator, knt, requestId } from '../discover/discover.testkit.ts'
import { aUser, expectReconciled, give, ok } from './earn.testkit.ts'
import { SYSTEM } from './ledger.ts'

/**
 * The economy page's figures against an independent recomputation: settlement rows and
 * ledger entries summed with SQL here, the treasury read from the dev chain with viem.
 * The app talks to the chain through a proxy the test cuts.
 */

const EXPLORER = 'https://testnet.bscscan.com'
const treasuryKey = generatePrivateKey()
const treasury = privateKeyToAccount(treasuryKey)
const SETTLED_DAY = '2026-01-05'

let proxy: Awaited<ReturnType<typeof cuttableProxy>>
let app: TestApp
beforeAll(async () => {
  proxy = await cuttableProxy(testChainConfig().rpcUrl)
  app = await startTestApp({ CHAIN_RPC_URL: proxy.url, TREASURY_KEY: treasuryKey, CHAIN_EXPLORER_URL: EXPLORER })
  await fund(app, treasury.address) // 10 BNB and 1000 KNT
})
afterEach(() => expectReconciled(app))
afterAll(async () => {
  await app?.close()
  await proxy?.close()
})

const sql = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await app.database.pool.query<T>(text, values)).rows
const whole = (baseUnits: bigint | string, decimals = 18) => formatUnits(BigInt(baseUnits), decimals)

/** The dev chain read directly, not through the app's proxy. */
const chain = createPublicClient({ transport: http(testChainConfig().rpcUrl) })
const kntToken = () => app.chain.tokens.find((t) => t.symbol === 'KNT')!.contract as Address

/** What the economy page must say, recomputed from the tables and the settings' defaults. */
async function recomputed() {
  const today = new Date().toISOString().slice(0, 10)
  const [emitted] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM settlement_runs WHERE issued > 0 AND day < $1::date`,
    [today],
  )
  // defaults: 90 settled days a stage, 10000 / 5000 / 2500 / 1250 KNT a day, 20 % to pledges
  const schedule = ['10000', '5000', '2500', '1250']
  const stageIndex = Math.floor((emitted?.n ?? 0) / 90)
  const emission = parseUnits(schedule[Math.min(stageIndex, 3)]!, 18)
  const tokenPool = (emission * 20n) / 100n

  const [last] = await sql<Record<string, string>>(
    `SELECT day::text, stage, emission::text, computing_pool::text, token_pool::text, issued::text,
            total_power::text, total_staked::text
     FROM settlement_runs WHERE status = 'done' ORDER BY day DESC LIMIT 1`,
  )
  // issued: what the done runs say they issued (the page sums the ledger's settlement postings)
  const [issued] = await sql<{ total: string }>(
    `SELECT coalesce(sum(issued), 0)::text AS total FROM settlement_runs WHERE status = 'done'`,
  )
  // power: every user's power balance, +20 % while their pledge is at least 100 KNT
  const holders = await sql<{ balance: string; staked: string }>(
    `SELECT a.balance::text, coalesce(p.staked, 0)::text AS staked
     FROM ledger_accounts a LEFT JOIN pledges p ON p.user_id = a.user_id
     WHERE a.asset = 'power' AND a.user_id IS NOT NULL`,
  )
  const totalPower = holders.reduce((sum, h) => {
    const boosted = BigInt(h.staked) >= knt('100') && BigInt(h.staked) > 0n
    return sum + (boosted ? (BigInt(h.balance) * 120n) / 100n : BigInt(h.balance))
  }, 0n)
  // pledged in active nodes (at least 100 KNT): what the staking pool is split by
  const [activeStake] = await sql<{ total: string }>(
    `SELECT coalesce(sum(staked), 0)::text AS total FROM pledges WHERE staked > 0 AND staked >= $1::numeric`,
    [knt('100').toString()],
  )
  const per = (pool: bigint, total: bigint, decimals: number) =>
    total > 0n ? whole((pool * 10n ** BigInt(decimals)) / total) : null
  // staked: what `system:pledges` holds, less unpledged KNT still cooling down
  const [pledged] = await sql<{ total: string }>(
    `SELECT ((SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE owner = $1 AND asset = 'knt') -
             (SELECT coalesce(sum(amount), 0) FROM discover_records WHERE kind = 'unstake' AND released_at IS NULL))::text AS total`,
    [SYSTEM.pledges],
  )
  // paid out: the ledger's `payout:<id>:paid` postings back into the treasury
  const [paid] = await sql<{ n: number; total: string }>(
    `SELECT count(DISTINCT p.id)::int AS n, coalesce(sum(e.amount), 0)::text AS total
     FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE p.idempotency_key LIKE 'payout:%:paid' AND a.owner = $1`,
    [SYSTEM.treasury],
  )
  const payouts = await sql<{ id: number; amount: string; status: string; hash: string }>(
    `SELECT id::int, amount::text, status, hash FROM payouts WHERE hash IS NOT NULL ORDER BY id DESC`,
  )
  return {
    stage: {
      number: stageIndex + 1,
      day: ((emitted?.n ?? 0) % 90) + 1,
      days: 90,
      settlement_day: today,
      emission: whole(emission),
      next_emission: stageIndex + 1 < 4 ? schedule[stageIndex + 1] : null,
      token_share_pct: 20,
      token_min: '100',
    },
    estimate: {
      per_power: per(emission - tokenPool, totalPower, 4),
      per_staked: per(tokenPool, BigInt(activeStake!.total), 18),
    },
    today: {
      day: today,
      stage: stageIndex + 1,
      emission: whole(emission),
      computing_pool: whole(emission - tokenPool),
      token_pool: whole(tokenPool),
      settled: false,
    },
    last_settlement: last
      ? {
          day: last.day,
          stage: Number(last.stage),
          emission: whole(last.emission!),
          computing_pool: whole(last.computing_pool!),
          token_pool: whole(last.token_pool!),
          issued: whole(last.issued!),
          unissued: whole(BigInt(last.emission!) - BigInt(last.issued!)),
          total_power: whole(last.total_power!, 4),
          total_staked: whole(last.total_staked!),
        }
      : null,
    total_power: whole(totalPower, 4),
    total_staked: whole(pledged!.total),
    issued: whole(issued!.total),
    paid_out: { count: paid!.n, amount: whole(paid!.total) },
    payouts: payouts.map((p) => ({
      id: p.id,
      amount: whole(p.amount),
      status: p.status,
      hash: p.hash,
      explorer_url: `${EXPLORER}/tx/${p.hash}`,
    })),
  }
}

/** The page's answer without the chain part and the times (compared on their own). */
function ledgerFigures(answer: Record<string, any>) {
  const { chain: _chain, payouts, ...figures } = answer
  return {
    ...figures,
    payouts: payouts.list.map(({ time: _time, ...p }: Record<string, unknown>) => p),
  }
}

describe('the economy in the open (/v1/economy)', () => {
  const anonymous = () => new Client(app.server)

  it('answers anyone, signed in or not, before anything was settled or paid', async () => {
    const answer = await ok(anonymous(), '/v1/economy')
    expect(answer).toMatchObject({
      last_settlement: null,
      issued: '0',
      paid_out: { count: 0, amount: '0' },
      payouts: { list: [], total: 0, page: 1, limit: 20 },
      chain: { available: true, treasury: treasury.address },
    })
    expect(ledgerFigures(answer)).toEqual(await recomputed())
  })

  it('equals a recomputation from the ledger and the chain after a settlement and a payout', async () => {
    const ops = await anOperator(app)
    await aHolder(app, await aUser(app), { power: '10', staked: '100' })
    await aHolder(app, await aUser(app), { power: '30.5' })
    await aHolder(app, await aUser(app), { staked: '300' })
    await ops.settle(SETTLED_DAY)

    const earner = await aUser(app)
    const wallet = await createWallet(earner)
    await give(app, earner.user.id, knt('40'), 'knt')
    const { payout } = await ok(earner, '/v1/collect', { amount: '12.5', request_id: requestId('collect') })
    await expect
      .poll(
        async () => (await sql<{ status: string }>('SELECT status FROM payouts WHERE id = $1', [payout.id]))[0]?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('confirmed')

    const before = Date.now()
    const answer = await ok(anonymous(), '/v1/economy')
    const expected = await recomputed()
    expect(ledgerFigures(answer)).toEqual(expected)
    // the worked numbers, so that a recomputation agreeing with a wrong page cannot pass
    expect(answer.last_settlement).toMatchObject({
      day: SETTLED_DAY,
      emission: '10000',
      computing_pool: '8000',
      token_pool: '2000',
      total_power: '42.5',
      total_staked: '400',
    })
    expect(answer.paid_out).toEqual({ count: 1, amount: '12.5' })
    expect(answer.payouts.list).toEqual([
      expect.objectContaining({
        amount: '12.5',
        status: 'confirmed',
        explorer_url: expect.stringMatching(/^https:\/\/testnet\.bscscan\.com\/tx\/0x[0-9a-f]{64}$/),
      }),
    ])
    const [received] = await chain.getLogs({
      address: kntToken(),
      event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
      args: { from: treasury.address, to: wallet.address as Address },
      fromBlock: 0n,
    })
    expect(answer.payouts.list[0].hash).toBe(received?.transactionHash)

    const [kntOnChain, bnbOnChain] = await Promise.all([
      chain.readContract({ address: kntToken(), abi: erc20Abi, functionName: 'balanceOf', args: [treasury.address] }),
      chain.getBalance({ address: treasury.address }),
    ])
    expect(answer.chain).toMatchObject({
      available: true,
      treasury: treasury.address,
      knt: whole(kntOnChain),
      bnb: whole(bnbOnChain),
    })
    expect(answer.chain.knt).toBe('987.5')
    expect(Date.parse(answer.chain.read_at)).toBeGreaterThanOrEqual(before)
  })

  it('pages the payouts made, newest first', async () => {
    const first = await ok(anonymous(), '/v1/economy', { page: 1, limit: 1 })
    expect(first.payouts).toMatchObject({ total: 1, page: 1, limit: 1 })
    expect(first.payouts.list).toHaveLength(1)
    const second = await ok(anonymous(), '/v1/economy', { page: 2, limit: 1 })
    expect(second.payouts.list).toEqual([])
  })

  it('writes nothing: every table is the same after 20 reads', async () => {
    const tables = (
      await sql<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
    ).map((t) => t.name)
    const before = await rowCounts(app, tables)
    const digest = () =>
      sql<{ d: string }>(`SELECT md5(string_agg(l::text, ',' ORDER BY id)) AS d FROM ledger_accounts l`)
    const ledgerBefore = await digest()
    for (let i = 0; i < 20; i++) await ok(anonymous(), '/v1/economy')
    expect(await rowCounts(app, tables)).toEqual(before)
    expect(await digest()).toEqual(ledgerBefore)
  })

  it('still carries the ledger figures when the node is down, and says the chain part is unavailable', async () => {
    proxy.cut()
    try {
      const answer = await ok(anonymous(), '/v1/economy')
      expect(answer.chain).toEqual({ available: false, treasury: treasury.address })
      expect(ledgerFigures(answer)).toEqual(await recomputed())
      expect(answer.last_settlement.day).toBe(SETTLED_DAY)
      expect(answer.payouts.total).toBe(1)
    } finally {
      proxy.restore()
    }
    expect((await ok(anonymous(), '/v1/economy')).chain.available).toBe(true)
  })

  it('answers with the ledger figures while the node hangs, the chain part unavailable', async () => {
    proxy.hold()
    try {
      // the node answers nothing until released: the page must not wait for it
      const answer = await ok(anonymous(), '/v1/economy')
      expect(proxy.held).toBeGreaterThan(0)
      expect(answer.chain).toEqual({ available: false, treasury: treasury.address })
      expect(ledgerFigures(answer)).toEqual(await recomputed())
    } finally {
      proxy.release()
    }
  })
})
