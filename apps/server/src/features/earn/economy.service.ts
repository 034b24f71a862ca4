import type { earn, Params, Result } from '@kinetic/protocol'
import { formatUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainClient } from '../../chain/client.ts'
import { explorerTxUrl } from '../../chain/networks.ts'
import type { Db } from '../../platform/db/client.ts'
import { economyRepo } from './economy.repo.ts'
import { networkTotals, settlementRepo, type RunRow } from './settlement.repo.ts'
import { estimate, fmtKnt, fmtPower, knt, pools, stageOfDay, stageView, utcDay } from './settlement.ts'
import type { EarnSettings } from './settings.ts'

type Economy = Result<typeof earn.economy>

const dayPools = (run: RunRow) => ({
  day: run.day,
  stage: run.stage,
  emission: fmtKnt(run.emission),
  computing_pool: fmtKnt(run.computingPool),
  token_pool: fmtKnt(run.tokenPool),
})

/**
 * The economy in the open (/v1/economy): the stage and both pools, total power and stake,
 * what settlements issued and payouts paid, from the ledger; the treasury's KNT and BNB from
 * the chain. A read: it writes nothing, and a chain that cannot answer leaves the ledger
 * figures standing with `chain.available: false`.
 */
/**
 * How long the page waits for the node: a node that hangs (rather than refusing) would keep
 * the ledger's figures back for the client's whole timeout and retry (about 20 s).
 */
const CHAIN_WAIT_MS = 3_000

export function economyService(deps: {
  db: Db
  settings: EarnSettings
  chain: ChainClient
  treasuryKey: Hex | undefined
  log: { warn(details: object, message: string): void }
}) {
  const { db, settings, chain } = deps
  const repo = economyRepo(db)
  const runs = settlementRepo(db)
  const treasury = deps.treasuryKey ? privateKeyToAccount(deps.treasuryKey).address : null
  const kntToken = chain.tokens.find((t) => t.symbol === 'KNT')?.contract as Address | undefined

  async function onChain(): Promise<Economy['chain']> {
    if (!treasury || !kntToken) return { available: false, treasury }
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the node did not answer within ${CHAIN_WAIT_MS} ms`)), CHAIN_WAIT_MS)
    })
    try {
      const { balances, blockTime } = await Promise.race([chain.snapshot(treasury, [kntToken, null], []), late])
      const [kntBalance = 0n, bnb = 0n] = balances
      return {
        available: true,
        treasury,
        knt: formatUnits(kntBalance, 18),
        bnb: formatUnits(bnb, 18),
        read_at: new Date().toISOString(),
        block_time: new Date(Number(blockTime) * 1000).toISOString(),
      }
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : ''
      deps.log.warn({ reason: reason.split('\n')[0] }, 'economy: the treasury could not be read from the chain')
      return { available: false, treasury }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    async economy(p: Params<typeof earn.economy>): Promise<Economy> {
      const s = await settings.get()
      const today = utcDay()
      const [emitted, todayRun, last, totals, totalStaked, issued, paidOut, page, chainPart] = await Promise.all([
        runs.emittedDays(today),
        runs.run(today),
        runs.lastDone(),
        networkTotals(db, knt(s.node_activate_knt), s.node_boost_pct),
        repo.totalStaked(),
        repo.issued(),
        repo.paidOut(chain.chainId),
        repo.payouts(chain.chainId, p.page, p.limit),
        onChain(),
      ])
      const stage = stageOfDay(today, emitted, s)
      const pool = pools(stage.emission, s.token_share_pct)
      return {
        stage: stageView(stage, s),
        estimate: estimate(pool, totals),
        today: todayRun
          ? { ...dayPools(todayRun), settled: true }
          : {
              day: today,
              stage: stage.number,
              emission: fmtKnt(stage.emission),
              computing_pool: fmtKnt(pool.computing),
              token_pool: fmtKnt(pool.token),
              settled: false,
            },
        last_settlement: last
          ? {
              ...dayPools(last),
              issued: fmtKnt(last.issued),
              unissued: fmtKnt(BigInt(last.emission) - BigInt(last.issued)),
              total_power: fmtPower(last.totalPower),
              total_staked: fmtKnt(last.totalStaked),
            }
          : null,
        total_power: fmtPower(totals.power),
        total_staked: fmtKnt(totalStaked),
        issued: fmtKnt(issued),
        paid_out: { count: paidOut.count, amount: fmtKnt(paidOut.amount) },
        payouts: {
          list: page.rows.map((r) => ({
            id: r.id,
            amount: fmtKnt(r.amount),
            status: r.status as (typeof earn.PAYOUT_STATUSES)[number],
            hash: r.hash ?? '',
            time: r.createdAt.toISOString(),
            explorer_url: r.hash ? explorerTxUrl(chain.explorer, r.hash) : '',
          })),
          total: page.total,
          page: p.page,
          limit: p.limit,
        },
        chain: chainPart,
      }
    },
  }
}
export type EconomyService = ReturnType<typeof economyService>
